import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { alarmCountsBody, alarmQueries } from '../../api/alarmQueries.ts';
import { useSubmittedRequest } from '../../api/query/useSubmittedRequest.ts';
import type { AlarmPage, AlarmTab } from '../../widgets/alarms/alarmPage.ts';
import { useAlarmListLive } from '../../widgets/alarms/useAlarmListLive.ts';
import { FIRST_ALARM_PAGE, alarmCenterBody, pagedAlarms, withTab, type AlarmCenterFilters, type AlarmCenterQuery } from './alarmCenterQuery.ts';

const NO_ALARMS: AlarmPage = { total: 0, records: [] };

/**
 * 告警中心's state: the page on screen, its tabs' counts, live. Query and Reset ask the server
 * again; tabs and pages may come from the cache, which the live topic keeps current.
 */
export function useAlarmCenter(first: AlarmCenterQuery = FIRST_ALARM_PAGE) {
  const { request: query, submit, change } = useSubmittedRequest<AlarmCenterQuery>(first, (next) => {
    const body = alarmCenterBody(next);
    return [alarmQueries.list(body).queryKey, alarmQueries.counts(alarmCountsBody(body)).queryKey];
  });
  const body = alarmCenterBody(query);
  const list = useQuery({ ...alarmQueries.list(body), placeholderData: keepPreviousData });
  const counts = useQuery(alarmQueries.counts(alarmCountsBody(body)));
  const changedIds = useAlarmListLive(body);

  return {
    query,
    page: list.data ?? NO_ALARMS,
    counts: counts.data,
    loading: list.isFetching,
    changedIds,
    search: (filters: AlarmCenterFilters) => submit({ ...query, filters, current: FIRST_ALARM_PAGE.current }),
    reset: () => submit({ ...FIRST_ALARM_PAGE, tab: query.tab, size: query.size }),
    changeTab: (tab: AlarmTab) => change((shown) => withTab(shown, tab)),
    changePage: (current: number, size: number) => change((shown) => pagedAlarms(shown, current, size)),
  };
}
