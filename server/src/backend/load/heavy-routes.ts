import { AlarmPaths, ChartPaths, DevicePaths, JobOrderPaths, NotifyPaths, ServiceActivityPaths, SummaryPaths } from '@pest/shared';

/** Calls that stream a file: identical ones are not shared (each client gets its own download). */
const EXPORT_PATHS: ReadonlySet<string> = new Set([
  ChartPaths.riskDetailsExport,
  SummaryPaths.riskSummaryExport,
  SummaryPaths.pestSummaryExport,
  SummaryPaths.deviceTypeSummaryExport,
  JobOrderPaths.pointCheckExport,
]);

/**
 * The calls that aggregate over a whole organisation, a year or a long list, or write a file:
 * each can keep the database busy for a long while at a large provider, so they run under the
 * per-user limit and the deadline. Everything else (sign-in, filter options, one device) is light.
 */
const HEAVY_PATHS: ReadonlySet<string> = new Set([
  ...Object.values(ChartPaths),
  ...Object.values(SummaryPaths).filter((path) => path !== SummaryPaths.riskPhoto),
  ...EXPORT_PATHS,
  JobOrderPaths.list,
  JobOrderPaths.pointCheckRows,
  DevicePaths.statistics,
  DevicePaths.storeStatus,
  DevicePaths.alarmList,
  DevicePaths.alarmTrend,
  AlarmPaths.statistics,
  ServiceActivityPaths.activity,
  // Waits on someone else's server, up to NOTIFY_TIMEOUT_MS and never past three quarters of the deadline.
  NotifyPaths.channelTest,
]);

/** Whether a route, by its registered URL (the /api prefix included), is heavy. */
export function isHeavyRoute(routeUrl: string | undefined): boolean {
  return routeUrl !== undefined && HEAVY_PATHS.has(routeUrl);
}

/** Whether identical calls of one user may share one answer: heavy, and not a download. */
export function isShareableRoute(routeUrl: string | undefined): boolean {
  return isHeavyRoute(routeUrl) && !EXPORT_PATHS.has(routeUrl!);
}
