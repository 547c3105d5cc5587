import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

export interface RateLimitStore {
  /** @fastify/rate-limit's options for the store: Redis when configured, else this process's memory. */
  options: { redis?: Redis; nameSpace?: string; skipOnError: boolean };
  close(): Promise<void>;
}

/**
 * Where the login and display-code limits count tries. With several instances behind a load
 * balancer a per-process count would let a guesser spread tries over them, so with REDIS_URL the
 * counts live in Redis under the deployment's prefix. While Redis is away the limits let requests
 * through (the login's per-address lockout in the database still holds) and the log says so once
 * each way: refusing every sign-in because Redis is down would turn its outage into the product's.
 */
export function createRateLimitStore({ redisUrl, redisPrefix }: { redisUrl: string | null; redisPrefix: string }, logger: FastifyBaseLogger): RateLimitStore {
  if (!redisUrl) return { options: { skipOnError: true }, close: async () => undefined };
  const redis = new Redis(redisUrl, {
    // A limit check must not wait for a reconnect: it fails at once and the request goes through.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  let away = false;
  redis.on('error', (error: Error) => {
    if (away) return;
    away = true;
    logger.warn({ err: error }, 'Redis is away: login and display-code limits count per process until it is back');
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    logger.info('Redis is back: login and display-code limits are shared again');
  });
  return {
    options: { redis, nameSpace: `${redisPrefix}:rate-limit:`, skipOnError: true },
    close: async () => void redis.disconnect(),
  };
}
