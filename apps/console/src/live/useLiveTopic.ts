import { useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import type { LiveTopic, LiveTopicParams, LiveUpdate } from '@pest/shared';
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
  // Effect events: a page's new handlers are used without subscribing again. The resync's promise is
  // passed on, since the subscription is renewed once it settles.
  const onUpdate = useEffectEvent((update: LiveUpdate<T>) => handlers.onUpdate(update));
  const onResync = useEffectEvent(() => handlers.onResync());
  const paramsKey = params === null ? null : JSON.stringify(params);

  useEffect(() => {
    if (!connection || paramsKey === null) return;
    return connection.subscribe(topic, JSON.parse(paramsKey) as LiveTopicParams<T>, {
      onUpdate: (update) => onUpdate(update),
      onResync: () => onResync(),
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
