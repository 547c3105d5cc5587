import { queryOptions } from '@tanstack/react-query';
import { ALARM_STATES, type AlarmRecordListBody, type AlarmStateCounts, type AlarmStatisticsBody } from '@pest/shared';
import { fetchAlarmStatistics } from './alarms.ts';
import { fetchAlarmRecords } from './devices.ts';
import { StaleTime } from './query/staleTimes.ts';

/**
 * What the tabs of an alarm list count: the list's request without what picks a tab (states,
 * handled) or a page (current, size, sort), so every tab of one search shares one entry.
 */
export type AlarmCountsBody = Omit<AlarmRecordListBody, 'states' | 'handled' | 'current' | 'size' | 'sort'>;

export function alarmCountsBody(body: AlarmRecordListBody): AlarmCountsBody {
  const { states: _states, handled: _handled, current: _current, size: _size, sort: _sort, ...others } = body;
  return others;
}

/**
 * Alarm cache entries (告警中心, a device's open alarms). They share one prefix, so an action can
 * mark every list, count and statistic stale at once.
 */
export const alarmKeys = {
  all: ['alarms'] as const,
  list: (body: AlarmRecordListBody) => [...alarmKeys.all, 'list', body] as const,
  counts: (body: AlarmCountsBody) => [...alarmKeys.all, 'counts', body] as const,
  allStatistics: () => [...alarmKeys.all, 'statistics'] as const,
  statistics: (body: AlarmStatisticsBody) => [...alarmKeys.allStatistics(), body] as const,
};

/**
 * One count per state, asked as the live hub asks them (a page of one per state), so the first
 * answer and the pushes that follow count the same way.
 */
async function fetchAlarmCounts(body: AlarmCountsBody, signal?: AbortSignal): Promise<AlarmStateCounts> {
  const pages = await Promise.all(ALARM_STATES.map((state) => fetchAlarmRecords({ ...body, current: 1, size: 1, states: [state] }, signal)));
  return Object.fromEntries(ALARM_STATES.map((state, index) => [state, pages[index]!.total])) as AlarmStateCounts;
}

export const alarmQueries = {
  list: (body: AlarmRecordListBody) =>
    queryOptions({ queryKey: alarmKeys.list(body), queryFn: ({ signal }) => fetchAlarmRecords(body, signal), staleTime: StaleTime.list }),
  counts: (body: AlarmCountsBody) =>
    queryOptions({ queryKey: alarmKeys.counts(body), queryFn: ({ signal }) => fetchAlarmCounts(body, signal), staleTime: StaleTime.list }),
  statistics: (body: AlarmStatisticsBody) =>
    queryOptions({
      queryKey: alarmKeys.statistics(body),
      queryFn: ({ signal }) => fetchAlarmStatistics(body, signal),
      staleTime: StaleTime.list,
    }),
};
