import { ApiMessages, IMPORT_JOB_TIMEOUT_MS, ImportMessages, type ImportApplied, type ImportJob, type ImportKind } from '@pest/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import { QueryAbandoned, runWithQueryContext } from '../db/query-context.ts';
import { ApiError } from '../envelope.ts';
import { LimitExceeded, type FairLimiter } from '../load/fair-limiter.ts';

/** A job still "running" this long after its start died with its process (its own timeout would have ended it). */
const STALE_AFTER_MS = IMPORT_JOB_TIMEOUT_MS + 60_000;

export interface ImportJobsOptions {
  db: Db;
  /** The heavy calls' fair limiter: an import takes a slot of its starter's like any heavy call. */
  limiter: FairLimiter;
  log: FastifyBaseLogger;
}

/** A job as its row holds it: the secrets are gone (null) once its starter has had them. */
type JobRow = Omit<ImportJob, 'credentials'> & { credentials: ImportJob['credentials'] | null };

/**
 * Import applies as jobs: started by a request, run outside it (under the fair limiter, with their
 * own timeout), followed by their starter through the job row, which any instance can answer.
 */
export async function createImportJobs({ db, limiter, log }: ImportJobsOptions) {
  /**
   * Fails the running jobs whose process died: those older than their own timeout allows (of one
   * user, or of everyone), or every running one (`everyRunning`).
   */
  const failInterrupted = (userId: number | null, everyRunning = false) =>
    db.query(
      `update import_jobs set state = 'failed', message = $2, finished_at = now()
       where state = 'running' and ($1::int is null or user_id = $1) and ($4 or started_at < now() - $3 * interval '1 millisecond')`,
      [userId, ImportMessages.interrupted, STALE_AFTER_MS, everyRunning],
    );
  // At the start: on PGlite every running job was this process's last run (one process owns its
  // files); on PostgreSQL another instance may be running one, so only the stale ones.
  await failInterrupted(null, db.driver === 'pglite');

  async function run(jobId: number, userId: number, work: () => Promise<ImportApplied>): Promise<void> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new QueryAbandoned('deadline')), IMPORT_JOB_TIMEOUT_MS);
    let release: (() => void) | undefined;
    try {
      release = await limiter.acquire(String(userId), controller.signal);
      const applied = await runWithQueryContext({ signal: controller.signal, heavy: true }, work);
      await db.query(
        `update import_jobs set state = 'done', rows = $2, created = $3, updated = $4, unchanged = $5, credentials = $6, finished_at = now() where id = $1`,
        [jobId, applied.rows, applied.created, applied.updated, applied.unchanged, JSON.stringify(applied.credentials)],
      );
    } catch (error) {
      const message =
        error instanceof ApiError
          ? error.message
          : error instanceof LimitExceeded
            ? ApiMessages.tooManyHeavyRequests
            : controller.signal.aborted
              ? ImportMessages.timedOut
              : ImportMessages.failed;
      if (message === ImportMessages.failed) log.error({ err: error, jobId }, 'import job failed');
      await db
        .query(`update import_jobs set state = 'failed', message = $2, finished_at = now() where id = $1`, [jobId, message])
        .catch((failure: unknown) => log.error({ err: failure, jobId }, 'import job: its failure could not be recorded'));
    } finally {
      clearTimeout(timer);
      release?.();
    }
  }

  return {
    /** Starts `work` as the user's job: its id, or 409 while another of theirs runs. */
    async start(userId: number, kind: ImportKind, work: () => Promise<ImportApplied>): Promise<number> {
      await failInterrupted(userId);
      const [job] = await db.query<{ id: number }>(
        `insert into import_jobs (user_id, kind) values ($1, $2)
         on conflict (user_id) where state = 'running' do nothing returning id`,
        [userId, kind],
      );
      if (!job) throw new ApiError(409, ImportMessages.alreadyRunning);
      void run(job.id, userId, work);
      return job.id;
    },

    /** The user's own job; a finished job's secrets go with this answer and are cleared. */
    async read(userId: number, jobId: number): Promise<ImportJob> {
      await failInterrupted(userId);
      const [job] = await db.query<JobRow>(
        `with job as (select * from import_jobs where id = $1 and user_id = $2 for update),
           cleared as (update import_jobs j set credentials = null from job where j.id = job.id and job.state <> 'running' and job.credentials is not null)
         select id as "jobId", kind, state, rows, created, updated, unchanged, message, credentials from job`,
        [jobId, userId],
      );
      if (!job) throw new ApiError(404, ImportMessages.jobNotFound);
      return { ...job, credentials: job.state === 'running' ? [] : (job.credentials ?? []) };
    },
  };
}

export type ImportJobs = Awaited<ReturnType<typeof createImportJobs>>;
