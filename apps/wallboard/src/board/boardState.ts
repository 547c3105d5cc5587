import type { AlarmOverviewChange, AlarmRecord, AlarmTrend, MouseBoxStatistics, ServiceActivity, StoreStatus, UserInfo } from '@pest/shared';
import type { Connection } from '../live/connection.ts';
import { mergeFeed, unseenAlarms } from './alarmFeed.ts';

/** Everything the board shows. null: no data yet (or the call failed), shown as such, never faked. */
export interface BoardState {
  user: UserInfo | null;
  statistics: MouseBoxStatistics | null;
  feed: AlarmRecord[] | null;
  /** Alarms that arrived by push and animate in. */
  fresh: ReadonlySet<number>;
  /** The newest pushed alarm, announced across the board for a few seconds. */
  announcement: AlarmRecord | null;
  trend24h: AlarmTrend | null;
  trend7d: AlarmTrend | null;
  stores: StoreStatus[] | null;
  activity: ServiceActivity | null;
  connection: Connection;
  /** When the data shown was last known good (ISO): the live hub's asOf or the last snapshot. */
  dataAsOf: string | null;
}

export type Snapshot = Partial<Pick<BoardState, 'user' | 'statistics' | 'feed' | 'trend24h' | 'trend7d' | 'stores' | 'activity'>>;

export type BoardAction =
  | { type: 'snapshot'; snapshot: Snapshot; at: string }
  | { type: 'overview'; change: AlarmOverviewChange; full: boolean; asOf: string }
  | { type: 'connection'; connection: Connection; asOf: string | null }
  | { type: 'announced'; id: number };

export const initialBoard: BoardState = {
  user: null,
  statistics: null,
  feed: null,
  fresh: new Set(),
  announcement: null,
  trend24h: null,
  trend7d: null,
  stores: null,
  activity: null,
  connection: 'connecting',
  dataAsOf: null,
};

export function boardReducer(state: BoardState, action: BoardAction): BoardState {
  switch (action.type) {
    case 'snapshot': {
      const { feed, ...rest } = action.snapshot;
      const next = { ...state, ...rest, dataAsOf: action.at };
      if (feed) next.feed = mergeFeed([], feed);
      next.fresh = keepShown(state.fresh, next.feed);
      return next;
    }
    case 'overview': {
      const { change, full, asOf } = action;
      const before = state.feed ?? [];
      const feed = mergeFeed(before, change.newAlarms);
      // A full update is the state on (re)subscribing, not news: only real pushes are announced.
      const news = full || state.feed === null ? [] : unseenAlarms(before, change.newAlarms).filter((alarm) => feed.includes(alarm));
      const fresh = new Set([...keepShown(state.fresh, feed), ...news.map((alarm) => alarm.id)]);
      return {
        ...state,
        statistics: change.statistics ?? state.statistics,
        trend24h: change.trend24h ?? state.trend24h,
        trend7d: change.trend7d ?? state.trend7d,
        feed,
        fresh,
        announcement: news[0] ?? state.announcement,
        dataAsOf: asOf,
      };
    }
    case 'connection':
      return { ...state, connection: action.connection, dataAsOf: action.connection === 'live' && action.asOf ? action.asOf : state.dataAsOf };
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
