import { Redis } from 'ioredis';

/** The Redis the scale-out tests use. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Whether Redis answers on TEST_REDIS_URL. */
export const redisAvailable = await redisAnswers();

/**
 * Whether the Redis tests run: the default test run passes on a machine without Redis (they
 * skip), but CI sets REQUIRE_REDIS=1 and starts Redis, so there an unreachable Redis fails them
 * instead of skipping them unnoticed.
 */
export const runRedisTests = redisAvailable || process.env.REQUIRE_REDIS === '1';
