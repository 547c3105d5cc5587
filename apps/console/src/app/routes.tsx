import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Permission } from '@pest/shared';
import { normalisePath, type RouteNode } from './routeQueries.ts';
import { routePaths as paths } from '../navigation/routePaths.ts';

/**
 * THE route table (console-spec section 2). It drives the router, the sidebar menu, the
 * breadcrumb, the tags view, the page title and the guard; app/routeQueries.ts reads it.
 */
export interface AppRoute extends RouteNode {
  /** Lazy, so each screen is its own chunk and the login page loads none of the others. */
  screen?: LazyScreen;
  children?: readonly AppRoute[];
}

/** A lazy screen that can also be loaded ahead, before anyone opens it (app/layout/usePreloadScreens.ts). */
export type LazyScreen = LazyExoticComponent<ComponentType> & { preload(): Promise<unknown> };

/**
 * React.lazy over a load that runs once, whether the screen is first rendered or preloaded. Loaded
 * ahead, its first render does not suspend (the module is in), so the router's transition shows
 * it at once instead of a fallback that React then keeps for at least 300 ms.
 */
function lazyScreen<T extends ComponentType>(load: () => Promise<{ default: T }>): LazyScreen {
  let loading: Promise<{ default: T }> | undefined;
  // A failed load (the network was away) is forgotten, so opening the screen later tries again.
  const loadOnce = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return Object.assign(lazy(loadOnce), { preload: loadOnce });
}

