import type { Logger } from 'pino';
import type { Db, Queryable } from '../../backend/db/db.ts';

export interface StepFillOptions {
  logger: Pick<Logger, 'info' | 'debug'>;
  /** Stops between steps (the backend closing); a stopped fill goes on at the next start. */
  signal?: AbortSignal;
}

export interface StepFill {
  /** What the log calls it. */
  name: string;
  pending(q: Queryable): Promise<boolean>;
  /** One step in a transaction of its own, so requests get the database between steps; true while more waits. */
  step(): Promise<boolean>;
  /** The tables to analyze once all is in. */
  analyze: string;
}

/** Runs a part of the demo's background fill step by step to its end; false when stopped before it. */
export async function fillInSteps(db: Db, { name, pending, step, analyze }: StepFill, { logger, signal }: StepFillOptions): Promise<boolean> {
  if (!(await pending(db))) return true;
  const started = performance.now();
  for (let stepStarted = performance.now(); await step(); stepStarted = performance.now()) {
    logger.debug({ step: name, ms: Math.round(performance.now() - stepStarted) }, 'filled a step');
    if (signal?.aborted) return false;
  }
  await db.exec(`analyze ${analyze}`);
  logger.info({ step: name, ms: Math.round(performance.now() - started) }, 'generated');
  return true;
}
