import type { AuditEntry, AuditLogListBody, Page } from '@pest/shared';
import { sqlServiceTime, sqlTimeRange } from '../common/service-time.ts';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope, type Scope } from '../scope.ts';

/** 操作日志: the entries the user may read, newest first. */
export async function auditLog(db: Queryable, scope: Scope, body: AuditLogListBody): Promise<Page<AuditEntry>> {
  const params = new SqlParams();
  // The provider's own entries (no customer) are staff's: `null in (…)` is never true.
  const where = [inScope(scope, 'a.owner_customer_id', params), ...sqlTimeRange('a.at', body.startTime, body.endTime, params)];
  if (body.userId !== undefined) where.push(`a.actor_id = ${params.add(body.userId)}`);
  if (body.objectType !== undefined) where.push(`a.object_type = ${params.add(body.objectType)}`);
  if (body.objectId !== undefined) where.push(`a.object_id = ${params.add(body.objectId)}`);
  const from = `from audit_log a where ${where.join(' and ')}`;
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n ${from}`, params.values);
  const records = await db.query<AuditEntry>(
    `select a.id::int, ${sqlServiceTime('a.at')} as time, a.actor_id as "userId", a.actor_name as "userName", a.client_address as address,
            a.object_type as "objectType", a.object_id as "objectId", a.action, a.changes
     ${from}
     order by a.at desc, a.id desc
     limit ${params.add(body.size)} offset ${params.add((body.current - 1) * body.size)}`,
    params.values,
  );
  return { total: count!.n, records };
}