const LoginPage = lazyScreen(() => import('../features/login/LoginPage.tsx').then((m) => ({ default: m.LoginPage })));
const NotFoundPage = lazyScreen(() => import('../features/errorPages/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })));
const NoPermissionPage = lazyScreen(() =>
  import('../features/errorPages/NoPermissionPage.tsx').then((m) => ({ default: m.NoPermissionPage })),
);
const ServiceRecordPage = lazyScreen(() =>
  import('../features/serviceRecord/ServiceRecordPage.tsx').then((m) => ({ default: m.ServiceRecordPage })),
);
const PointCheckPage = lazyScreen(() => import('../features/pointCheck/PointCheckPage.tsx').then((m) => ({ default: m.PointCheckPage })));
const DeviceTypeSummaryPage = lazyScreen(() =>
  import('../features/deviceTypeSummary/DeviceTypeSummaryPage.tsx').then((m) => ({ default: m.DeviceTypeSummaryPage })),
);
const PestSummaryPage = lazyScreen(() => import('../features/pestSummary/PestSummaryPage.tsx').then((m) => ({ default: m.PestSummaryPage })));
const RiskSummaryPage = lazyScreen(() => import('../features/riskSummary/RiskSummaryPage.tsx').then((m) => ({ default: m.RiskSummaryPage })));
const AuditPackPage = lazyScreen(() => import('../features/auditPack/AuditPackPage.tsx').then((m) => ({ default: m.AuditPackPage })));
const DeviceListPage = lazyScreen(() => import('../features/deviceList/DeviceListPage.tsx').then((m) => ({ default: m.DeviceListPage })));
const DeviceDetailPage = lazyScreen(() =>
  import('../features/deviceDetail/DeviceDetailPage.tsx').then((m) => ({ default: m.DeviceDetailPage })),
);
const DeviceModelsPage = lazyScreen(() =>
  import('../features/deviceModels/DeviceModelsPage.tsx').then((m) => ({ default: m.DeviceModelsPage })),
);
const VisitSchedulePage = lazyScreen(() =>
  import('../features/visitSchedule/VisitSchedulePage.tsx').then((m) => ({ default: m.VisitSchedulePage })),
);
const MaterialListPage = lazyScreen(() =>
  import('../features/materials/MaterialListPage.tsx').then((m) => ({ default: m.MaterialListPage })),
);
const ContractListPage = lazyScreen(() => import('../features/contracts/ContractListPage.tsx').then((m) => ({ default: m.ContractListPage })));
const ContentListPage = lazyScreen(() => import('../features/content/ContentListPage.tsx').then((m) => ({ default: m.ContentListPage })));
const ContentEditPage = lazyScreen(() => import('../features/content/ContentEditPage.tsx').then((m) => ({ default: m.ContentEditPage })));
const ContentDetailPage = lazyScreen(() => import('../features/content/ContentDetailPage.tsx').then((m) => ({ default: m.ContentDetailPage })));
const IntegrationsPage = lazyScreen(() =>
  import('../features/integrations/IntegrationsPage.tsx').then((m) => ({ default: m.IntegrationsPage })),
);
const UnclaimedDevicesPage = lazyScreen(() =>
  import('../features/unclaimedDevices/UnclaimedDevicesPage.tsx').then((m) => ({ default: m.UnclaimedDevicesPage })),
);
const AlarmCenterPage = lazyScreen(() =>
  import('../features/alarmCenter/AlarmCenterPage.tsx').then((m) => ({ default: m.AlarmCenterPage })),
);
const BindInfoPage = lazyScreen(() => import('../features/bindInfo/BindInfoPage.tsx').then((m) => ({ default: m.BindInfoPage })));
const PestTrendPage = lazyScreen(() => import('../features/pestTrend/PestTrendPage.tsx').then((m) => ({ default: m.PestTrendPage })));
const YearlyPestPage = lazyScreen(() => import('../features/yearlyPest/YearlyPestPage.tsx').then((m) => ({ default: m.YearlyPestPage })));
const PositiveRatePage = lazyScreen(() =>
  import('../features/positiveRate/PositiveRatePage.tsx').then((m) => ({ default: m.PositiveRatePage })),
);
const StorePestTrendPage = lazyScreen(() =>
  import('../features/storePestTrend/StorePestTrendPage.tsx').then((m) => ({ default: m.StorePestTrendPage })),
);
const RiskTrendPage = lazyScreen(() => import('../features/riskTrend/RiskTrendPage.tsx').then((m) => ({ default: m.RiskTrendPage })));
const PointTrendPage = lazyScreen(() => import('../features/pointTrend/PointTrendPage.tsx').then((m) => ({ default: m.PointTrendPage })));

const NotifySettingsPage = lazyScreen(() =>
  import('../features/notifySettings/NotifySettingsPage.tsx').then((m) => ({ default: m.NotifySettingsPage })),
);
const DisplayLinksPage = lazyScreen(() =>
  import('../features/displayLinks/DisplayLinksPage.tsx').then((m) => ({ default: m.DisplayLinksPage })),
);
const NotifyLogPage = lazyScreen(() => import('../features/notifyLog/NotifyLogPage.tsx').then((m) => ({ default: m.NotifyLogPage })));

const ProviderDocumentsPage = lazyScreen(() =>
  import('../features/providerDocuments/ProviderDocumentsPage.tsx').then((m) => ({ default: m.ProviderDocumentsPage })),
);

const CustomersPage = lazyScreen(() => import('../features/customers/CustomersPage.tsx').then((m) => ({ default: m.CustomersPage })));
const ServiceConfigPage = lazyScreen(() => import('../features/serviceConfig/ServiceConfigPage.tsx').then((m) => ({ default: m.ServiceConfigPage })));
const AuditLogPage = lazyScreen(() => import('../features/auditLog/AuditLogPage.tsx').then((m) => ({ default: m.AuditLogPage })));
const AccountsPage = lazyScreen(() => import('../features/accounts/AccountsPage.tsx').then((m) => ({ default: m.AccountsPage })));
const RolesPage = lazyScreen(() => import('../features/accounts/RolesPage.tsx').then((m) => ({ default: m.RolesPage })));

const FilterPreviewPage = lazyScreen(() =>
  import('../features/filterPreview/FilterPreviewPage.tsx').then((m) => ({ default: m.FilterPreviewPage })),
);

/** Reachable without a token, rendered without the main layout. */
export const publicRoutes: readonly AppRoute[] = [
  { path: paths.login, title: 'login', hidden: true, screen: LoginPage },
  { path: paths.notFound, title: 'notFound', hidden: true, screen: NotFoundPage },
  { path: paths.noPermission, title: 'noPermission', hidden: true, screen: NoPermissionPage },
];

/** Rendered inside the main layout; the menu lists the ones not hidden that the user's roles allow. */
export const layoutRoutes: readonly AppRoute[] = [
  {
    path: paths.home,
    redirect: paths.serviceRecord,
    children: [
      { path: paths.serviceRecord, title: 'serviceRecord', icon: 'serviceRecord', affix: true, permission: Permission.serviceView, screen: ServiceRecordPage },
      { path: paths.pointCheck, title: 'pointCheck', hidden: true, activeMenu: paths.serviceRecord, permission: Permission.serviceView, screen: PointCheckPage },
    ],
  },
  { path: paths.dashboard, title: 'dashboard', icon: 'dashboard', permission: Permission.reportsView, screen: YearlyPestPage },
  // 客户管理 (console-spec's "customer management", second in its menu): the provider keeps its customers' tree here.
  {
    path: paths.customer,
    title: 'customer',
    icon: 'customer',
    redirect: paths.customerList,
    children: [{ path: paths.customerList, title: 'customerList', permission: Permission.customersView, screen: CustomersPage }],
  },
  // 合同 (the spec's "contracts", after 客户管理; issue 41): contracts that set their stores' plans and report layouts.
  {
    path: paths.contract,
    title: 'contract',
    icon: 'contract',
    redirect: paths.contractList,
    children: [{ path: paths.contractList, title: 'contractList', permission: Permission.contractsView, screen: ContractListPage }],
  },
  // 服务安排 (the spec's "service arrangement", issue 40): the technicians' visits on a calendar.
  {
    path: paths.serviceArrangement,
    title: 'serviceArrangement',
    icon: 'serviceArrangement',
    redirect: paths.visitSchedule,
    children: [{ path: paths.visitSchedule, title: 'visitSchedule', permission: Permission.scheduleView, screen: VisitSchedulePage }],
  },
  // 服务配置 (the spec's "service configuration"): a store's plans, regions, points and floor plan.
  {
    path: paths.serviceConfig,
    title: 'serviceConfig',
    icon: 'serviceConfig',
    redirect: paths.servicePlans,
    children: [{ path: paths.servicePlans, title: 'servicePlans', permission: Permission.serviceConfigView, screen: ServiceConfigPage }],
  },
  // 物料 (the spec's "materials", after 服务配置; issue 41): the provider's catalogue the field app picks from.
  {
    path: paths.material,
    title: 'material',
    icon: 'material',
    redirect: paths.materialList,
    children: [{ path: paths.materialList, title: 'materialList', permission: Permission.materialsView, screen: MaterialListPage }],
  },
  // 内容 (the spec's "content", after 物料; issue 41): notices and knowledge articles. The editor and
  // the reading view are pages of their own, each started afresh for the item it is opened on.
  {
    path: paths.content,
    title: 'content',
    icon: 'content',
    permission: Permission.contentView,
    redirect: paths.contentList,
    children: [
      { path: paths.contentList, title: 'contentList', screen: ContentListPage },
      { path: paths.contentEdit, title: 'contentEdit', hidden: true, keepAlive: false, activeMenu: paths.contentList, permission: Permission.contentManage, screen: ContentEditPage },
      { path: paths.contentDetail, title: 'contentDetail', hidden: true, keepAlive: false, activeMenu: paths.contentList, screen: ContentDetailPage },
    ],
  },
  {
    path: paths.dataSheet,
    title: 'dataSheet',
    icon: 'dataSheet',
    permission: Permission.reportsView,
    redirect: paths.equipmentPositive,
    children: [
      { path: paths.equipmentPositive, title: 'equipmentPositive', screen: DeviceTypeSummaryPage },
      { path: paths.insectPestSummary, title: 'insectPestSummary', screen: PestSummaryPage },
      { path: paths.riskSummary, title: 'riskSummary', screen: RiskSummaryPage },
      // Issue 22: what an auditor asks for, as one zip, beside the reports it gathers.
      { path: paths.auditPack, title: 'auditPack', permission: Permission.dataExport, screen: AuditPackPage },
    ],
  },
  {
    path: paths.statisticalChart,
    title: 'statisticalChart',
    icon: 'statisticalChart',
    permission: Permission.reportsView,
    redirect: paths.trendChart1,
    children: [
      { path: paths.trendChart1, title: 'trendChart1', screen: PestTrendPage },
      { path: paths.riskTrend, title: 'riskTrend', screen: RiskTrendPage },
      { path: paths.trendChart2, title: 'trendChart2', screen: StorePestTrendPage },
      { path: paths.singleTrend, title: 'singleTrend', screen: PointTrendPage },
      { path: paths.combineTrend, title: 'combineTrend', screen: PositiveRatePage },
    ],
  },
  {
    path: paths.equipment,
    title: 'equipment',
    icon: 'equipment',
    permission: Permission.devicesView,
    redirect: paths.mouseBox,
    children: [
      { path: paths.mouseBox, title: 'mouseBox', screen: DeviceListPage },
      { path: paths.alarmCenter, title: 'alarmCenter', screen: AlarmCenterPage },
      { path: paths.equipmentDetail, title: 'equipmentDetail', hidden: true, activeMenu: paths.mouseBox, screen: DeviceDetailPage },
      { path: paths.bindInfo, title: 'bindInfo', hidden: true, activeMenu: paths.mouseBox, screen: BindInfoPage },
      // Issue 39: how devices reach the product through network servers; provider staff set it up.
      { path: paths.deviceModels, title: 'deviceModels', permission: Permission.integrationsManage, screen: DeviceModelsPage },
      { path: paths.integrations, title: 'integrations', permission: Permission.integrationsManage, screen: IntegrationsPage },
      { path: paths.unclaimedDevices, title: 'unclaimedDevices', permission: Permission.integrationsManage, screen: UnclaimedDevicesPage },
    ],
  },
  // Issue 17: who is told of alarms, and what was sent. A group of its own: it is set up once by a
  // manager, apart from the device screens used every day.
  {
    path: paths.notify,
    title: 'notify',
    icon: 'notify',
    permission: Permission.notifyManage,
    redirect: paths.notifySettings,
    children: [
      { path: paths.notifySettings, title: 'notifySettings', screen: NotifySettingsPage },
      { path: paths.notifyLog, title: 'notifyLog', screen: NotifyLogPage },
    ],
  },
  // Issue 20: links for control-room TVs. A group of its own beside 通知: set up now and then by
  // staff, and where the navbar's 大屏 menu leads.
  {
    path: paths.display,
    title: 'display',
    icon: 'display',
    permission: Permission.displayManage,
    redirect: paths.displayLinks,
    children: [{ path: paths.displayLinks, title: 'displayLinks', screen: DisplayLinksPage }],
  },
  // Issue 22: the provider's own settings; its licences are read by every account, kept by staff.
  {
    path: paths.providerSettings,
    title: 'providerSettings',
    icon: 'providerSettings',
    redirect: paths.providerDocuments,
    children: [{ path: paths.providerDocuments, title: 'providerDocuments', screen: ProviderDocumentsPage }],
  },
  // 系统管理 (console-spec's "system" menu): what was done, by whom; a manager reads their organisation's part.
  // Issue 38: the accounts and the roles. The redirect can stay on 操作日志: account management
  // brings its view (VIEW_OF_ACTION), so whoever may open this group may open the log.
  {
    path: paths.system,
    title: 'system',
    icon: 'system',
    redirect: paths.auditLog,
    children: [
      { path: paths.auditLog, title: 'auditLog', permission: Permission.auditLogView, screen: AuditLogPage },
      { path: paths.systemUsers, title: 'systemUsers', permission: Permission.accountsManage, screen: AccountsPage },
      { path: paths.systemRoles, title: 'systemRoles', permission: Permission.accountsManage, screen: RolesPage },
    ],
  },
  // The shared filter form with every field and the request body it sends, for support and for
  // the form's browser tests (no single screen shows every field); it is in no menu. Not kept alive:
  // it shows the form's defaults, so each visit starts from them.
  { path: paths.filterPreview, title: 'filterPreview', hidden: true, keepAlive: false, screen: FilterPreviewPage },
];

export const routes: readonly AppRoute[] = [...publicRoutes, ...layoutRoutes];

export function isPublicPath(pathname: string): boolean {
  const path = normalisePath(pathname);
  return publicRoutes.some((route) => route.path === path);
}
