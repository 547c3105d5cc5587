import { describe, expect, it } from 'vitest';
import {
  activeMenuFor,
  affixRoutes,
  breadcrumbFor,
  canOpen,
  menuFromRoutes,
  titleFor,
  type RouteNode,
} from './routeQueries.ts';
import { ALL_PERMISSIONS, Permission } from '@pest/shared';
import { routes } from './routes.tsx';

/** An administrator's: every permission. */
const roles = ['admin', ...ALL_PERMISSIONS];

describe('the route table', () => {
  it('shows a role only the screens its permissions grant, and keeps it from the others', () => {
    const grants = ['technician', Permission.serviceView, Permission.devicesView, Permission.alarmsHandle];
    expect(menuFromRoutes(routes, grants).map((entry) => entry.key)).toEqual(['/serviceRecord', '/equipment', '/provider/documents']);
    expect(canOpen(routes, '/equipment/alarmCenter', grants)).toBe(true);
    expect(canOpen(routes, '/customer/list', grants)).toBe(false);
    expect(canOpen(routes, '/dataSheet/riskSummary', grants)).toBe(false);
  });

  it('lists the menu of console-spec section 2, hidden routes left out', () => {
    expect(menuFromRoutes(routes, roles)).toEqual([
      { key: '/serviceRecord', title: 'serviceRecord', icon: 'serviceRecord' },
      { key: '/dashboard', title: 'dashboard', icon: 'dashboard' },
      // 客户管理, second in the spec's menu (issue 38).
      { key: '/customer/list', title: 'customerList', icon: 'customer' },
      // 合同 right after 客户管理, as the spec orders them (issue 41).
      { key: '/contract/list', title: 'contractList', icon: 'contract' },
      // 服务安排 before 服务配置, as the spec orders them (issue 40).
      { key: '/serviceArrangement/calendar', title: 'visitSchedule', icon: 'serviceArrangement' },
      { key: '/serviceConfig/plans', title: 'servicePlans', icon: 'serviceConfig' },
      // 物料 right after 服务配置, as the spec orders them (issue 41).
      { key: '/material/list', title: 'materialList', icon: 'material' },
      // 内容 after 物料 (issue 41).
      { key: '/content/list', title: 'contentList', icon: 'content' },
      {
        key: '/dataSheet',
        title: 'dataSheet',
        icon: 'dataSheet',
        children: [
          { key: '/dataSheet/equipment', title: 'equipmentPositive', icon: undefined },
          { key: '/dataSheet/insectPestSummary', title: 'insectPestSummary', icon: undefined },
          { key: '/dataSheet/riskSummary', title: 'riskSummary', icon: undefined },
          { key: '/dataSheet/auditPack', title: 'auditPack', icon: undefined },
        ],
      },
      {
        key: '/statisticalChart',
        title: 'statisticalChart',
        icon: 'statisticalChart',
        children: [
          { key: '/statisticalChart/trendChart1', title: 'trendChart1', icon: undefined },
          { key: '/statisticalChart/riskTrend', title: 'riskTrend', icon: undefined },
          { key: '/statisticalChart/trendChart2', title: 'trendChart2', icon: undefined },
          { key: '/statisticalChart/singleTrend', title: 'singleTrend', icon: undefined },
          { key: '/statisticalChart/combineTrend', title: 'combineTrend', icon: undefined },
        ],
      },
      // 告警中心 joins 智能设备, so the device section is a group of its own (issue 16).
      {
        key: '/equipment',
        title: 'equipment',
        icon: 'equipment',
        children: [
          { key: '/equipment/mouseBox', title: 'mouseBox', icon: undefined },
          { key: '/equipment/alarmCenter', title: 'alarmCenter', icon: undefined },
          // Issue 39: how devices reach the product, for provider staff (integrationsManage).
          { key: '/equipment/models', title: 'deviceModels', icon: undefined },
          { key: '/equipment/integrations', title: 'integrations', icon: undefined },
          { key: '/equipment/unclaimed', title: 'unclaimedDevices', icon: undefined },
        ],
      },
      {
        key: '/notify',
        title: 'notify',
        icon: 'notify',
        children: [
          { key: '/notify/settings', title: 'notifySettings', icon: undefined },
          { key: '/notify/log', title: 'notifyLog', icon: undefined },
        ],
      },
      // A group of one shows as its page, with the group's icon.
      { key: '/display/links', title: 'displayLinks', icon: 'display' },
      // A group of one page is that page in the menu.
      { key: '/provider/documents', title: 'providerDocuments', icon: 'providerSettings' },
      // 系统管理: the log, and the accounts and roles (issue 38).
      {
        key: '/system',
        title: 'system',
        icon: 'system',
        children: [
          { key: '/system/auditLog', title: 'auditLog', icon: undefined },
          { key: '/system/users', title: 'systemUsers', icon: undefined },
          { key: '/system/roles', title: 'systemRoles', icon: undefined },
        ],
      },
    ]);
  });

  it('titles every page', () => {
    expect(titleFor(routes, '/login')).toBe('login');
    expect(titleFor(routes, '/statisticalChart/trendChart2')).toBe('trendChart2');
    expect(titleFor(routes, '/equipment/bindInfo/')).toBe('bindInfo');
    expect(titleFor(routes, '/unknown')).toBeUndefined();
  });

  it('builds breadcrumbs from ancestors', () => {
    expect(breadcrumbFor(routes, '/dataSheet/riskSummary', roles)).toEqual([
      { path: '/dataSheet', title: 'dataSheet', linkable: true },
      { path: '/dataSheet/riskSummary', title: 'riskSummary', linkable: false },
    ]);
    expect(breadcrumbFor(routes, '/serviceRecord', roles)).toEqual([{ path: '/serviceRecord', title: 'serviceRecord', linkable: false }]);
  });

  it('puts the page a hidden page belongs to in its breadcrumb', () => {
    expect(breadcrumbFor(routes, '/equipment/equipmentDetail', roles)).toEqual([
      { path: '/equipment', title: 'equipment', linkable: true },
      { path: '/equipment/mouseBox', title: 'mouseBox', linkable: true },
      { path: '/equipment/equipmentDetail', title: 'equipmentDetail', linkable: false },
    ]);
    expect(breadcrumbFor(routes, '/pointCheck', roles)).toEqual([
      { path: '/serviceRecord', title: 'serviceRecord', linkable: true },
      { path: '/pointCheck', title: 'pointCheck', linkable: false },
    ]);
    expect(breadcrumbFor(routes, '/nowhere', roles)).toEqual([]);
  });

  it('shows a group in the breadcrumb only where the menu shows it', () => {
    const table: RouteNode[] = [
      {
        path: '/equipment',
        title: 'equipment',
        redirect: '/equipment/mouseBox',
        children: [
          { path: '/equipment/mouseBox', title: 'mouseBox' },
          { path: '/equipment/alarmCenter', title: 'alarmCenter', roles: ['ROLE_ALARMS'] },
          { path: '/equipment/equipmentDetail', title: 'equipmentDetail', hidden: true, activeMenu: '/equipment/mouseBox' },
        ],
      },
    ];
    // Without 告警中心 the menu shows 智能设备 alone, not in a 设备管理 group.
    expect(menuFromRoutes(table, roles)).toEqual([{ key: '/equipment/mouseBox', title: 'mouseBox', icon: undefined }]);
    expect(breadcrumbFor(table, '/equipment/equipmentDetail', roles).map((crumb) => crumb.title)).toEqual(['mouseBox', 'equipmentDetail']);
    expect(breadcrumbFor(table, '/equipment/equipmentDetail', ['ROLE_ALARMS']).map((crumb) => crumb.title)).toEqual([
      'equipment',
      'mouseBox',
      'equipmentDetail',
    ]);
  });

  it('never puts a group in a breadcrumb that the menu does not have, on any page of the table', () => {
    const groupsOf = (entries: ReturnType<typeof menuFromRoutes>): string[] =>
      entries.flatMap((entry) => (entry.children ? [entry.key, ...groupsOf(entry.children)] : []));
    const groups = groupsOf(menuFromRoutes(routes, roles));
    const pages = (nodes: readonly RouteNode[]): string[] => nodes.flatMap((node) => [node.path, ...pages(node.children ?? [])]);
    for (const page of pages(routes)) {
      const crumbs = breadcrumbFor(routes, page, roles);
      for (const crumb of crumbs.slice(0, -1)) {
        const node = routes.flatMap((route) => [route, ...(route.children ?? [])]).find((candidate) => candidate.path === crumb.path);
        if (node?.children) expect(groups, `${page}: ${crumb.path}`).toContain(crumb.path);
      }
    }
  });

  it('highlights the owning menu item for hidden pages', () => {
    expect(activeMenuFor(routes, '/pointCheck')).toBe('/serviceRecord');
    expect(activeMenuFor(routes, '/equipment/bindInfo')).toBe('/equipment/mouseBox');
    expect(activeMenuFor(routes, '/dashboard/')).toBe('/dashboard');
  });

  it('affixes the home page tag', () => {
    expect(affixRoutes(routes).map((route) => route.path)).toEqual(['/serviceRecord']);
  });
});

