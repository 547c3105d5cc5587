import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, constants, mkdir, mkdtemp, open, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock } from '../../clock/clock.ts';
import { pruneReportDir, type PruneLimits, type PruneResult } from './report-cache-pruning.ts';
import { REPORT_LAYOUT_VERSION, renderServiceReport, type ServiceReport } from './service-report-pdf.ts';

export interface ReportFiles {
  /** The report's PDF on disk as the report is now: cached, or rendered now. */
  file(jobOrderId: number, report: ServiceReport): Promise<string>;
  /** The report's PDF opened for sending (rendered first when missing); pruning leaves it alone until the stream closes. */
  open(jobOrderId: number, report: ServiceReport): Promise<Readable>;
  /** Whether the report as it is now is on disk already. */
  cached(jobOrderId: number, report: ServiceReport): Promise<boolean>;
  prune(): Promise<PruneResult>;
}

export interface ReportFilesOptions {
  dir: string;
  logger: FastifyBaseLogger;
  limits: PruneLimits;
  /** Whose time says how old a file is (the file's mtime is set from it when it is served). */
  clock?: Clock;
  /** Draws the PDF; tests count the renderings. */
  renderPdf?: (report: ServiceReport) => NodeJS.ReadableStream;
}

/**
 * Rendered reports cached in `dir`, created with the first report (a temporary directory when it
 * cannot be written, as with PostgreSQL and a read-only DATA_DIR). A file is named by the job
 * order and a digest of its content, so a changed report (a risk put right) or a regenerated
 * database never serves a stale one; rendering a new digest deletes the job order's older files.
 * Each is written to a temporary name and renamed into place, so a concurrent request, in this
 * process or another sharing the directory, never reads half a file; requests in this process
 * for a report being rendered (by another request or ahead of time) wait for that rendering.
 */
export function reportFiles(options: ReportFilesOptions): ReportFiles {
  const { logger, limits, clock = systemClock, renderPdf = renderServiceReport } = options;
  let cacheDir: Promise<string> | undefined;
  const rendering = new Map<string, Promise<void>>();
  /** Files being sent, by name, with how many readers. */
  const sending = new Map<string, number>();
  const dir = () => (cacheDir ??= writableDir(options.dir, logger));
  const fileName = (jobOrderId: number, report: ServiceReport) =>
    `${jobOrderId}-${createHash('sha256').update(`${REPORT_LAYOUT_VERSION}:`).update(JSON.stringify(report)).digest('hex').slice(0, 16)}.pdf`;

  const ensure = async (jobOrderId: number, name: string, report: ServiceReport) => {
    const file = path.join(await dir(), name);
    if (await exists(file)) return file;
    let done = rendering.get(file);
    if (!done) {
      const busy = (other: string) => sending.has(other) || rendering.has(path.join(path.dirname(file), other));
      done = render(renderPdf(report), file, new Date(clock.now()))
        .then(() => removeOlderDigests(path.dirname(file), jobOrderId, name, busy))
        .finally(() => rendering.delete(file));
      rendering.set(file, done);
    }
    await done;
    return file;
  };

  const release = (name: string) => {
    const readers = sending.get(name)! - 1;
    if (readers > 0) sending.set(name, readers);
    else sending.delete(name);
  };

  return {
    file: (jobOrderId, report) => ensure(jobOrderId, fileName(jobOrderId, report), report),

    async open(jobOrderId, report) {
      const name = fileName(jobOrderId, report);
      sending.set(name, (sending.get(name) ?? 0) + 1);
      try {
        const file = await ensure(jobOrderId, name, report);
        // Another process sharing the directory may prune it between the check and the open: render again.
        const handle = await open(file, 'r').catch(async (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
          return open(await ensure(jobOrderId, name, report), 'r');
        });
        const now = new Date(clock.now());
        // Served now: pruning by age counts from here.
        await utimes(file, now, now).catch(() => undefined);
        const stream = handle.createReadStream();
        stream.once('close', () => release(name));
        return stream;
      } catch (error) {
        release(name);
        throw error;
      }
    },

    cached: async (jobOrderId, report) => exists(path.join(await dir(), fileName(jobOrderId, report))),

    async prune() {
      const where = await dir();
      return pruneReportDir(where, clock.now(), limits, (name) => sending.has(name) || rendering.has(path.join(where, name)));
    },
  };
}

/** Writes the PDF to `file` whole or not at all, dated `now` (pruning by age counts from the clock). */
async function render(pdf: NodeJS.ReadableStream, file: string, now: Date): Promise<void> {
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await pipeline(pdf, createWriteStream(partial));
    await utimes(partial, now, now);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** The job order's files of other digests: its report has changed since they were rendered. Pruning retries what fails here. */
async function removeOlderDigests(dir: string, jobOrderId: number, current: string, busy: (name: string) => boolean): Promise<void> {
  const prefix = `${jobOrderId}-`;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (name.startsWith(prefix) && name.endsWith('.pdf') && name !== current && !busy(name)) await rm(path.join(dir, name), { force: true }).catch(() => undefined);
  }
}

async function writableDir(dir: string, logger: FastifyBaseLogger): Promise<string> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
    return dir;
  } catch (error) {
    const fallback = await mkdtemp(path.join(os.tmpdir(), 'pest-reports-'));
    logger.warn({ err: error, dir, fallback }, 'report cache directory not writable; caching reports in a temporary directory');
    return fallback;
  }
}

const exists = (file: string) => stat(file).then(() => true, () => false);
