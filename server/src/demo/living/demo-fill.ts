import type { FastifyBaseLogger } from 'fastify';
import type { DemoFillPart } from '@pest/shared';
import type { Db } from '../../backend/db/db.ts';
import { vacuumPgliteByTable } from '../../backend/db/pglite-maintenance.ts';
import { runAsBackgroundWriter } from '../../backend/db/background-writer.ts';
import { ALARM_FILL_DAYS, ALARM_FILL_WHAT, alarmFillPending, fillDeviceAlarms } from '../seed/event-backlog.ts';
import { fillHeartbeatHistory, HEARTBEAT_FILL_STORES, HEARTBEAT_FILL_WHAT, heartbeatFillPending } from '../seed/heartbeat-history.ts';
import { fillVisitSheets, SHEET_FILL_VISITS, SHEET_FILL_WHAT, sheetFillPending } from '../seed/sheet-backlog.ts';

interface FillPart {
  part: DemoFillPart;
  what: string;
  pending(db: Db): Promise<boolean>;
  fill(db: Db, options: { logger: FastifyBaseLogger; signal: AbortSignal }): Promise<boolean>;
}

/**
 * In the order they are filled in: the older alarms first (the alarm statistics' year, and the
 * older visits' sheets count the captures among them), then those sheets, which reports and charts show.
 */
const FILL_PARTS: FillPart[] = [
  {
    part: 'deviceAlarms',
    what: ALARM_FILL_WHAT,
    pending: alarmFillPending,
    fill: (db, options) => fillDeviceAlarms(db, { ...options, daysPerStep: ALARM_FILL_DAYS }),
  },
  {
    part: 'visitSheets',
    what: SHEET_FILL_WHAT,
    pending: sheetFillPending,
    fill: (db, options) => fillVisitSheets(db, { ...options, visitsPerStep: SHEET_FILL_VISITS }),
  },
  {
    part: 'heartbeatHistory',
    what: HEARTBEAT_FILL_WHAT,
    pending: heartbeatFillPending,
    fill: (db, options) => fillHeartbeatHistory(db, { ...options, storesPerStep: HEARTBEAT_FILL_STORES }),
  },
];

/**
 * The demo data a first start left to fill in while the product already answers (the alarms
 * handled a month ago and before, the older visits' sheets and the devices' heartbeat history,
 * which no first screen needs), in steps that
 * let requests in between. The live writers wait for it: the catch-up and the simulator write the
 * same tables.
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
  const waiting: FillPart[] = [];
  for (const part of FILL_PARTS) if (await part.pending(db)) waiting.push(part);
  if (waiting.length === 0) {
    return { filling: () => [], bannerLine: () => null, start: () => undefined, done: Promise.resolve(true), stop: async () => undefined };
  }
  const controller = new AbortController();
  let work: Promise<void> | null = null;
  let settle!: (complete: boolean) => void;
  const done = new Promise<boolean>((resolve) => (settle = resolve));
  return {
    filling: () => waiting.map(({ part }) => part),
    bannerLine: () =>
      waiting.length === 0
        ? null
        : `Demo data: still filling in the ${waiting.map(({ what }) => what).join(' and the ')} in the background; reports, charts, device trends and online rates are complete when the log says "demo data complete", and the live simulator starts then`,
    start() {
      // A background writer (heavy work): on PGlite each step waits for the event loop to read sockets and lets the
      // statements of requests that arrived meanwhile go first. Without it the steps followed each
      // other as promise callbacks alone, and no request was even read until the last one.
      // Stopping happens between steps, so the context's own signal never aborts one halfway.
      work ??= runAsBackgroundWriter(async () => {
        await after;
        const started = performance.now();
        while (waiting.length > 0) {
          if (controller.signal.aborted) return settle(false);
          if (!(await waiting[0]!.fill(db, { logger, signal: controller.signal }))) return settle(false);
          waiting.shift();
        }
        // The new demo's rows all-visible at once, as the maintenance timer would leave them later.
        await vacuumPgliteByTable(db);
        logger.info({ ms: Math.round(performance.now() - started) }, 'demo data complete');
        settle(true);
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
