import type { Permission } from '@pest/shared';
import type { Resources } from '../i18n/zh/index.ts';

export type RouteTitleKey = keyof Resources['route'];
export type MenuIcon = 'serviceRecord' | 'dashboard' | 'customer' | 'contract' | 'serviceArrangement' | 'serviceConfig' | 'material' | 'content' | 'dataSheet' | 'statisticalChart' | 'equipment' | 'notify' | 'display' | 'providerSettings' | 'system';

/** What the route table says about a route, apart from the screen it renders. Paths are absolute. */
export interface RouteNode {
  path: string;
  title?: RouteTitleKey;
  icon?: MenuIcon;
  /** Reachable but never listed in the menu. */
  hidden?: boolean;
  /** Its tag is always open and cannot be closed. */
  affix?: boolean;
  /**
   * False: leaving the page unmounts it, so returning starts it afresh. By default a page with an
   * open tag stays mounted while hidden (filters, results, page, scroll and drill-downs kept).
   */
  keepAlive?: boolean;
  /** When set, only users with one of these roles see it in the menu and may open it. */
  roles?: readonly string[];
  /** When set, only users whose roles grant it see it in the menu and may open it (the server refuses its calls to others). */
  permission?: Permission;
  /** For hidden routes: the menu item to highlight, and the crumb to show before this one. */
  activeMenu?: string;
  redirect?: string;
  children?: readonly RouteNode[];
}

export interface MenuEntry {
  key: string;
  title: RouteTitleKey;
  icon?: MenuIcon;
  children?: MenuEntry[];
}

export interface Crumb {
  path: string;
  title: RouteTitleKey;
  /** False for the current page. */
  linkable: boolean;
}

/** '/dataSheet/' and '/dataSheet' are one page. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** The route at `pathname` with its ancestors, outermost first; empty when nothing matches. */
export function routeChain(routes: readonly RouteNode[], pathname: string): RouteNode[] {
  const target = normalisePath(pathname);
  for (const route of routes) {
    if (route.path === target) return [route];
    if (route.children) {
      const below = routeChain(route.children, target);
      if (below.length > 0) return [route, ...below];
    }
  }
  return [];
}

export function findRoute(routes: readonly RouteNode[], pathname: string): RouteNode | undefined {
  return routeChain(routes, pathname).at(-1);
}

/** `grants`: the user's role keys and the permissions their roles grant (session/roles.ts). */
export function hasPermission(grants: readonly string[], route: RouteNode): boolean {
  return (!route.roles || route.roles.some((role) => grants.includes(role))) && (!route.permission || grants.includes(route.permission));
}

/** Whether a user with `roles` may open `pathname`: every route on its chain must allow them. */
export function canOpen(routes: readonly RouteNode[], pathname: string, grants: readonly string[]): boolean {
  return routeChain(routes, pathname).every((route) => hasPermission(grants, route));
}

/**
 * The sidebar menu: hidden routes and routes the roles do not allow are left out, groups left
 * empty disappear, and a group with a single visible child shows that child directly.
 */
export function menuFromRoutes(routes: readonly RouteNode[], grants: readonly string[]): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const route of routes) {
    if (route.hidden || !hasPermission(grants, route)) continue;
    if (route.children) {
      const visible = menuFromRoutes(route.children, grants);
      const [only] = visible;
      if (visible.length === 1 && only) entries.push({ ...only, icon: only.icon ?? route.icon });
      else if (visible.length > 1 && route.title) entries.push({ key: route.path, title: route.title, icon: route.icon, children: visible });
      continue;
    }
    if (route.title) entries.push({ key: route.path, title: route.title, icon: route.icon });
  }
  return entries;
}

/** The first screen of a menu (its first entry, descending into groups). */
function firstScreen(menu: readonly MenuEntry[]): string | undefined {
  const [first] = menu;
  return first?.children ? firstScreen(first.children) : first?.key;
}

/**
 * Where a redirecting route (home, a menu group) sends this user: its own target when they may
 * open it, else the first screen of the route's own children they may, else the first of their
 * whole menu; undefined when they may open none.
 */
export function redirectFor(routes: readonly RouteNode[], route: RouteNode, grants: readonly string[]): string | undefined {
  if (route.redirect && canOpen(routes, route.redirect, grants)) return route.redirect;
  return firstScreen(menuFromRoutes(route.children ?? [], grants)) ?? firstScreen(menuFromRoutes(routes, grants));
}

/** The menu key to highlight: a hidden page lights up the item it belongs to. */
export function activeMenuFor(routes: readonly RouteNode[], pathname: string): string {
  const route = findRoute(routes, pathname);
  return route?.activeMenu ?? normalisePath(pathname);
}

/** The keys of the menu's groups, at any depth. */
function menuGroups(menu: readonly MenuEntry[]): string[] {
  return menu.flatMap((entry) => (entry.children ? [entry.key, ...menuGroups(entry.children)] : []));
}

/**
 * Titled ancestors, then (for a hidden page) the page it belongs to, then the page itself. A group
 * is a crumb only where the user's menu shows it: one left with a single item shows that item alone
 * in the menu, so the breadcrumb leaves it out too.
 */
export function breadcrumbFor(routes: readonly RouteNode[], pathname: string, grants: readonly string[]): Crumb[] {
  const chain = routeChain(routes, pathname);
  const route = chain.at(-1);
  if (!route) return [];
  const trail = chain.slice(0, -1);
  if (route.activeMenu) {
    for (const owner of routeChain(routes, route.activeMenu)) if (!trail.includes(owner)) trail.push(owner);
  }
  const shownGroups = menuGroups(menuFromRoutes(routes, grants));
  trail.push(route);
  return trail
    .filter((node) => node === route || !node.children || shownGroups.includes(node.path))
    .filter((node): node is RouteNode & { title: RouteTitleKey } => node.title !== undefined)
    .map((node) => ({ path: node.path, title: node.title, linkable: node !== route }));
}

export function titleFor(routes: readonly RouteNode[], pathname: string): RouteTitleKey | undefined {
  return findRoute(routes, pathname)?.title;
}

/** Whether the page at `pathname` stays alive behind its tag (a page of the table that did not opt out). */
export function keepsAlive(routes: readonly RouteNode[], pathname: string): boolean {
  const route = findRoute(routes, pathname);
  return route !== undefined && route.title !== undefined && !route.redirect && route.keepAlive !== false;
}

/** Pages whose tags are open from the start and cannot be closed. */
export function affixRoutes(routes: readonly RouteNode[]): (RouteNode & { title: RouteTitleKey })[] {
  return routes.flatMap((route) => [
    ...(route.affix && route.title ? [{ ...route, title: route.title }] : []),
    ...(route.children ? affixRoutes(route.children) : []),
  ]);
}
