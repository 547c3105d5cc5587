import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { LiveStore } from './live-store.ts';
import { createRedisLiveStore } from './redis-live-store.ts';
import { RedisLink } from './redis-link.ts';

export interface LiveRedis {
  store: LiveStore;
  /** socket.io's adapter: rooms, server-side events and disconnects across gateway processes. */
  adapter: ReturnType<typeof createAdapter>;
  link: RedisLink;
  close(): Promise<void>;
}

/** What socket.io's Redis adapter sends without looking at the answer. */
const ADAPTER_COMMANDS = ['publish', 'subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const;

/**
 * The adapter drops the promises of its commands. One still queued when its client closes (the hub
 * shutting down just after a logout's publish, or just after it subscribed) is rejected with
 * "Connection is closed", an unhandled rejection that ends the process; here it is logged instead.
 * The caller still gets the same promise.
 */
export function failuresLogged(client: Redis, commands: readonly (typeof ADAPTER_COMMANDS)[number][], logger: FastifyBaseLogger): void {
  for (const command of commands) {
    const send = client[command].bind(client) as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(client, command, {
      value: (...args: unknown[]) => {
        const answer = send(...args);
        answer.catch((error: unknown) => logger.debug({ err: error, command }, 'live: a Redis adapter command failed'));
        return answer;
      },
    });
  }
}

/** The live hub's three Redis clients (the store's, the adapter's publisher and subscriber), connected. */
export async function connectLiveRedis({ url, prefix, pollMs, logger }: { url: string; prefix: string; pollMs: number; logger: FastifyBaseLogger }): Promise<LiveRedis> {
  // The store's commands fail at once while Redis is away, and one that a Redis gone silent leaves
  // unanswered fails after a while, so no poll and no subscription waits for Redis's return.
  const storeClient = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: Math.max(pollMs, 5_000) });
  // The adapter publishes without handling a failure, which would be an unhandled rejection and
  // end the process: its clients hold commands until Redis is back instead of failing them. While
  // Redis is away the hub publishes nothing but token revocations, which are worth delivering late.
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
  const subscriber = publisher.duplicate();
  for (const client of [publisher, subscriber]) failuresLogged(client, ADAPTER_COMMANDS, logger);
  const clients = [storeClient, publisher, subscriber];
  // Listening before connecting: a refused first connection is an error event too.
  const link = new RedisLink(clients, logger);
  await Promise.all(clients.map((client) => client.connect()));
  return {
    store: createRedisLiveStore(storeClient, { stateTtlMs: pollMs * 20, prefix }),
    // The adapter's key starts its channels (rooms, serverSideEmit, disconnects across processes).
    adapter: createAdapter(publisher, subscriber, { key: `${prefix}:socket.io` }),
    link,
    async close() {
      link.close();
      // QUIT would wait in the publisher's queue for a Redis that is away.
      await Promise.all(clients.map((client) => (client.status === 'ready' ? client.quit().catch(() => client.disconnect()) : client.disconnect())));
    },
  };
}
