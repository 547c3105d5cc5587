import { ALARM_CENTER_PATH, CONTRACT_LIST_PATH, DEVICE_LIST_PATH } from '@pest/shared';

/**
 * Every console path, named after its route's title key. The route table (routes.tsx) is built
 * from these, and every link, redirect and navigation in src uses them, so a path is typed once.
 * Kept apart from routes.tsx so a screen can link to another without importing the table and,
 * through it, every screen's lazy import.
 */
export const routePaths = {
  login: '/login',
  notFound: '/404',
  noPermission: '/401',
  home: '/',
  serviceRecord: '/serviceRecord',
  pointCheck: '/pointCheck',
  /** Also where the 401 page goes back to when there is no page to go back to. */
  dashboard: '/dashboard',
  customer: '/customer',
  customerList: '/customer/list',
  serviceArrangement: '/serviceArrangement',
  visitSchedule: '/serviceArrangement/calendar',
  serviceConfig: '/serviceConfig',
  servicePlans: '/serviceConfig/plans',
  contract: '/contract',
  contractList: CONTRACT_LIST_PATH,
  material: '/material',
  materialList: '/material/list',
  content: '/content',
  contentList: '/content/list',
  contentEdit: '/content/edit',
  contentDetail: '/content/detail',
  dataSheet: '/dataSheet',
  equipmentPositive: '/dataSheet/equipment',
  insectPestSummary: '/dataSheet/insectPestSummary',
  riskSummary: '/dataSheet/riskSummary',
  auditPack: '/dataSheet/auditPack',
  statisticalChart: '/statisticalChart',
  trendChart1: '/statisticalChart/trendChart1',
  riskTrend: '/statisticalChart/riskTrend',
  trendChart2: '/statisticalChart/trendChart2',
  singleTrend: '/statisticalChart/singleTrend',
  combineTrend: '/statisticalChart/combineTrend',
  equipment: '/equipment',
  mouseBox: DEVICE_LIST_PATH,
  equipmentDetail: '/equipment/equipmentDetail',
  bindInfo: '/equipment/bindInfo',
  deviceModels: '/equipment/models',
  integrations: '/equipment/integrations',
  unclaimedDevices: '/equipment/unclaimed',
  alarmCenter: ALARM_CENTER_PATH,
  notify: '/notify',
  notifySettings: '/notify/settings',
  notifyLog: '/notify/log',
  display: '/display',
  displayLinks: '/display/links',
  providerSettings: '/provider',
  providerDocuments: '/provider/documents',
  system: '/system',
  auditLog: '/system/auditLog',
  systemUsers: '/system/users',
  systemRoles: '/system/roles',
  filterPreview: '/filterPreview',
} as const;

export type RoutePath = (typeof routePaths)[keyof typeof routePaths];

/** A page about one record (point check, device detail, bind info) takes it as `?id=`. */
export const pathWithId = (path: RoutePath, id: number) => `${path}?id=${id}`;
