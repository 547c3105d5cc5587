import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ReportTemplateType } from '@pest/shared';
import { systemClock, type Clock } from '../../clock/clock.ts';
import type { FileStore } from '../files/file-store.ts';
import { pruneReports, type PruneLimits, type PruneResult } from './report-cache-pruning.ts';
import { REPORT_LAYOUT_VERSION, renderServiceReport, type ServiceReport } from './service-report-pdf.ts';

export interface ReportFiles {
  /** The key of the report's PDF in the cache as the report is now: cached, or rendered now. */
  file(jobOrderId: number, report: ServiceReport): Promise<string>;
  /** The report's PDF opened for sending (rendered first when missing); pruning here leaves it alone until the stream closes. */
  open(jobOrderId: number, report: ServiceReport): Promise<Readable>;
  /** Whether the report as it is now is cached already. */
  cached(jobOrderId: number, report: ServiceReport): Promise<boolean>;
  prune(): Promise<PruneResult>;
}

export interface ReportFilesOptions {
  /** Where the rendered PDFs are kept (files/file-stores.ts: this machine's disk, or the database every instance shares). */
  store: FileStore;
  limits: PruneLimits;
  /** Whose time says how old a file is (a file is marked used from it when it is served). */
  clock?: Clock;
  /** Draws the PDF; tests count the renderings. */
  renderPdf?: (report: ServiceReport) => NodeJS.ReadableStream;
}

/**
 * Rendered reports cached in a file store. A file is named by the job order and a digest of its
 * content, so a changed report (a risk put right) or a regenerated database never serves a stale
 * one; rendering a new digest deletes the job order's older files. The store writes a file whole
 * or not at all, so a concurrent request, in this process or another instance, never reads half
 * a file; requests in this process for a report being rendered (by another request or ahead of
 * time) wait for that rendering.
 */
export function reportFiles(options: ReportFilesOptions): ReportFiles {
  const { store, limits, clock = systemClock, renderPdf = renderServiceReport } = options;
  const rendering = new Map<string, Promise<void>>();
  /** Files being sent, by name, with how many readers. */
  const sending = new Map<string, number>();
  const busy = (name: string) => sending.has(name) || rendering.has(name);
  const fileName = (jobOrderId: number, report: ServiceReport) =>
    `${jobOrderId}-${createHash('sha256').update(`${REPORT_LAYOUT_VERSION}:`).update(digestedContent(report)).digest('hex').slice(0, 16)}.pdf`;

  const ensure = async (jobOrderId: number, name: string, report: ServiceReport) => {
    if (await store.exists(name)) return name;
    let done = rendering.get(name);
    if (!done) {
      done = store
        .put(name, readable(renderPdf(report)), new Date(clock.now()))
        .then(() => removeOlderDigests(store, jobOrderId, name, busy))
        .finally(() => rendering.delete(name));
      rendering.set(name, done);
    }
    await done;
    return name;
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
        await ensure(jobOrderId, name, report);
        // Another instance sharing the store may prune it between the check and the open: render again.
        const opened = (await store.get(name)) ?? (await store.get(await ensure(jobOrderId, name, report)));
        if (!opened) throw new Error(`report ${name} vanished as soon as it was rendered`);
        // Served now: pruning by age counts from here.
        await store.touch(name, new Date(clock.now())).catch(() => undefined);
        opened.stream.once('close', () => release(name));
        return opened.stream;
      } catch (error) {
        release(name);
        throw error;
      }
    },

    cached: (jobOrderId, report) => store.exists(fileName(jobOrderId, report)),

    prune: () => pruneReports(store, clock.now(), limits, busy),
  };
}

/**
 * What a file's name digests: the report, and so its template type, whose layout it is drawn in. A
 * full pest report (the one layout before templates) leaves the type out, so the files rendered
 * before templates keep their names and stay valid; any other type is in the JSON and so in the name.
 */
function digestedContent(report: ServiceReport): string {
  const { templateType, ...rest } = report;
  return JSON.stringify(templateType === ReportTemplateType.pestFull ? rest : report);
}

/** `pdf` as a stream.Readable, a rendering that fails failing it (which `.pipe` would not pass on). */
function readable(pdf: NodeJS.ReadableStream): Readable {
  const body = new PassThrough();
  pipeline(pdf, body).catch(() => undefined);
  return body;
}

/** The job order's files of other digests: its report has changed since they were rendered. Pruning retries what fails here. */
async function removeOlderDigests(store: FileStore, jobOrderId: number, current: string, busy: (name: string) => boolean): Promise<void> {
  const prefix = `${jobOrderId}-`;
  for (const { key } of await store.list().catch(() => [])) {
    if (key.startsWith(prefix) && key.endsWith('.pdf') && key !== current && !busy(key)) await store.delete(key).catch(() => undefined);
  }
}
