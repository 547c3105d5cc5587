import common from './common.ts';
import route from './route.ts';
import layout from './layout.ts';
import errors from './errors.ts';
import live from './live.ts';

/**
 * The namespaces, written once. Simplified Chinese is the primary language and the source of
 * truth: every other language has a file of the same name typed against these (Resources), so a
 * missing or extra key fails the compile.
 *
 * The shell's namespaces (layout, menu, tags, page title, live indicator, alarm bell, error pages,
 * request toasts) ship inside the app, so they are there before the first render. Every other
 * namespace is a chunk of its own, loaded when a screen first asks for it (useTranslation(['devices'])).
 */
export const shellNamespaces = { common, route, layout, errors, live };

export const lazyNamespaces = {
  login: () => import('./login.ts'),
  filter: () => import('./filter.ts'),
  serviceRecord: () => import('./serviceRecord.ts'),
  pointCheck: () => import('./pointCheck.ts'),
  summary: () => import('./summary.ts'),
  photos: () => import('./photos.ts'),
  charts: () => import('./charts.ts'),
  devices: () => import('./devices.ts'),
  alarms: () => import('./alarms.ts'),
  notify: () => import('./notify.ts'),
  display: () => import('./display.ts'),
  documents: () => import('./documents.ts'),
  auditPack: () => import('./auditPack.ts'),
  audit: () => import('./audit.ts'),
  customers: () => import('./customers.ts'),
  serviceConfig: () => import('./serviceConfig.ts'),
  imports: () => import('./imports.ts'),
  accounts: () => import('./accounts.ts'),
  connectivity: () => import('./connectivity.ts'),
  visits: () => import('./visits.ts'),
  materials: () => import('./materials.ts'),
  contracts: () => import('./contracts.ts'),
  content: () => import('./content.ts'),
};

export type ShellNamespace = keyof typeof shellNamespaces;
export type LazyNamespace = keyof typeof lazyNamespaces;
export type Namespace = ShellNamespace | LazyNamespace;
export type Resources = typeof shellNamespaces & {
  [N in LazyNamespace]: Awaited<ReturnType<(typeof lazyNamespaces)[N]>>['default'];
};

export const SHELL_NAMESPACES = Object.keys(shellNamespaces) as ShellNamespace[];
export const NAMESPACES = [...SHELL_NAMESPACES, ...(Object.keys(lazyNamespaces) as LazyNamespace[])];
