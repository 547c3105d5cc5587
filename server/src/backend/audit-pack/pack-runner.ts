import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock, type ClockTimer } from '../../clock/clock.ts';
import type { RiskOverdueDays } from '@pest/shared';
import type { Db } from '../db/db.ts';
import { diskFileStore } from '../files/disk-file-store.ts';
import type { FileStore } from '../files/file-store.ts';
import { PackStopped, type PackBuild, type PackProgress } from './pack-build.ts';
import { claimPack, failPack, finishPack, reportProgress, requeuePack, type PackJob } from './pack-jobs.ts';

export interface PackRunnerOptions {
  /** Where a zip is built (DATA_DIR/audit-packs by default), and kept unless `packs` says otherwise. */
  dir: string;
  /** Where finished zips are kept, under packKey(id, attempt): a disk store of `dir` unless given (files/file-stores.ts). */
  packs?: FileStore;
  clock?: Clock;
  /** How long a claim holds without news from its worker. */
  leaseMs?: number;
  /** How often an idle runner looks for queued jobs (a new request also wakes it). */
  pollMs?: number;
  /** The overdue days by grade the rectification record ages risks with. */
  riskOverdueDays: RiskOverdueDays;
  /** Where the reference backend keeps uploaded files. */
  objectDir: string;
  /** How a claimed job is built into its file (pack-process.ts: in a process of its own). */
  build: PackBuild;
}

export interface PackRunner {
  /** Looks for work now (called after a request is queued). */
  wake(): void;
  stop(): Promise<void>;
}

const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_POLL_MS = 5_000;

/**
 * A finished pack's key in its store (kept as its file_name): one per attempt, so a runner that lost
 * its job to another (a lapsed lease) never replaces nor deletes the file the other finished.
 */
export const packKey = (id: number, attempt: number) => `audit-pack-${id}-${attempt}.zip`;

/**
 * Builds queued packs one at a time (a pack is heavy; one at a time keeps the backend answering
 * everyone else) through `options.build`, each under a lease renewed with every
 * progress report. A cancelled job, or one another process took over after a lapse, stops at its
 * next report.
 */
export function startPackRunner(db: Db, logger: FastifyBaseLogger, options: PackRunnerOptions): PackRunner {
  const clock = options.clock ?? systemClock;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const { build } = options;
  const packs = options.packs ?? diskFileStore(options.dir);
  let stopped = false;
  // Aborted by stop(): the build in progress ends now, not at its next report.
  const stopping = new AbortController();
  let timer: ClockTimer | undefined;
  let running: Promise<void> | null = null;

  const run = async (job: PackJob) => {
    const key = packKey(job.id, job.attempts);
    // Built on this machine first; the store takes it only once whole.
    const partial = path.join(options.dir, `${key}.${process.pid}.partial`);
    const now = () => new Date(clock.now());
    try {
      await mkdir(options.dir, { recursive: true });
      const report: PackProgress = async (progress) => {
        if (stopped || !(await reportProgress(db, job.id, job.attempts, progress, new Date(clock.now() + leaseMs)))) throw new PackStopped();
      };
      await build(job, partial, report, {
        ageing: { now: now(), limits: options.riskOverdueDays },
        objectDir: options.objectDir,
        stopping: stopping.signal,
      });
      const size = await packs.putFile(key, partial, now());
      if (!(await finishPack(db, job.id, job.attempts, { name: key, bytes: size }, now()))) await packs.delete(key);
    } catch (error) {
      await rm(partial, { force: true });
      // Stopping (SIGTERM: a restart, a scale-down) is no failure of the pack: it goes back to the queue.
      if (stopped) return void (await requeuePack(db, job.id, job.attempts).catch((err: unknown) => logger.warn({ err, pack: job.id }, 'audit pack not requeued')));
      if (error instanceof PackStopped) return;
      logger.error({ err: error, pack: job.id }, 'audit pack failed');
      await failPack(db, job.id, job.attempts, '生成失败，请重试', now()).catch(() => undefined);
    }
  };

  const drain = async () => {
    while (!stopped) {
      const job = await claimPack(db, new Date(clock.now()), leaseMs);
      if (!job) return;
      await run(job);
    }
  };
  const tick = () => {
    if (running || stopped) return running;
    running = drain()
      .catch((error: unknown) => logger.warn({ err: error }, 'audit pack runner could not claim'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = clock.setTimeout(() => Promise.resolve(tick()).finally(schedule), pollMs);
  };
  schedule();

  return {
    wake: () => void tick(),
    async stop() {
      stopped = true;
      stopping.abort();
      clock.clearTimeout(timer);
      await running;
    },
  };
}
