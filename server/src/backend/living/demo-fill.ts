import type { FastifyBaseLogger } from 'fastify';
import type { DemoFillPart } from '@pest/shared';
import type { Db } from '../db/db.ts';
import { vacuumPgliteByTable } from '../db/pglite-maintenance.ts';
import { runWithQueryContext } from '../db/query-context.ts';
import { fillHeartbeatHistory, HEARTBEAT_FILL_STORES, HEARTBEAT_FILL_WHAT, heartbeatFillPending } from '../db/seed/heartbeat-history.ts';

/**
 * The demo data a first start left to fill in while the product already answers (the devices'
 * heartbeat history, which no first screen reads), in steps that let requests in between. The
 * live writers wait for it: the catch-up and the simulator write the same tables.
 */
export interface DemoFill {
  /** Parts still being generated. */
  filling(): DemoFillPart[];
  /** The start banner's line while something waits; null when nothing does. */
  bannerLine(): string | null;
  /** Begins filling in (once the backend listens). */
  start(): void;
  /** Settles true once everything is filled in (at once when nothing waited), false when it stopped or failed first. */
  readonly done: Promise<boolean>;
  /** Stops after the step under way; the rest is filled in at the next start. */
  stop(): Promise<void>;
}

export interface DemoFillOptions {
  /** Filling in waits for this first: a test looks at the product before it. */
  after?: Promise<void>;
}

export async function prepareDemoFill(db: Db, logger: FastifyBaseLogger, { after }: DemoFillOptions = {}): Promise<DemoFill> {
  if (!(await heartbeatFillPending(db))) {
    return { filling: () => [], bannerLine: () => null, start: () => undefined, done: Promise.resolve(true), stop: async () => undefined };
  }
  const controller = new AbortController();
  let finished = false;
  let work: Promise<void> | null = null;
  let settle!: (complete: boolean) => void;
  const done = new Promise<boolean>((resolve) => (settle = resolve));
  return {
    filling: () => (finished ? [] : ['heartbeatHistory']),
    bannerLine: () => (finished ? null : `Demo data: still filling in the ${HEARTBEAT_FILL_WHAT} in the background; device trends and online rates are complete when the log says "demo data complete", and the live simulator starts then`),
    start() {
      // Heavy work: on PGlite each step waits for the event loop to read sockets and lets the
      // statements of requests that arrived meanwhile go first. Without it the steps followed each
      // other as promise callbacks alone, and no request was even read until the last one.
      // Stopping happens between steps, so the context's own signal never aborts one halfway.
      work ??= runWithQueryContext({ signal: new AbortController().signal, heavy: true }, async () => {
        await after;
        const started = performance.now();
        if (controller.signal.aborted) return settle(false);
        const complete = await fillHeartbeatHistory(db, { logger, storesPerStep: HEARTBEAT_FILL_STORES, signal: controller.signal });
        if (complete) {
          // The new demo's rows all-visible at once, as the maintenance timer would leave them later.
          await vacuumPgliteByTable(db);
          finished = true;
          logger.info({ ms: Math.round(performance.now() - started) }, 'demo data complete');
        }
        settle(complete);
      }).catch((error: unknown) => {
        logger.error({ err: error }, 'filling in the demo data failed; the next start goes on with it');
        settle(false);
      });
    },
    done,
    async stop() {
      controller.abort();
      // Never started (the backend did not listen): nothing will fill in now.
      if (!work) settle(false);
      await work;
    },
  };
}
