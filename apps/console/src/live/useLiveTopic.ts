import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { LiveTopic, LiveTopicParams } from '@pest/shared';
import type { LiveClient, LiveClientState, LiveTopicHandlers } from '@pest/shared/live-client';
import { liveConnection, onLiveConnectionChange } from './liveSession.ts';

function useConnection(): LiveClient | null {
  const [connection, setConnection] = useState(liveConnection);
  useEffect(() => onLiveConnectionChange(() => setConnection(liveConnection())), []);
  return connection;
}

/**
 * Watches a live topic while the component is mounted and `params` is not null. Params are
 * compared by value, so a page can pass a fresh object on every render.
 */
export function useLiveTopic<T extends LiveTopic>(topic: T, params: LiveTopicParams<T> | null, handlers: LiveTopicHandlers<T>): void {
  const connection = useConnection();
  const latest = useRef(handlers);
  latest.current = handlers;
  const paramsKey = params === null ? null : JSON.stringify(params);

  useEffect(() => {
    if (!connection || paramsKey === null) return;
    return connection.subscribe(topic, JSON.parse(paramsKey) as LiveTopicParams<T>, {
      onUpdate: (update) => latest.current.onUpdate(update),
      onResync: () => latest.current.onResync(),
    });
  }, [connection, topic, paramsKey]);
}

const DISCONNECTED: LiveClientState = { status: 'connecting', staleSince: null };
const noop = () => () => {};

/** Connection status and staleness, for the indicator. */
export function useLiveStatus(): LiveClientState {
  const connection = useConnection();
  return useSyncExternalStore(connection?.listen ?? noop, connection?.getState ?? (() => DISCONNECTED));
}
