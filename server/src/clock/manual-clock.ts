import type { Clock, ClockTimer } from './clock.ts';

interface Pending {
  id: number;
  due: number;
  every: number | null;
  callback: () => unknown;
}

export interface ManualClock extends Clock {
  /**
   * Moves time forward by `ms`, running every timer that falls due on the way in order of its
   * time (then of its creation), each one's returned promise awaited before the next: a poll's
   * real HTTP round trip or a simulator tick's SQL is finished when this resolves. Timers set by
   * those callbacks run too if they fall due within the same `ms`.
   */
  advance(ms: number): Promise<void>;
  /** Timers waiting to run: how many pollers, intervals and ticks are alive. */
  readonly pending: number;
}

/**
 * A clock only the test moves. Unlike vitest's fake timers it replaces no global, so socket.io,
 * undici and the database keep their real timers, and unlike them it waits for the real I/O a
 * callback starts before it runs the next one.
 */
/**
 * Starts at the real time by default, so what it stamps sits beside what the database stamps with
 * its own now() (a heartbeat is then "the latest", not half a day old).
 */
export function createManualClock(start = Date.now()): ManualClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, Pending>();
  const add = (callback: () => unknown, ms: number, every: number | null): ClockTimer => {
    const id = nextId++;
    timers.set(id, { id, due: now + Math.max(0, ms), every, callback });
    return { id } as unknown as ClockTimer;
  };
  const clear = (timer: ClockTimer | undefined) => {
    if (timer) timers.delete((timer as unknown as { id: number }).id);
  };
  const nextDue = (until: number): Pending | undefined => {
    let first: Pending | undefined;
    for (const timer of timers.values()) {
      if (timer.due > until) continue;
      if (!first || timer.due < first.due || (timer.due === first.due && timer.id < first.id)) first = timer;
    }
    return first;
  };

  let running: Promise<void> = Promise.resolve();
  const advance = async (ms: number) => {
    const until = now + ms;
    for (let timer = nextDue(until); timer; timer = nextDue(until)) {
      now = timer.due;
      if (timer.every === null) timers.delete(timer.id);
      // An interval keeps its place: the next run is one period after this one was due.
      else timer.due += Math.max(1, timer.every);
      await timer.callback();
    }
    now = until;
  };

  return {
    now: () => now,
    setTimeout: (callback, ms) => add(callback, ms, null),
    clearTimeout: clear,
    setInterval: (callback, ms) => add(callback, ms, ms),
    clearInterval: clear,
    // Two advances at once would interleave their timers; one waits for the other instead.
    advance: (ms) => (running = running.catch(() => {}).then(() => advance(ms))),
    get pending() {
      return timers.size;
    },
  };
}
