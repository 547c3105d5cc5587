import {
  AlarmListSort,
  Pagination,
  chinaDay,
  type AlarmKind,
  type AlarmRecordListBody,
  type AlarmSeverity,
  type AlarmStatisticsBody,
  type DateRangeValue,
} from '@pest/shared';
import type { AlarmTab } from '../../widgets/alarms/alarmPage.ts';

/** What the search form of 告警中心 asks for; nothing chosen is every alarm in the user's scope. */
export interface AlarmCenterFilters {
  /** Stores or organisation nodes (their stores included). */
  customerIds?: readonly number[];
  types?: readonly AlarmKind[];
  severities?: readonly AlarmSeverity[];
  /** Beijing days, both included. */
  range?: DateRangeValue;
}

export interface AlarmCenterQuery {
  filters: AlarmCenterFilters;
  tab: AlarmTab;
  current: number;
  size: number;
}

/** The live topic watches at most 100 rows, so no page is larger. */
export const ALARM_CENTER_SIZES = [10, 20, 50, 100] as const;

/** The screen opens on what needs someone: the unacknowledged alarms, most urgent first. */
export const FIRST_ALARM_PAGE: AlarmCenterQuery = { filters: {}, tab: 'open', current: Pagination.defaultPage, size: 20 };

/**
 * Alarms still to deal with are worked through by urgency (critical first, unacknowledged before
 * acknowledged, then the one that has waited longest); handled ones, and everything together, are
 * a record read newest first.
 */
export const tabSort = (tab: AlarmTab): AlarmListSort => (tab === 'open' || tab === 'acknowledged' ? AlarmListSort.urgency : AlarmListSort.newest);

/** The list's request: alarms only (no `online` events), the tab's state, empty filters left out. */
export function alarmCenterBody({ filters, tab, current, size }: AlarmCenterQuery): AlarmRecordListBody {
  const body: AlarmRecordListBody = { current, size, alarmOnly: true, sort: tabSort(tab) };
  if (tab !== 'all') body.states = [tab];
  if (filters.customerIds?.length) body.customerIds = [...filters.customerIds];
  if (filters.types?.length) body.types = [...filters.types];
  if (filters.severities?.length) body.severities = [...filters.severities];
  if (filters.range) [body.startDate, body.endDate] = filters.range;
  return body;
}

/** Another tab or a new search starts from page 1; a new page keeps the size, a new size goes back to page 1. */
export function withTab(query: AlarmCenterQuery, tab: AlarmTab): AlarmCenterQuery {
  return { ...query, tab, current: Pagination.defaultPage };
}

export function pagedAlarms(query: AlarmCenterQuery, current: number, size: number): AlarmCenterQuery {
  return { ...query, size, current: size === query.size ? current : Pagination.defaultPage };
}

/** Without chosen days the statistics cover the last week, today included: enough alarms for a median. */
export const STATISTICS_DEFAULT_DAYS = 7;

/**
 * The statistics beside the list: the searched stores and days (Beijing), or the last week. The
 * statistics call takes no kind or severity, so they count every alarm of those stores and days.
 */
export function alarmStatisticsBody(filters: AlarmCenterFilters, nowMs: number): AlarmStatisticsBody {
  const now = new Date(nowMs);
  const [startDate, endDate] = filters.range ?? [chinaDay(now, 1 - STATISTICS_DEFAULT_DAYS), chinaDay(now)];
  return filters.customerIds?.length ? { startDate, endDate, customerIds: [...filters.customerIds] } : { startDate, endDate };
}
