import type { Resources } from '../zh/index.ts';

const route: Resources['route'] = {
  login: 'Log in',
  notFound: 'Page not found',
  noPermission: 'No permission',
  serviceRecord: 'Service reports',
  pointCheck: 'Point check',
  dashboard: 'Pest dashboard',
  dataSheet: 'Data reports',
  equipmentPositive: 'Device positive summary',
  insectPestSummary: 'Pest summary',
  riskSummary: 'Risk summary',
  statisticalChart: 'Statistics',
  trendChart1: 'Pest trend',
  riskTrend: 'Risk trend',
  trendChart2: 'Store comparison',
  singleTrend: 'Single point trend',
  combineTrend: 'Group trend',
  equipment: 'Devices',
  mouseBox: 'Smart devices',
  equipmentDetail: 'Device detail',
  filterPreview: 'Filter preview',
  bindInfo: 'Binding info',
  alarmCenter: 'Alarm center',
  notify: 'Notifications',
  notifySettings: 'Notification settings',
  notifyLog: 'Notification log',
  providerSettings: 'Provider',
  providerDocuments: 'Licences',
};

export default route;
