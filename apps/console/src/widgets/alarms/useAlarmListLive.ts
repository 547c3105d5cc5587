import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AlarmRecordListBody, AlarmStateCounts } from '@pest/shared';
import { alarmCountsBody, alarmKeys } from '../../api/alarmQueries.ts';
import { useLiveTopic } from '../../live/useLiveTopic.ts';
import { withAlarmChange, type AlarmPage } from './alarmPage.ts';

/** How long a row that changed live stays highlighted. */
export const CHANGED_ALARM_MS = 2_000;

/**
 * Keeps a page of alarms live through the cache: the hub's rows (new or changed, whole) and page
 * order go into the page's entry, its per-state counts into the counts' entry. When the order
 * names a row never seen, or after a reconnect, the page is asked again. `body` is the page's
 * request (size at most 100, the topic's limit); null watches nothing. Returns the ids to highlight.
 */
export function useAlarmListLive(body: AlarmRecordListBody | null): ReadonlySet<number> {
  const queryClient = useQueryClient();
  const [changed, setChanged] = useState<ReadonlySet<number>>(new Set());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const reload = () => {
    if (!body) return;
    void queryClient.invalidateQueries({ queryKey: alarmKeys.list(body), exact: true });
    void queryClient.invalidateQueries({ queryKey: alarmKeys.counts(alarmCountsBody(body)), exact: true });
  };

  useLiveTopic('alarmList', body, {
    onUpdate: ({ full, data }) => {
      if (!body) return;
      let complete = true;
      queryClient.setQueryData<AlarmPage>(alarmKeys.list(body), (shown) => {
        if (!shown) return shown;
        const next = withAlarmChange(shown, data);
        complete = next.complete;
        return next.page;
      });
      if (data.counts) queryClient.setQueryData<AlarmStateCounts>(alarmKeys.counts(alarmCountsBody(body)), data.counts);
      if (!complete) reload();
      // Counts that moved mean alarms were raised or changed state: the clocks and totals beside the list moved too.
      if (data.counts && !full) void queryClient.invalidateQueries({ queryKey: alarmKeys.allStatistics() });
      // The first update is the page as it stands: nothing on it is news.
      if (full || data.rows.length === 0) return;
      setChanged(new Set(data.rows.map((row) => row.id)));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setChanged(new Set()), CHANGED_ALARM_MS);
    },
    onResync: reload,
  });
  return changed;
}
