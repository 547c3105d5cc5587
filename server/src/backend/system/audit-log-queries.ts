import type { AuditEntry, AuditLogExportBody, AuditLogListBody, Page } from '@pest/shared';
import { sqlServiceTime, sqlTimeRange } from '../common/service-time.ts';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope, type Scope } from '../scope.ts';

const COLUMNS = `a.id::int, ${sqlServiceTime('a.at')} as time, a.actor_id as "userId", a.actor_name as "userName", a.client_address as address,
                 a.object_type as "objectType", a.object_id as "objectId", a.action, a.changes`;

/** The entries the user may read that the filters find. */
function visibleEntries(scope: Scope, filters: AuditLogExportBody, params: SqlParams): string {
  // The provider's own entries (no customer) are staff's: `null in (…)` is never true.
  const where = [inScope(scope, 'a.owner_customer_id', params), ...sqlTimeRange('a.at', filters.startTime, filters.endTime, params)];
  if (filters.userId !== undefined) where.push(`a.actor_id = ${params.add(filters.userId)}`);
  if (filters.objectType !== undefined) where.push(`a.object_type = ${params.add(filters.objectType)}`);
  if (filters.objectId !== undefined) where.push(`a.object_id = ${params.add(filters.objectId)}`);
  return `from audit_log a where ${where.join(' and ')}`;
}

/** 操作日志: a page of the entries the user may read, newest first. */
export async function auditLog(db: Queryable, scope: Scope, body: AuditLogListBody): Promise<Page<AuditEntry>> {
  const params = new SqlParams();
  const from = visibleEntries(scope, body, params);
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n ${from}`, params.values);
  const records = await db.query<AuditEntry>(
    `select ${COLUMNS} ${from}
     order by a.at desc, a.id desc
     limit ${params.add(body.size)} offset ${params.add((body.current - 1) * body.size)}`,
    params.values,
  );
  return { total: count!.n, records };
}

/**
 * The export's next batch, newest first by id and below `beforeId`: entries written while it runs
 * do not shift it, as they would an offset.
 */
export async function auditLogBatch(db: Queryable, scope: Scope, filters: AuditLogExportBody, beforeId: number | null, limit: number): Promise<AuditEntry[]> {
  const params = new SqlParams();
  const from = visibleEntries(scope, filters, params);
  const below = beforeId === null ? '' : ` and a.id < ${params.add(beforeId)}`;
  return db.query<AuditEntry>(`select ${COLUMNS} ${from}${below} order by a.id desc limit ${params.add(limit)}`, params.values);
}
