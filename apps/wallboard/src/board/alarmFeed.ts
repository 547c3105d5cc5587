import { AlarmSeverity, CHINA_UTC_OFFSET, type AlarmRecord } from '@pest/shared';

/** How many alarms the feed keeps: what fits on the panel, so memory stays flat for weeks. */
export const FEED_CAPACITY = 10;

/**
 * The colour an alarm is drawn in: the severity the server stored with it (one rule in shared/,
 * which knows a gateway offline is critical), and an event without one (back online) as minor.
 */
export function feedSeverity(alarm: Pick<AlarmRecord, 'severity'>): AlarmSeverity {
  return alarm.severity ?? AlarmSeverity.minor;
}

/** createTime order, as the alarm list answers: newest first, then the higher id. */
const newestFirst = (a: AlarmRecord, b: AlarmRecord) => (a.createTime < b.createTime ? 1 : a.createTime > b.createTime ? -1 : b.id - a.id);

/**
 * The feed after `incoming` alarms arrive: newest first, each alarm once (a push may repeat what a
 * snapshot already had, with fresher fields), at most `capacity` long.
 */
export function mergeFeed(feed: readonly AlarmRecord[], incoming: readonly AlarmRecord[], capacity = FEED_CAPACITY): AlarmRecord[] {
  const byId = new Map<number, AlarmRecord>();
  for (const alarm of feed) byId.set(alarm.id, alarm);
  for (const alarm of incoming) byId.set(alarm.id, alarm);
  return [...byId.values()].sort(newestFirst).slice(0, capacity);
}

/** Alarms of `incoming` the feed did not have, newest first: what to announce. */
export function unseenAlarms(feed: readonly AlarmRecord[], incoming: readonly AlarmRecord[]): AlarmRecord[] {
  const known = new Set(feed.map((alarm) => alarm.id));
  return incoming.filter((alarm) => !known.has(alarm.id)).sort(newestFirst);
}

/** A record's createTime ('yyyy-MM-dd HH:mm:ss', China's wall time) as epoch milliseconds. */
export function beijingTimeToEpoch(time: string): number {
  return Date.parse(`${time.replace(' ', 'T')}${CHINA_UTC_OFFSET}`);
}

export type Elapsed = { unit: 'justNow' } | { unit: 'minutes' | 'hours' | 'days'; count: number };

/** How long ago, in the coarse units a room reads from afar. */
export function elapsedSince(thenMs: number, nowMs: number): Elapsed {
  const seconds = Math.max(0, Math.floor((nowMs - thenMs) / 1000));
  if (seconds < 60) return { unit: 'justNow' };
  if (seconds < 3600) return { unit: 'minutes', count: Math.floor(seconds / 60) };
  if (seconds < 86_400) return { unit: 'hours', count: Math.floor(seconds / 3600) };
  return { unit: 'days', count: Math.floor(seconds / 86_400) };
}
