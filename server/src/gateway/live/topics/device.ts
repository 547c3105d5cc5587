import { AlarmEndpoints, chinaDay, DeviceEndpoints, DeviceTopicParams, type AlarmRecord, type AlarmTrend, type DeviceChange, type DeviceInfo } from '@pest/shared';
import type { TopicDefinition } from '../topic.ts';
import { differs, newerThan } from './changes.ts';

interface DeviceSnapshot {
  device: DeviceInfo;
  events: AlarmRecord[];
  trendToday: AlarmTrend;
}

/** How many of the latest events each poll reads: more than can plausibly arrive in one interval. */
const RECENT_EVENTS = 20;

export const deviceTopic: TopicDefinition<typeof DeviceTopicParams, DeviceSnapshot, DeviceChange> = {
  params: DeviceTopicParams,
  async poll(upstream, token, { id }, now) {
    const today = chinaDay(now);
    const [device, events, trendToday] = await Promise.all([
      upstream.call(token, DeviceEndpoints.get, { id }),
      upstream.call(token, AlarmEndpoints.list, { current: 1, size: RECENT_EVENTS, boxId: id }),
      upstream.call(token, AlarmEndpoints.trend, { boxId: id, startDate: today, endDate: today }),
    ]);
    return { device, events: events.records, trendToday };
  },
  diff(previous, next) {
    const change: DeviceChange = { newEvents: newerThan(previous.events, next.events) };
    if (differs(previous.device, next.device)) change.device = next.device;
    if (differs(previous.trendToday, next.trendToday)) change.trendToday = next.trendToday;
    return change.newEvents.length > 0 || change.device || change.trendToday ? change : null;
  },
  full: (snapshot) => ({ device: snapshot.device, newEvents: snapshot.events, trendToday: snapshot.trendToday }),
};
