import { useCallback, useEffect, useEffectEvent, useReducer } from 'react';
import { chinaDay, chinaHourBucket, lastHours } from '@pest/shared';
import { LiveClient } from '@pest/shared/live-client';
import { boardApi } from '../api/boardApi.ts';
import { TokenRejected, type Caller } from '../api/http.ts';
import { boardConnection, type Connection } from '../live/connection.ts';
import { FEED_CAPACITY } from './alarmFeed.ts';
import { boardReducer, initialBoard, type BoardState, type Snapshot } from './boardState.ts';
import { partRetryDelayMs } from './partRetry.ts';

/** Panels without a live topic (store map, service activity, the latest notice) are polled this often; everything is while the socket is down. */
export const POLL_MS = 30_000;

/**
 * The board's data: an HTTP snapshot at start and after every (re)connect, alarm-overview pushes
 * from the live hub in between, and a 30-second poll for the rest. Everything it starts (socket,
 * timer) stops when the board unmounts or the token is refused.
 */
export function useBoard(caller: Caller, onRejected: () => void): { state: BoardState; dismissAnnouncement(id: number): void } {
  const [state, dispatch] = useReducer(boardReducer, initialBoard);
  const rejected = useEffectEvent(onRejected);

  const { token, screenId } = caller;
  useEffect(() => {
    const api = boardApi({ token, screenId });
    let stopped = false;
    let connection: Connection = 'connecting';
    let live: LiveClient | null = null;
    // Parts whose last answer failed, asked again on their own schedule (partRetryDelayMs).
    const missing = new Set<keyof Snapshot>();
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failuresInRow = 0;
    const stop = () => {
      stopped = true;
      clearInterval(timer);
      clearTimeout(retry);
      live?.close();
    };
    const refuse = () => {
      if (stopped) return;
      stop();
      rejected();
    };
    /** A failed part stays as it was (or shown as no data); a refused token ends the board. */
    const attempt = <T>(call: () => Promise<T>): Promise<T | undefined> =>
      call().catch((error: unknown) => {
        if (error instanceof TokenRejected) refuse();
        return undefined;
      });

    const fetchParts = async (parts: (keyof Snapshot)[]) => {
      const now = new Date();
      const calls: { [K in keyof Snapshot]-?: () => Promise<Snapshot[K]> } = {
        user: api.user,
        statistics: api.statistics,
        // The live topic's own questions, so the board reads the same before the first push and while the socket is down.
        unhandled: () => api.alarms({ current: 1, size: FEED_CAPACITY, alarmOnly: true, states: ['open', 'acknowledged'], sort: 'urgency' }),
        unacknowledged: async () => (await api.alarms({ current: 1, size: 1, alarmOnly: true, states: ['open'] })).total,
        today: () => api.alarmStatistics({ startDate: chinaDay(now), endDate: chinaDay(now) }),
        trend24h: async () =>
          lastHours(await api.alarmTrend({ startDate: chinaDay(now, -1), endDate: chinaDay(now), granularity: 'hour' }), chinaHourBucket(now), 24),
        trend7d: () => api.alarmTrend({ startDate: chinaDay(now, -6), endDate: chinaDay(now) }),
        stores: api.storeStatus,
        activity: api.serviceActivity,
        notice: api.latestNotice,
      };
      const answers = await Promise.all(parts.map(async (part) => [part, await attempt<unknown>(calls[part])] as const));
      const snapshot = Object.fromEntries(answers.filter(([, value]) => value !== undefined)) as Snapshot;
      if (stopped) return;
      if (Object.keys(snapshot).length > 0) dispatch({ type: 'snapshot', snapshot, at: now.toISOString() });
      for (const [part, value] of answers) {
        if (value === undefined) missing.add(part);
        else missing.delete(part);
      }
      if (missing.size === 0) {
        clearTimeout(retry);
        retry = undefined;
        failuresInRow = 0;
      } else if (retry === undefined) {
        failuresInRow += 1;
        retry = setTimeout(() => {
          retry = undefined;
          void fetchParts([...missing]);
        }, partRetryDelayMs(failuresInRow, POLL_MS));
      }
    };
    const everything: (keyof Snapshot)[] = ['user', 'statistics', 'unhandled', 'unacknowledged', 'today', 'trend24h', 'trend7d', 'stores', 'activity', 'notice'];

    const timer = setInterval(() => {
      void fetchParts(connection === 'live' ? ['stores', 'activity', 'notice'] : everything);
    }, POLL_MS);
    const client = new LiveClient(window.location.origin, token);
    live = client;
    client.listen(() => {
      const next = boardConnection(client.getState());
      if (!next) return refuse();
      connection = next.connection;
      dispatch({ type: 'connection', ...next });
    });
    // Pushes apply on top of the first snapshot, so the subscription waits for it.
    void fetchParts(everything).then(() => {
      if (stopped) return;
      client.subscribe('alarmOverview', {}, {
        onUpdate: (update) => dispatch({ type: 'overview', change: update.data, full: update.full === true, asOf: update.asOf }),
        onResync: () => fetchParts(everything),
      });
    });
    return stop;
  }, [token, screenId]);

  const dismissAnnouncement = useCallback((id: number) => dispatch({ type: 'announced', id }), []);
  return { state, dismissAnnouncement };
}
