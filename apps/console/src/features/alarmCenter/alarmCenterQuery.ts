import {
  ALARM_SEVERITIES,
  AlarmKind,
  AlarmListSort,
  Pagination,
  isCalendarDay,
  type AlarmRecordListBody,
  type AlarmSeverity,
  type AlarmStatisticsBody,
  type DateRangeValue,
} from '@pest/shared';
import { ALARM_TABS, type AlarmTab } from '../../widgets/alarms/alarmPage.ts';

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
  const body: AlarmRecordListBody = { current, size, alarmOnly: true, sort: tabSort(tab), ...filterFields(filters) };
  if (tab !== 'all') body.states = [tab];
  return body;
}

/** The filters as both the list and the statistics take them, empty ones left out. */
function filterFields(filters: AlarmCenterFilters): AlarmStatisticsBody {
  const body: AlarmStatisticsBody = {};
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

/**
 * The statistics beside the list: the same filters as the list's (stores, kinds, severities, days;
 * no days: every alarm), so the cards count the alarms the tabs count (issue #35: cards of the last
 * week beside tabs of every day disagreed without saying why).
 */
export const alarmStatisticsBody = filterFields;

const KINDS: readonly number[] = Object.values(AlarmKind);
const listOf = (value: string | null) => (value ? value.split(',') : []);

/**
 * The first page a link opens (the wallboard's tiles, shared/rules/consoleLinks.ts): its query's
 * tab, days (both, calendar days, in order), kinds and severities; anything else or malformed is
 * left out, so a bad link still opens the screen.
 */
export function linkedAlarmPage(search: URLSearchParams): AlarmCenterQuery {
  const tab = ALARM_TABS.find((one) => one === search.get('tab')) ?? FIRST_ALARM_PAGE.tab;
  const filters: AlarmCenterFilters = {};
  const [startDate, endDate] = [search.get('startDate') ?? '', search.get('endDate') ?? ''];
  if (isCalendarDay(startDate) && isCalendarDay(endDate) && startDate <= endDate) filters.range = [startDate, endDate];
  const types = listOf(search.get('types')).map(Number).filter((kind): kind is AlarmKind => KINDS.includes(kind));
  if (types.length) filters.types = types;
  const severities = listOf(search.get('severities')).filter((one): one is AlarmSeverity => (ALARM_SEVERITIES as readonly string[]).includes(one));
  if (severities.length) filters.severities = severities;
  return { ...FIRST_ALARM_PAGE, tab, filters };
}
