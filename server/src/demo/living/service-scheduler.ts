import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock, type ClockTimer } from '../../clock/clock.ts';
import { runAsBackgroundWriter } from '../../backend/db/background-writer.ts';
import type { Db } from '../../backend/db/db.ts';
import { readDemoClock } from '../seed/demo-clock.ts';
import type { FieldCrew } from './field-crew.ts';
import { fillBusiness, tryLockBusiness } from './fill-business.ts';

/** How often the business moves on at rate 1: visits start and end to the minute. */
const TICK_MS = 60_000;
const MIN_TICK_MS = 1000;

export interface ServiceSchedulerOptions {
  /**
   * SCHEDULER_RATE: how many times real time the business day runs at, counted from the start
   * (tests and demos of a whole day in minutes); 1 follows the clock.
   */
  rate: number;
  clock?: Clock;
  /** Time between ticks; a test running through days takes longer steps. */
  tickMs?: number;
  /** Told after a tick that finished visits has committed (their reports are rendered ahead). */
  onVisitsFinished?: () => void;
  /** The technician the demo plays, who records his visits through the field app's writes after each tick. */
  crew?: FieldCrew;
}

export interface ServiceScheduler {
  /** Stops ticking and waits for the tick in progress. */
  stop(): Promise<void>;
}

/**
 * Keeps the provider's business going while the backend runs: every tick carries it from where
 * the data stops to now (fillBusiness: the same steps that generated the history), so plans book
 * the coming week's visits, technicians start and finish them in working hours, their sheets and
 * risks appear, and the day's unfinished visits turn overdue at midnight.
 */
export function startServiceScheduler(db: Db, logger: FastifyBaseLogger, options: ServiceSchedulerOptions): ServiceScheduler {
  const { rate, clock = systemClock } = options;
  const startedAt = clock.now();
  const tickMs = options.tickMs ?? Math.max(MIN_TICK_MS, TICK_MS / rate);
  let stopped = false;
  let timer: ClockTimer | undefined;
  let running: Promise<void> = Promise.resolve();

  const businessNow = () => new Date(startedAt + (clock.now() - startedAt) * rate);
  const tick = () =>
    db.transaction(async (tx) => {
      if (stopped || !(await tryLockBusiness(tx))) return;
      const demo = await readDemoClock(tx);
      const to = businessNow();
      if (!demo || demo.filledTo >= to) return;
      const fill = await fillBusiness(tx, demo.filledTo, to);
      if (fill.planned + fill.started + fill.finished + fill.overdue + fill.rectified > 0) logger.debug({ ...fill, to }, 'service day moved on');
      return fill.finished > 0;
    }).then(async (finished) => {
      if (finished) options.onVisitsFinished?.();
      if (!stopped) await options.crew?.work(businessNow());
    });
  const schedule = () => {
    if (stopped) return;
    // Returns the tick, so a manual clock waits for its SQL before it moves on.
    timer = clock.setTimeout(
      () => (running = runAsBackgroundWriter(tick).catch((error: unknown) => logger.warn({ err: error }, 'service scheduler tick failed')).finally(schedule)),
      tickMs,
    );
  };
  schedule();
  logger.info({ rate, tickMs }, 'service scheduler started');
  return {
    async stop() {
      stopped = true;
      clock.clearTimeout(timer);
      await running;
    },
  };
}
