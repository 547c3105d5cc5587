import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock, type ClockTimer } from '../../clock/clock.ts';
import type { RiskOverdueDays } from '@pest/shared';
import type { Db } from '../db/db.ts';
import { PackStopped, type PackBuild, type PackProgress } from './pack-build.ts';
import { claimPack, failPack, finishPack, reportProgress, type PackJob } from './pack-jobs.ts';

export interface PackRunnerOptions {
  /** Where finished zips are kept (DATA_DIR/audit-packs by default). */
  dir: string;
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

export const packFilePath = (dir: string, id: number) => path.join(dir, `audit-pack-${id}.zip`);

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
  let stopped = false;
  let timer: ClockTimer | undefined;
  let running: Promise<void> | null = null;

  const run = async (job: PackJob) => {
    const file = packFilePath(options.dir, job.id);
    const partial = `${file}.partial`;
    const now = () => new Date(clock.now());
    try {
      await mkdir(options.dir, { recursive: true });
      const report: PackProgress = async (progress) => {
        if (stopped || !(await reportProgress(db, job.id, job.attempts, progress, new Date(clock.now() + leaseMs)))) throw new PackStopped();
      };
      await build(job, partial, report, { ageing: { now: now(), limits: options.riskOverdueDays }, objectDir: options.objectDir });
      const { size } = await stat(partial);
      await rename(partial, file);
      if (!(await finishPack(db, job.id, job.attempts, { name: path.basename(file), bytes: size }, now()))) await rm(file, { force: true });
    } catch (error) {
      await rm(partial, { force: true });
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
      clock.clearTimeout(timer);
      await running;
    },
  };
}
