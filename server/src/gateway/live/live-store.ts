/** What every gateway process knows about one subscription key. */
export interface KeyState<S = unknown> {
  /** Increases by one with every update pushed for the key. */
  seq: number;
  /** When the upstream last answered for this key (ISO time). */
  asOf: string;
  state: 'live' | 'stale';
  /** The last result, which the next poll is compared with. */
  snapshot: S;
}

/**
 * Where pollers keep their last result and decide who polls. In one process that is memory; with
 * several processes it is Redis (redis-live-store.ts), so whichever process polls next continues
 * from the same snapshot and sequence number.
 */
export interface LiveStore {
  get<S>(key: string): Promise<KeyState<S> | null>;
  set<S>(key: string, state: KeyState<S>): Promise<void>;
  /** Takes or renews the right to poll `key` for `ttlMs`; false while another owner holds it. */
  tryLock(key: string, owner: string, ttlMs: number): Promise<boolean>;
  /** This process stops polling `key` (its last local subscriber left). */
  release(key: string, owner: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryLiveStore(): LiveStore {
  const states = new Map<string, KeyState>();
  return {
    get: async <S>(key: string) => (states.get(key) as KeyState<S> | undefined) ?? null,
    set: async (key, state) => void states.set(key, state),
    // One process, one poller per key: the registry already guarantees it.
    tryLock: async () => true,
    // Nobody else can be subscribed: the next subscriber starts afresh.
    release: async (key) => void states.delete(key),
    close: async () => states.clear(),
  };
}
