import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { JobOrderState, ReportTemplateType } from '@pest/shared';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock, type ClockTimer } from '../../clock/clock.ts';
import type { Db } from '../db/db.ts';
import type { FileStore } from '../files/file-store.ts';
import { runAsBackgroundWriter } from '../db/background-writer.ts';
import { loadServiceReport } from './report-data.ts';
import type { ReportFiles } from './report-files.ts';
import { renderServiceReport, type ServiceReport } from './service-report-pdf.ts';

export interface RenderAheadOptions {
  /** REPORT_RENDER_AHEAD_DAYS: visits finished within this many days are rendered ahead; 0 renders nothing ahead. */
  days: number;
  clock?: Clock;
  /** How often to look for visits finished by writers that did not call wake (another process on the same PostgreSQL). */
  sweepMs?: number;
  /** How often the cache is pruned. */
  pruneMs?: number;
  /** Where the customers' signatures are kept (the upload flow's store). */
  uploads?: FileStore;
}

export interface RenderAhead {
  /** Visits have finished: look for them now (the service scheduler calls this after its commit). */
  wake(): void;
  /** Resolves when nothing is queued or rendering (tests). */
  idle(): Promise<void>;
  /** Drops the queue and waits for the rendering in progress, at most STOP_WAIT_MS. */
  stop(): Promise<void>;
}

const DAY_MS = 86_400_000;
const DEFAULT_SWEEP_MS = 5 * 60_000;
const DEFAULT_PRUNE_MS = 60 * 60_000;
/** At most this many visits per sweep, newest first: a provider's busiest days, not a year of history. */
const SWEEP_LIMIT = 1000;
/** The backend's shutdown does not wait longer than this for a rendering to finish. */
const STOP_WAIT_MS = 5000;

/**
 * Renders the PDF reports of visits as they finish, so that the first preview is a cached file
 * rather than a rendering. A sweep finds the visits done since the last one (at start: those of
 * the last `days`, never the generated history's year), newest first; they are rendered one at a
 * time, their statements in the database's heavy lane (interactive requests overtake them on
 * PGlite), yielding to the event loop between reports. A request for a report being rendered
 * ahead waits for that rendering (report-files.ts). The first job is a warm-up rendering of a
 * sample report, which loads the fonts and compiles the layout code before any user waits on it.
 * The same loop prunes the cache every `pruneMs`, also when nothing is rendered ahead.
 */
export function startRenderAhead(db: Db, files: ReportFiles, logger: FastifyBaseLogger, options: RenderAheadOptions): RenderAhead {
  const { days, clock = systemClock, sweepMs = DEFAULT_SWEEP_MS, pruneMs = DEFAULT_PRUNE_MS, uploads } = options;
  const stopping = new AbortController();
  const queue: number[] = [];
  const queued = new Set<number>();
  /** Visits that ended after this were not seen yet (ISO time from the database). */
  let seenUntil: string | null = null;
  let sweepAgain = days > 0;
  let warm = days === 0;
  let running: Promise<void> | null = null;
  let idleWaiters: (() => void)[] = [];
  const timers: ClockTimer[] = [];

  // A background writer's share, and stopped with the backend: a statement not yet started is refused.
  const inBackground = <T>(work: () => Promise<T>) => runAsBackgroundWriter(work, stopping.signal);

  const sweep = async () => {
    sweepAgain = false;
    const since = new Date(clock.now() - days * DAY_MS).toISOString();
    const from = seenUntil && seenUntil > since ? seenUntil : since;
    // started_at bounds the scan through its index: a visit lasts hours, never a day.
    const rows = await inBackground(() =>
      db.query<{ id: number; endedAt: string }>(
        `select id, ended_at::text as "endedAt" from job_orders
         where state = '${JobOrderState.done}' and started_at > $1::timestamptz - interval '1 day' and ended_at > $1::timestamptz
         order by ended_at desc, id desc limit ${SWEEP_LIMIT}`,
        [from],
      ),
    );
    if (rows[0]) seenUntil = new Date(rows[0].endedAt).toISOString();
    for (const { id } of rows) {
      if (queued.has(id)) continue;
      queued.add(id);
      queue.push(id);
    }
  };

  const renderOne = async (jobOrderId: number) => {
    const report = await inBackground(() => loadServiceReport(db, jobOrderId, uploads));
    if (report && !stopping.signal.aborted) await files.file(jobOrderId, report);
  };

  const drain = async () => {
    while (!stopping.signal.aborted) {
      try {
        if (!warm) {
          warm = true;
          await warmUp();
        } else if (sweepAgain) {
          await sweep();
        } else {
          const next = queue.shift();
          if (next === undefined) break;
          queued.delete(next);
          await renderOne(next);
        }
      } catch (error) {
        if (!stopping.signal.aborted) logger.warn({ err: error }, 'rendering a report ahead failed');
      }
      // Requests waiting for the event loop go first.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  const kick = () => {
    if (running || stopping.signal.aborted) return;
    running = drain().finally(() => {
      running = null;
      if (sweepAgain && !stopping.signal.aborted) return kick();
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    });
  };

  let pruning: Promise<void> = Promise.resolve();
  const prune = () =>
    (pruning = pruning.then(async () => {
      if (stopping.signal.aborted) return;
      try {
        const result = await files.prune();
        if (result.removed > 0) logger.info(result, 'report cache pruned');
      } catch (error) {
        logger.warn({ err: error }, 'pruning the report cache failed');
      }
    }));

  if (days > 0) {
    timers.push(
      clock.setInterval(() => {
        sweepAgain = true;
        kick();
      }, sweepMs),
    );
  }
  timers.push(clock.setInterval(prune, pruneMs));
  kick();
  void prune();

  return {
    wake() {
      if (days === 0) return;
      sweepAgain = true;
      kick();
    },
    idle: () => (running ? new Promise<void>((resolve) => idleWaiters.push(resolve)) : Promise.resolve()),
    async stop() {
      stopping.abort();
      for (const timer of timers) clock.clearInterval(timer);
      queue.length = 0;
      queued.clear();
      await pruning;
      if (!running) return;
      let timer: ClockTimer | undefined;
      await Promise.race([running, new Promise<void>((resolve) => (timer = clock.setTimeout(() => resolve(), STOP_WAIT_MS)))]);
      clock.clearTimeout(timer);
      for (const resolve of idleWaiters) resolve();
    },
  };
}

/** A report with the texts and tables of a real one, drawn to nowhere. */
async function warmUp(): Promise<void> {
  const sample: ServiceReport = {
    providerName: '虫害防治服务有限公司',
    code: 'WARMUP',
    remark: null,
    signature: null,
    jobOrderName: '常规巡检',
    customerName: '餐饮管理有限公司',
    storeName: '门店',
    address: '北京市朝阳区朝阳北路101号',
    serviceType: '常规',
    staff: '王建国',
    startTime: '2026-01-01 09:00:00',
    endTime: '2026-01-01 10:00:00',
    pests: ['德国小蠊 3只'],
    points: Array.from({ length: 12 }, (_, i) => ({ pointCode: `A-${i + 1}`, regionName: '后厨', deviceTypeName: '粘鼠板', finding: '捕获 褐家鼠 1；设备移位', count: 1 })),
    risks: [{ regionName: '后厨', riskType: '环境卫生', issueDesc: '排水沟有食物残渣', advice: '每日清理', status: '风险仍存在' }],
    materials: [],
    templateType: ReportTemplateType.pestFull,
  };
  await pipeline(renderServiceReport(sample), new Writable({ write: (_chunk, _encoding, done) => done() }));
}
