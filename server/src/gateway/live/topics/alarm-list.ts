import {
  ALARM_STATES,
  AlarmListTopicParams,
  AlarmEndpoints,
  type AlarmListChange,
  type AlarmRecord,
  type AlarmStateCounts,
} from '@pest/shared';
import type { TopicDefinition } from '../topic.ts';
import { differs } from './changes.ts';

interface AlarmListSnapshot {
  total: number;
  rows: AlarmRecord[];
  counts: AlarmStateCounts;
}

/**
 * A page of 告警中心 (or a device's open alarms). Every field of an alarm can change under staff's
 * hands (state, assignee, note, repeats), so any changed row is sent, whole. The tabs' counts are
 * one count per state under the page's other filters.
 */
export const alarmListTopic: TopicDefinition<typeof AlarmListTopicParams, AlarmListSnapshot, AlarmListChange> = {
  params: AlarmListTopicParams,
  async poll(upstream, token, params) {
    const { states: _states, handled: _handled, ...others } = params;
    const [page, ...perState] = await Promise.all([
      upstream.call(token, AlarmEndpoints.list, params),
      ...ALARM_STATES.map((state) => upstream.call(token, AlarmEndpoints.list, { ...others, current: 1, size: 1, states: [state] })),
    ]);
    const counts = Object.fromEntries(ALARM_STATES.map((state, index) => [state, perState[index]!.total])) as AlarmStateCounts;
    return { total: page.total, rows: page.records, counts };
  },
  diff(previous, next) {
    const before = new Map(previous.rows.map((row) => [row.id, row]));
    const rows = next.rows.filter((row) => {
      const old = before.get(row.id);
      return !old || differs(old, row);
    });
    const membershipChanged =
      previous.rows.length !== next.rows.length || previous.rows.some((row, index) => row.id !== next.rows[index]!.id);
    const change: AlarmListChange = { rows };
    if (previous.total !== next.total) change.total = next.total;
    if (membershipChanged) change.ids = next.rows.map((row) => row.id);
    if (differs(previous.counts, next.counts)) change.counts = next.counts;
    return rows.length > 0 || change.total !== undefined || change.ids || change.counts ? change : null;
  },
  full: (snapshot) => ({ total: snapshot.total, rows: snapshot.rows, ids: snapshot.rows.map((row) => row.id), counts: snapshot.counts }),
};
