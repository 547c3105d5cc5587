import type {
  AlarmOverviewChange,
  AlarmRecord,
  AlarmStatistics,
  AlarmTrend,
  LatestNotice,
  MouseBoxStatistics,
  Page,
  ServiceActivity,
  StoreStatus,
  UserInfo,
} from '@pest/shared';
import type { Connection } from '../live/connection.ts';
import { ANNOUNCED_SEVERITIES, feedAfter, orderFeed, unseenAlarms } from './alarmFeed.ts';

/** Everything the board shows. null: no data yet (or the call failed), shown as such, never faked. */
export interface BoardState {
  user: UserInfo | null;
  statistics: MouseBoxStatistics | null;
  /** The most urgent alarms not yet handled (open or acknowledged), in urgency order, at most FEED_CAPACITY. */
  feed: AlarmRecord[] | null;
  /** How many alarms are not yet handled, all of them (the feed shows the first few). */
  unhandledTotal: number | null;
  /** Open alarms nobody has acknowledged yet. */
  unacknowledged: number | null;
  /** Today's alarm statistics (Beijing day): the median time to acknowledge. */
  today: AlarmStatistics | null;
  /** Alarms that arrived by push and animate in. */
  fresh: ReadonlySet<number>;
  /** The newest pushed critical alarm, announced across the board for a few seconds. */
  announcement: AlarmRecord | null;
  trend24h: AlarmTrend | null;
  trend7d: AlarmTrend | null;
  stores: StoreStatus[] | null;
  activity: ServiceActivity | null;
  /** The newest notice for the screen's customers (内容); null when there is none, or not yet known. */
  notice: LatestNotice | null;
  connection: Connection;
  /** When the data shown was last known good (ISO): the live hub's asOf or the last snapshot. */
  dataAsOf: string | null;
}

/** What the board fetches over HTTP (at start, on resync, while the socket is down): the live topic's parts and the rest. */
export type Snapshot = Partial<
  Pick<BoardState, 'user' | 'statistics' | 'trend24h' | 'trend7d' | 'stores' | 'activity' | 'notice'> & {
    unhandled: Page<AlarmRecord>;
    unacknowledged: number;
    today: AlarmStatistics;
  }
>;

export type BoardAction =
  | { type: 'snapshot'; snapshot: Snapshot; at: string }
  | { type: 'overview'; change: AlarmOverviewChange; full: boolean; asOf: string }
  | { type: 'connection'; connection: Connection; asOf: string | null }
  | { type: 'announced'; id: number };

export const initialBoard: BoardState = {
  user: null,
  statistics: null,
  feed: null,
  unhandledTotal: null,
  unacknowledged: null,
  today: null,
  fresh: new Set(),
  announcement: null,
  trend24h: null,
  trend7d: null,
  stores: null,
  activity: null,
  notice: null,
  connection: 'connecting',
  dataAsOf: null,
};

export function boardReducer(state: BoardState, action: BoardAction): BoardState {
  switch (action.type) {
    case 'snapshot': {
      const { unhandled, ...rest } = action.snapshot;
      const next = { ...state, ...rest, dataAsOf: action.at };
      if (unhandled) {
        next.feed = orderFeed(unhandled.records);
        next.unhandledTotal = unhandled.total;
      }
      next.fresh = keepShown(state.fresh, next.feed);
      return next;
    }
    case 'overview': {
      const { change, full, asOf } = action;
      const before = state.feed ?? [];
      const feed = feedAfter(before, change);
      // A full update is the state on (re)subscribing, not news: only real pushes are announced.
      const news = full || state.feed === null ? [] : unseenAlarms(before, change.newAlarms);
      const shown = new Set(feed.map((alarm) => alarm.id));
      const fresh = new Set([...keepShown(state.fresh, feed), ...news.filter((alarm) => shown.has(alarm.id)).map((alarm) => alarm.id)]);
      // Announced whether or not it made the feed: behind older critical alarms it may not, and the room must still see it.
      const announced = news.find((alarm) => alarm.severity !== null && ANNOUNCED_SEVERITIES.has(alarm.severity));
      return {
        ...state,
        statistics: change.statistics ?? state.statistics,
        trend24h: change.trend24h ?? state.trend24h,
        trend7d: change.trend7d ?? state.trend7d,
        feed,
        unhandledTotal: change.unhandled?.total ?? state.unhandledTotal,
        unacknowledged: change.unacknowledged ?? state.unacknowledged,
        today: change.today ?? state.today,
        fresh,
        announcement: announced ?? state.announcement,
        dataAsOf: asOf,
      };
    }
    case 'connection':
      // Stale comes with the time its data was last good: that is the age to show.
      return { ...state, connection: action.connection, dataAsOf: action.asOf ?? state.dataAsOf };
    case 'announced':
      return state.announcement?.id === action.id ? { ...state, announcement: null } : state;
  }
}

/** Fresh marks only for alarms still in the feed, so the set stays as bounded as the feed. */
function keepShown(fresh: ReadonlySet<number>, feed: readonly AlarmRecord[] | null): ReadonlySet<number> {
  if (!feed || fresh.size === 0) return fresh.size === 0 ? fresh : new Set();
  const shown = new Set(feed.map((alarm) => alarm.id));
  return new Set([...fresh].filter((id) => shown.has(id)));
}
