import type { Resources } from '../zh/index.ts';

const serviceRecord: Resources['serviceRecord'] = {
  listTitle: 'Service reports',
  staffName: 'Service staff',
  staffNamePlaceholder: 'Staff name',
  jobOrderName: 'Job order',
  jobOrderNamePlaceholder: 'Job order name',
  serviceStart: 'Service start',
  serviceEnd: 'Service end',
  rangeStart: 'From',
  rangeEnd: 'To',
  code: 'Code',
  store: 'Store',
  serviceType: 'Service type',
  serviceContent: 'Service content',
  actualStart: 'Actual start',
  actualEnd: 'Actual end',
  actions: 'Actions',
  preview: 'Preview',
  download: 'Download',
  pointCheck: 'Point check',
  batchDownload: 'Batch download',
  selected: '{{count}} selected',
  packing: 'Packing {{done}} of {{total}}',
  cancelBatch: 'Cancel',
  batchCancelled: 'Batch download cancelled',
  batchFailedTitle: '{{count}} report(s) could not be downloaded',
  batchFailedHint: 'The zip leaves out:',
  type: {
    0: 'Routine',
    1: 'Emergency',
    2: 'Effective follow-up',
    3: 'Follow-up',
    4: 'Free',
  },
};

export default serviceRecord;
