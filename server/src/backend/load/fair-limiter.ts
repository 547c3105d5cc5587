/** Refused at once: the user already has as much heavy work running and waiting as they may. */
export class LimitExceeded extends Error {
  override name = 'LimitExceeded';
}

export interface FairLimiterOptions {
  /** Heavy requests one user may have running at once. */
  perUser: number;
  /** Heavy requests running at once across all users: the rest of the database stays free for light calls. */
  total: number;
  /** Heavy requests one user may have waiting for a slot; more are refused. */
  queuePerUser: number;
}

interface Waiter {
  start(): void;
}

interface UserLoad {
  running: number;
  waiting: Waiter[];
}

/**
 * Slots for heavy work, shared fairly: each user gets at most `perUser` at once, and a freed slot
 * goes to the next user in turn (round robin), not to whoever queued most. So one user's burst
 * neither starves the others nor grows a queue without bound.
 */
export function createFairLimiter({ perUser, total, queuePerUser }: FairLimiterOptions) {
  const users = new Map<string, UserLoad>();
  /** Users with someone waiting, in the order their turn comes. */
  const turns: string[] = [];
  let running = 0;

  const loadOf = (user: string) => {
    let load = users.get(user);
    if (!load) users.set(user, (load = { running: 0, waiting: [] }));
    return load;
  };

  const dropIfIdle = (user: string, load: UserLoad) => {
    if (load.running === 0 && load.waiting.length === 0) users.delete(user);
  };

  /** Hands free slots to waiting users in turn. */
  const dispatch = () => {
    let passes = turns.length;
    while (running < total && passes-- > 0) {
      const user = turns.shift()!;
      const load = users.get(user);
      if (!load || load.waiting.length === 0) continue;
      if (load.running >= perUser) {
        turns.push(user);
        continue;
      }
      const waiter = load.waiting.shift()!;
      if (load.waiting.length > 0) turns.push(user);
      load.running++;
      running++;
      passes = turns.length;
      waiter.start();
    }
  };

  const releaser = (user: string, load: UserLoad) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      load.running--;
      running--;
      dropIfIdle(user, load);
      dispatch();
    };
  };

  return {
    /**
     * Resolves with the function that frees the slot once the caller's work is done. Rejects
     * with LimitExceeded when the user's queue is full, and with the signal's reason when the
     * caller gives up while waiting.
     */
    acquire(user: string, signal?: AbortSignal): Promise<() => void> {
      signal?.throwIfAborted();
      const load = loadOf(user);
      if (running < total && load.running < perUser && load.waiting.length === 0) {
        load.running++;
        running++;
        return Promise.resolve(releaser(user, load));
      }
      if (load.waiting.length >= queuePerUser) {
        dropIfIdle(user, load);
        return Promise.reject(new LimitExceeded(`${user} has ${load.running} running and ${load.waiting.length} waiting`));
      }
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          start: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve(releaser(user, load));
          },
        };
        const onAbort = () => {
          const index = load.waiting.indexOf(waiter);
          if (index >= 0) load.waiting.splice(index, 1);
          dropIfIdle(user, load);
          reject(signal!.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        load.waiting.push(waiter);
        if (!turns.includes(user)) turns.push(user);
      });
    },
    /** What is running and waiting now, for /loadz and the tests. */
    stats() {
      let waiting = 0;
      for (const load of users.values()) waiting += load.waiting.length;
      return { running, waiting };
    },
  };
}

export type FairLimiter = ReturnType<typeof createFairLimiter>;
