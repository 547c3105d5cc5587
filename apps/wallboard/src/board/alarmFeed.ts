import { ALARM_SEVERITIES, ALARM_STATES, AlarmSeverity, AlarmState, alarmContentText, type AlarmOverviewChange, type AlarmRecord, type TextLanguage } from '@pest/shared';

/**
 * How many open alarms the feed shows: what fits on the panel at two lines each, so memory stays
 * flat for weeks and nothing spills out of the frame.
 */
export const FEED_CAPACITY = 10;

/**
 * The colour an alarm is drawn in: the severity the server stored with it (one rule in shared/,
 * which knows a gateway offline is critical), and an event without one (back online) as minor.
 */
export function feedSeverity(alarm: Pick<AlarmRecord, 'severity'>): AlarmSeverity {
  return alarm.severity ?? AlarmSeverity.minor;
}

/**
 * What an alarm says, in the board's language, from its key and parameters: the live hub fetches
 * without a reader's language, so `content` is always the Chinese sentence.
 */
export function feedContent(alarm: Pick<AlarmRecord, 'contentKey' | 'contentParams'>, language: TextLanguage): string {
  return alarmContentText({ key: alarm.contentKey, params: alarm.contentParams }, language);
}

const rank = <T>(order: readonly T[], value: T | null) => {
  const index = value === null ? -1 : order.indexOf(value);
  return index === -1 ? order.length : index;
};

/**
 * The order a control room works through (the server's `urgency` sort): critical first, then
 * major, minor; within a severity unacknowledged before acknowledged; then the one that has waited
 * longest; ties by the lower id. Kept client-side too, so a merged push never reshuffles the feed
 * differently from the next full list.
 */
export function byUrgency(a: AlarmRecord, b: AlarmRecord): number {
  return (
    rank(ALARM_SEVERITIES, a.severity) - rank(ALARM_SEVERITIES, b.severity) ||
    rank(ALARM_STATES, a.state) - rank(ALARM_STATES, b.state) ||
    (a.createTime < b.createTime ? -1 : a.createTime > b.createTime ? 1 : 0) ||
    a.id - b.id
  );
}

const isOpen = (alarm: AlarmRecord) => alarm.state !== AlarmState.handled;

/** The open alarms (not yet handled) of `alarms`, each once, most urgent first, at most `capacity`. */
export function orderFeed(alarms: readonly AlarmRecord[], capacity = FEED_CAPACITY): AlarmRecord[] {
  const byId = new Map<number, AlarmRecord>();
  for (const alarm of alarms) byId.set(alarm.id, alarm);
  return [...byId.values()].filter(isOpen).sort(byUrgency).slice(0, capacity);
}

/**
 * The feed after a push. `unhandled` is the server's whole answer and replaces the feed, so an
 * alarm handled or acknowledged anywhere never lingers in its old state. Without it, pushed alarms
 * are fresher copies: they replace theirs, join in urgency order when open, and leave when handled.
 */
export function feedAfter(
  feed: readonly AlarmRecord[],
  change: Pick<AlarmOverviewChange, 'unhandled' | 'newAlarms'>,
  capacity = FEED_CAPACITY,
): AlarmRecord[] {
  if (change.unhandled) return orderFeed(change.unhandled.records, capacity);
  const pushed = new Map(change.newAlarms.map((alarm) => [alarm.id, alarm]));
  const kept = feed.filter((alarm) => !pushed.has(alarm.id));
  return orderFeed([...kept, ...pushed.values()], capacity);
}

/** createTime order, newest first, then the higher id: the order news is announced in. */
const newestFirst = (a: AlarmRecord, b: AlarmRecord) => (a.createTime < b.createTime ? 1 : a.createTime > b.createTime ? -1 : b.id - a.id);

/** Alarms of `incoming` the feed did not show, still open, newest first: what may be news. */
export function unseenAlarms(feed: readonly AlarmRecord[], incoming: readonly AlarmRecord[]): AlarmRecord[] {
  const known = new Set(feed.map((alarm) => alarm.id));
  return incoming.filter((alarm) => !known.has(alarm.id) && isOpen(alarm)).sort(newestFirst);
}

/**
 * Severities announced across the board. A banner for every low battery would teach the room to
 * ignore it; a rodent in a box or a gateway down is what someone must get up for (the console's
 * toasts default to the same).
 */
export const ANNOUNCED_SEVERITIES: ReadonlySet<AlarmSeverity> = new Set([AlarmSeverity.critical]);
