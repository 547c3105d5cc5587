import {
  ALARM_OVERVIEW_UNHANDLED,
  AlarmOverviewTopicParams,
  AlarmEndpoints,
  chinaDay,
  chinaHourBucket,
  DeviceEndpoints,
  lastHours,
  type AlarmOverviewChange,
  type AlarmRecord,
  type AlarmStatistics,
  type AlarmTrend,
  type MouseBoxStatistics,
  type Page,
} from '@pest/shared';
import type { TopicDefinition } from '../topic.ts';
import { differs, newerThan } from './changes.ts';

interface AlarmOverviewSnapshot {
  statistics: MouseBoxStatistics;
  latest: AlarmRecord[];
  unhandled: Page<AlarmRecord>;
  unacknowledged: number;
  today: AlarmStatistics;
  trend24h: AlarmTrend;
  trend7d: AlarmTrend;
}

const LATEST_ALARMS = 20;

export const alarmOverviewTopic: TopicDefinition<typeof AlarmOverviewTopicParams, AlarmOverviewSnapshot, AlarmOverviewChange> = {
  params: AlarmOverviewTopicParams,
  async poll(upstream, token, _params, now) {
    const today = chinaDay(now);
    const [statistics, latest, unhandled, unacknowledged, todayStatistics, hourly, trend7d] = await Promise.all([
      upstream.call(token, DeviceEndpoints.statistics, {}),
      upstream.call(token, AlarmEndpoints.list, { current: 1, size: LATEST_ALARMS, alarmOnly: true }),
      upstream.call(token, AlarmEndpoints.list, {
        current: 1,
        size: ALARM_OVERVIEW_UNHANDLED,
        alarmOnly: true,
        states: ['open', 'acknowledged'],
        sort: 'urgency',
      }),
      upstream.call(token, AlarmEndpoints.list, { current: 1, size: 1, alarmOnly: true, states: ['open'] }),
      upstream.call(token, AlarmEndpoints.statistics, { startDate: today, endDate: today }),
      upstream.call(token, AlarmEndpoints.trend, { startDate: chinaDay(now, -1), endDate: today, granularity: 'hour' }),
      upstream.call(token, AlarmEndpoints.trend, { startDate: chinaDay(now, -6), endDate: today }),
    ]);
    return {
      statistics,
      latest: latest.records,
      unhandled: { total: unhandled.total, records: unhandled.records },
      unacknowledged: unacknowledged.total,
      today: todayStatistics,
      trend24h: lastHours(hourly, chinaHourBucket(now), 24),
      trend7d,
    };
  },
  diff(previous, next) {
    const change: AlarmOverviewChange = { newAlarms: newerThan(previous.latest, next.latest) };
    if (differs(previous.statistics, next.statistics)) change.statistics = next.statistics;
    if (differs(previous.unhandled, next.unhandled)) change.unhandled = next.unhandled;
    if (previous.unacknowledged !== next.unacknowledged) change.unacknowledged = next.unacknowledged;
    if (differs(previous.today, next.today)) change.today = next.today;
    if (differs(previous.trend24h, next.trend24h)) change.trend24h = next.trend24h;
    if (differs(previous.trend7d, next.trend7d)) change.trend7d = next.trend7d;
    const changed =
      change.newAlarms.length > 0 ||
      change.statistics ||
      change.unhandled ||
      change.unacknowledged !== undefined ||
      change.today ||
      change.trend24h ||
      change.trend7d;
    return changed ? change : null;
  },
  full: (snapshot) => ({
    statistics: snapshot.statistics,
    newAlarms: snapshot.latest,
    unhandled: snapshot.unhandled,
    unacknowledged: snapshot.unacknowledged,
    today: snapshot.today,
    trend24h: snapshot.trend24h,
    trend7d: snapshot.trend7d,
  }),
};