describe('role filtering', () => {
  const table: RouteNode[] = [
    { path: '/open', title: 'dashboard' },
    { path: '/admins', title: 'riskSummary', roles: ['admin'] },
    {
      path: '/group',
      title: 'dataSheet',
      children: [
        { path: '/group/a', title: 'insectPestSummary', roles: ['admin'] },
        { path: '/group/b', title: 'riskTrend', roles: ['admin', 'auditor'] },
        { path: '/group/c', title: 'bindInfo', hidden: true },
      ],
    },
    { path: '/adminsOnly', title: 'equipment', roles: ['admin'], children: [{ path: '/adminsOnly/x', title: 'mouseBox' }, { path: '/adminsOnly/y', title: 'singleTrend' }] },
  ];

  it('shows admins everything that is not hidden', () => {
    expect(menuFromRoutes(table, ['admin']).map((entry) => entry.key)).toEqual(['/open', '/admins', '/group', '/adminsOnly']);
  });

  it('drops routes the roles do not allow, and groups left with one item collapse to it', () => {
    expect(menuFromRoutes(table, ['auditor'])).toEqual([
      { key: '/open', title: 'dashboard', icon: undefined },
      { key: '/group/b', title: 'riskTrend', icon: undefined },
    ]);
  });

  it('drops groups left empty', () => {
    expect(menuFromRoutes(table, ['ROLE_DEFAULT']).map((entry) => entry.key)).toEqual(['/open']);
  });

  it('checks every route on the chain before opening a page', () => {
    expect(canOpen(table, '/adminsOnly/x', ['auditor'])).toBe(false);
    expect(canOpen(table, '/adminsOnly/x', ['admin'])).toBe(true);
    expect(canOpen(table, '/group/c', ['auditor'])).toBe(true);
    expect(canOpen(table, '/not/in/table', [])).toBe(true);
  });
});
