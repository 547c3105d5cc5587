import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock, type ClockTimer } from '../../clock/clock.ts';
import { runAsBackgroundWriter } from '../db/background-writer.ts';

/** One of the product's rules, applied to the data as it stands at `now` (epoch ms on the backend's clock). */
export interface Sweep {
  name: string;
  run(now: number): Promise<unknown>;
}

export interface PeriodicSweep {
  /** Stops the timer and waits for a sweep under way, so the database is not closed beneath it. */
  stop(): Promise<void>;
}

/**
 * Runs the sweeps one after another every `everyMs` on the clock, the first `everyMs` after the
 * start. The next round is timed from the end of the last, so a slow database never stacks rounds;
 * a sweep that fails is logged and tried again next round, and does not hold up the others. A
 * round is a background writer: a burst (the whole fleet silent after a network cut) takes a
 * bounded share of the database, not the requests' (db/background-writer.ts).
 */
export function startPeriodicSweep(sweeps: Sweep[], options: { everyMs: number; logger: FastifyBaseLogger; clock?: Clock }): PeriodicSweep {
  const { everyMs, logger, clock = systemClock } = options;
  let stopped = false;
  let timer: ClockTimer | undefined;
  let running: Promise<void> = Promise.resolve();

  const round = async () => {
    for (const sweep of sweeps) {
      if (stopped) return;
      await sweep.run(clock.now()).catch((error: unknown) => logger.warn({ err: error, sweep: sweep.name }, 'sweep failed'));
    }
  };
  const schedule = () => {
    if (stopped) return;
    // Returns the round, so a manual clock waits for its SQL before it moves on.
    timer = clock.setTimeout(() => (running = runAsBackgroundWriter(round).finally(schedule)), everyMs);
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clock.clearTimeout(timer);
      await running;
    },
  };
}
