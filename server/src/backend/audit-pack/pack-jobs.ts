import { AuditPackMessages, AuditPackState, type AuditPackSection } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';

/** A pack job as the worker needs it. */
export interface PackJob {
  id: number;
  requestedBy: number;
  customerIds: number[];
  startDate: string;
  endDate: string;
  sections: AuditPackSection[];
  attempts: number;
}

/** A job whose worker stopped renewing its lease (its process died) is run again this many times in all, then failed. */
export const PACK_MAX_ATTEMPTS = 2;

const JOB_COLUMNS = `id, requested_by as "requestedBy", customer_ids as "customerIds", to_char(start_date, 'YYYY-MM-DD') as "startDate",
  to_char(end_date, 'YYYY-MM-DD') as "endDate", sections, attempts`;

export async function insertPack(
  db: Queryable,
  request: { requestedBy: number; customerIds: number[]; startDate: string; endDate: string; sections: AuditPackSection[] },
  now: Date,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into audit_packs (requested_by, customer_ids, start_date, end_date, sections, state, created_at)
     values ($1, $2, $3, $4, $5, '${AuditPackState.queued}', $6) returning id`,
    [request.requestedBy, request.customerIds, request.startDate, request.endDate, request.sections, now.toISOString()],
  );
  return row!.id;
}

/**
 * Takes the oldest job that is queued, or running under a lease that ran out, for `leaseMs`.
 * `for update skip locked` lets several processes on one PostgreSQL claim at once without taking
 * the same job. A job already tried PACK_MAX_ATTEMPTS times is failed instead of taken.
 */
export async function claimPack(db: Queryable, now: Date, leaseMs: number): Promise<PackJob | null> {
  const at = now.toISOString();
  await db.query(
    `update audit_packs set state = '${AuditPackState.failed}', error = $2, finished_at = $1, lease_until = null
     where state = '${AuditPackState.running}' and lease_until < $1 and attempts >= ${PACK_MAX_ATTEMPTS}`,
    [at, AuditPackMessages.interrupted],
  );
  const [job] = await db.query<PackJob>(
    `update audit_packs set state = '${AuditPackState.running}', attempts = attempts + 1, lease_until = $2::timestamptz, step = null, done = 0
     where id = (
       select id from audit_packs
       where state = '${AuditPackState.queued}' or (state = '${AuditPackState.running}' and lease_until < $1)
       order by id for update skip locked limit 1
     )
     returning ${JOB_COLUMNS}`,
    [at, new Date(now.getTime() + leaseMs).toISOString()],
  );
  return job ?? null;
}

/**
 * Records how far the job is and extends its lease; false when the job is no longer this
 * worker's to run (cancelled, or taken over after a lapse), so the worker stops.
 */
export async function reportProgress(
  db: Queryable,
  id: number,
  attempt: number,
  progress: { step: string | null; done: number; total: number },
  leaseUntil: Date,
): Promise<boolean> {
  const rows = await db.query(
    `update audit_packs set step = $3, done = $4, total = $5, lease_until = $6
     where id = $1 and attempts = $2 and state = '${AuditPackState.running}' returning 1`,
    [id, attempt, progress.step, progress.done, progress.total, leaseUntil.toISOString()],
  );
  return rows.length > 0;
}

export async function finishPack(db: Queryable, id: number, attempt: number, file: { name: string; bytes: number }, now: Date): Promise<boolean> {
  const rows = await db.query(
    `update audit_packs set state = '${AuditPackState.done}', step = null, done = total, file_name = $3, bytes = $4, finished_at = $5, lease_until = null
     where id = $1 and attempts = $2 and state = '${AuditPackState.running}' returning 1`,
    [id, attempt, file.name, file.bytes, now.toISOString()],
  );
  return rows.length > 0;
}

export async function failPack(db: Queryable, id: number, attempt: number, error: string, now: Date): Promise<void> {
  await db.query(
    `update audit_packs set state = '${AuditPackState.failed}', error = $3, finished_at = $4, lease_until = null
     where id = $1 and attempts = $2 and state = '${AuditPackState.running}'`,
    [id, attempt, error, now.toISOString()],
  );
}

/**
 * Hands a job this worker is running back to the queue (its process is stopping: a restart or a
 * scale-down, not a failure): another process, or this one once restarted, builds it from the
 * start. The attempt is not counted, so only builders that died count towards PACK_MAX_ATTEMPTS.
 */
export async function requeuePack(db: Queryable, id: number, attempt: number): Promise<void> {
  await db.query(
    `update audit_packs set state = '${AuditPackState.queued}', attempts = attempts - 1, lease_until = null, step = null, done = 0
     where id = $1 and attempts = $2 and state = '${AuditPackState.running}'`,
    [id, attempt],
  );
}

/** Cancels a queued or running pack of this user; false when there is none such. */
export async function cancelPack(db: Queryable, id: number, userId: number, now: Date): Promise<boolean> {
  const params = new SqlParams();
  const rows = await db.query(
    `update audit_packs set state = '${AuditPackState.cancelled}', finished_at = ${params.add(now.toISOString())}, lease_until = null
     where id = ${params.add(id)} and requested_by = ${params.add(userId)}
       and state in ('${AuditPackState.queued}', '${AuditPackState.running}')
     returning 1`,
    params.values,
  );
  return rows.length > 0;
}
