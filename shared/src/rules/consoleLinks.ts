import { ALARM_CENTER_PATH } from '../constants.ts';
import type { AlarmKind, AlarmSeverity, AlarmState } from '../contract/alarms.ts';
import type { DeviceStatus } from '../contract/devices.ts';

/** The console's device list (设备列表). */
export const DEVICE_LIST_PATH = '/equipment/mouseBox';

/** What another screen (the wallboard's KPI tiles) may open the device list with: its filter fields, by name. */
export interface DeviceListLinkQuery {
  status?: DeviceStatus;
  /** Battery at most this percent (a multiple of 10, as the list's filter offers). */
  remainingPower?: number;
}

/** What it may open the alarm centre with: a tab (a state, or all) and Beijing days, both included. */
export interface AlarmCenterLinkQuery {
  tab?: AlarmState | 'all';
  startDate?: string;
  endDate?: string;
  /** Any of these kinds and severities (comma-separated in the query). */
  types?: readonly AlarmKind[];
  severities?: readonly AlarmSeverity[];
}

function withQuery(path: string, query: object): string {
  const search = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

/**
 * A link into a console list with its filters in the query, named after the list's filter
 * fields, so the list the link names is the one that opens: one place for the names both the
 * link's maker and the list read.
 */
export const deviceListLink = (query: DeviceListLinkQuery): string => withQuery(DEVICE_LIST_PATH, query);
export const alarmCenterLink = (query: AlarmCenterLinkQuery): string => withQuery(ALARM_CENTER_PATH, query);
