import type { Redis } from 'ioredis';
import type { KeyState, LiveStore } from './live-store.ts';

// Renew only a lock we hold, and release only our own: a process that stalled past its expiry
// must not delete the lock its successor took meanwhile.
const RENEW_OR_TAKE = `
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if holder then return 0 end
return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) and 1 or 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * Shared poller state for several gateway processes. A lock with an expiry makes one process poll
 * each key; when it dies the lock runs out and the next process to try takes over, continuing
 * from the snapshot and sequence number kept here.
 */
export function createRedisLiveStore(redis: Redis, { stateTtlMs, prefix }: { stateTtlMs: number; prefix: string }): LiveStore {
  const stateKey = (key: string) => `${prefix}:live:state:${key}`;
  const lockKey = (key: string) => `${prefix}:live:lock:${key}`;
  return {
    async get<S>(key: string) {
      const raw = await redis.get(stateKey(key));
      return raw ? (JSON.parse(raw) as KeyState<S>) : null;
    },
    async set(key, state) {
      // Expires by itself once nobody polls the key any more.
      await redis.set(stateKey(key), JSON.stringify(state), 'PX', stateTtlMs);
    },
    async tryLock(key, owner, ttlMs) {
      return (await redis.eval(RENEW_OR_TAKE, 1, lockKey(key), owner, String(ttlMs))) === 1;
    },
    // Other processes may still have subscribers: the state stays for them and expires if not.
    async release(key, owner) {
      await redis.eval(RELEASE, 1, lockKey(key), owner);
    },
    async close() {},
  };
}
