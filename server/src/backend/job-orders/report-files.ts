import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, constants, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { renderServiceReport, type ServiceReport } from './service-report-pdf.ts';

export interface ReportFiles {
  /** The report's PDF on disk, rendered on first request. */
  file(jobOrderId: number, report: ServiceReport): Promise<string>;
}

/**
 * Rendered reports cached in `dir`, created with the first report (a temporary directory when it
 * cannot be written, as with PostgreSQL and a read-only DATA_DIR). A file is named by the job
 * order and a digest of its content, so a regenerated database never serves a stale report. Each
 * is written to a temporary name and renamed into place, so a concurrent request, in this process
 * or another sharing the directory, never reads half a file; requests in this process for a
 * report being rendered wait for that rendering.
 */
export function reportFiles(dir: string, logger: FastifyBaseLogger): ReportFiles {
  let cacheDir: Promise<string> | undefined;
  const rendering = new Map<string, Promise<void>>();

  return {
    async file(jobOrderId, report) {
      cacheDir ??= writableDir(dir, logger);
      const digest = createHash('sha256').update(JSON.stringify(report)).digest('hex').slice(0, 16);
      const file = path.join(await cacheDir, `${jobOrderId}-${digest}.pdf`);
      if (await exists(file)) return file;
      let done = rendering.get(file);
      if (!done) {
        done = render(report, file).finally(() => rendering.delete(file));
        rendering.set(file, done);
      }
      await done;
      return file;
    },
  };
}

async function render(report: ServiceReport, file: string): Promise<void> {
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await pipeline(renderServiceReport(report), createWriteStream(partial));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
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
