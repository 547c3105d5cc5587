import type { FileStore } from '../files/file-store.ts';
import type { RiskAgeing } from '../common/risk-ageing-sql.ts';
import type { PackJob } from './pack-jobs.ts';

/**
 * What the runner and a builder agree on (pack-builder.ts in the runner's process, or the pack
 * process through pack-process.ts). Kept apart from the builder so the runner loads none of the
 * sections' libraries (PDFKit, ExcelJS, ECharts, resvg) until a pack is built in its process.
 */

/** Thrown by a progress report when the job is no longer this worker's (cancelled, or taken over). */
export class PackStopped extends Error {
  constructor() {
    super('audit pack stopped');
  }
}

export type PackProgress = (progress: { step: string | null; done: number; total: number }) => Promise<void>;

/** What building needs besides the database: how risks age, and where uploaded files are kept. */
export interface PackContext {
  ageing: RiskAgeing;
  /** The reference backend's object store (DATA_DIR/oss/objects), for the provider's documents. */
  objectDir: string;
  /** Aborted when the runner stops: a builder that can end at once (a process of its own) does, rather than at its next report. */
  stopping?: AbortSignal;
}

/** What the builder itself reads uploaded files from: the store `objectDir` stands for (files/file-stores.ts). */
export interface BuildContext {
  ageing: RiskAgeing;
  uploads: FileStore;
}

/** Builds a job into `file`, reporting progress before every entry (a report that throws stops it). */
export type PackBuild = (job: PackJob, file: string, progress: PackProgress, context: PackContext) => Promise<void>;
