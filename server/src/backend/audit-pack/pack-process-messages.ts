import type { RiskOverdueDays } from '@pest/shared';
import type { PackProgress } from './pack-build.ts';
import type { PackJob } from './pack-jobs.ts';

type Progress = Parameters<PackProgress>[0];

/** The environment variable that carries the pack process its order (JSON). */
export const PACK_ORDER_ENV = 'PEST_PACK_ORDER';

/** What the runner gives the pack process: the job and where to write it. */
export interface PackOrder {
  /** PostgreSQL: the pack process opens its own pool. Null: it asks the runner's process (PGlite). */
  databaseUrl: string | null;
  job: PackJob;
  file: string;
  /** The runner's moment (ISO), so risks age as they would in the runner's own process. */
  now: string;
  riskOverdueDays: RiskOverdueDays;
  objectDir: string;
}

/** What the pack process tells the runner; its own peak RSS (kB) comes with the end. */
export type PackProcessMessage =
  | { type: 'progress'; progress: Progress }
  | { type: 'query'; id: number; sql: string; params: readonly unknown[] }
  | { type: 'built'; peakRssKb: number }
  | { type: 'failed'; message: string };

/** The runner's answer to a query the pack process asked it to run on its database. */
export type PackQueryAnswer = { type: 'rows'; id: number; rows: unknown[] } | { type: 'queryFailed'; id: number; message: string };
