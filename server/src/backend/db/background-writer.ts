import { setTimeout as rest } from 'node:timers/promises';
import { currentQueryContext, runWithQueryContext, type BackgroundRun } from './query-context.ts';

/**
 * Connections of the PostgreSQL pool (10) that background writers may hold at once, all of them
 * together: the demo's simulator and service scheduler, the background fill, render-ahead, and
 * device ingestion next. Measured before the bound, the simulator at SIMULATOR_RATE=120 beside 200
 * heavy calls pushed another user's light calls to p99 5.0 s.
 */
export const BACKGROUND_WRITER_CONNECTIONS = 2;
/**
 * Of its time, the most one background run spends with statements running: after each busy spell
 * it rests three times as long before its next statement. A writer's statements follow each other
 * back to back (the simulator at 120× never stops), so a connection cap alone would still let it
 * keep a core of the database busy; with the rest, all writers together take at most half of one.
 * A writer that cannot keep up within its share falls behind (the simulator drops the heartbeats
 * of a stall) rather than slowing the requests.
 */
export const BACKGROUND_WRITER_BUSY_SHARE = 0.25;

/** A signal that never aborts, for writers whose stopping happens between their steps. */
const NEVER = new AbortController().signal;

/**
 * Runs `fn` as a background writer: its statements take a bounded share of the database so that
 * requests keep theirs. On PGlite they go in the heavy lane of the statement queue (interactive
 * statements overtake them); on PostgreSQL each run holds at most one of the
 * BACKGROUND_WRITER_CONNECTIONS while it has statements running, waits for one otherwise, and rests
 * between its busy spells (BACKGROUND_WRITER_BUSY_SHARE).
 * `signal` refuses the run's statements not yet started (a writer being stopped).
 */
export function runAsBackgroundWriter<T>(fn: () => T, signal: AbortSignal = NEVER): T {
  // Already one (a writer calling another's code): the same run, the same share.
  if (currentQueryContext()?.background) return fn();
  const background: BackgroundRun = { active: 0, holding: null, restUntil: 0 };
  return runWithQueryContext({ signal, heavy: true, background }, fn);
}

export interface BackgroundShare {
  /**
   * Holds a connection of the share for the current context's run while `fn` runs; nested and
   * overlapping statements of one run share its one slot. Outside a background run, `fn` at once.
   */
  run<T>(fn: () => Promise<T>): Promise<T>;
  stats(): { holding: number; waiting: number };
}

/**
 * The share of a pool that background writers may hold at once: `slots` runs with statements
 * running, each busy at most `busyShare` of its time.
 */
export function createBackgroundShare(
  slots = BACKGROUND_WRITER_CONNECTIONS,
  busyShare = BACKGROUND_WRITER_BUSY_SHARE,
  time: { now(): number; rest(ms: number): Promise<unknown> } = { now: () => performance.now(), rest },
): BackgroundShare {
  let holding = 0;
  const waiting: (() => void)[] = [];

  const acquire = (): Promise<void> => {
    if (holding < slots) {
      holding++;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    // Handed straight to the next run: the count stays.
    if (next) next();
    else holding--;
  };

  const busySince = new WeakMap<BackgroundRun, number>();
  const restThenAcquire = async (background: BackgroundRun) => {
    const resting = background.restUntil - time.now();
    if (resting > 0) await time.rest(resting);
    await acquire();
    busySince.set(background, time.now());
  };

  return {
    async run(fn) {
      const background = currentQueryContext()?.background;
      if (!background) return fn();
      if (background.active++ === 0) background.holding = restThenAcquire(background);
      try {
        await background.holding;
        return await fn();
      } finally {
        if (--background.active === 0) {
          background.holding = null;
          const now = time.now();
          background.restUntil = now + (now - busySince.get(background)!) * (1 / busyShare - 1);
          release();
        }
      }
    },
    stats: () => ({ holding, waiting: waiting.length }),
  };
}
