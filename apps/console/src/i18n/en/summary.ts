import type { Resources } from '../zh/index.ts';

const summary: Resources['summary'] = {
  notQueried: 'Choose an organisation/store and other filters, then click Search',
  status: 'Status',
  riskStatus: {
    1: 'Risk still exists',
    2: 'Cannot be handled for now',
    8: 'Rectified',
  },
  customerCode: 'Store code',
  customerName: 'Store name',
  customerAddress: 'Store address',
  serviceStaff: 'Service staff',
  realityStartTime: 'Service start',
  realityEndTime: 'Service end',
  regionName: 'Region',
  pointName: 'Point',
  riskType: 'Risk type',
  issueDesc: 'Issue',
  pestName: 'Target pest',
  advice: 'Advice',
  followUpMeasure: 'Follow-up measure',
  location: 'Location',
  followUpType: 'Follow-up by',
  grade: 'Risk grade',
  ageDays: 'Age',
  ageingOpen: 'Open {{days}} d',
  ageingRectified: 'Rectified in {{days}} d',
  overdue: 'Overdue',
  notOverdue: 'Not overdue',
  picturesList: 'Before rectification',
  rectifyPicturesList: 'After rectification',
};

export default summary;
