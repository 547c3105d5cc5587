import {
  BuiltInRole,
  CHINA_TIME_ZONE,
  CustomerKind,
  isVisitChangeable,
  JobOrderState,
  PLANNED_VISIT_HOURS,
  PLANNED_VISIT_START,
  visitName,
  VisitLimits,
  VisitMessages,
  type VisitCancelBody,
  type VisitReassignBody,
  type VisitSaveBody,
} from '@pest/shared';
import { lockForEdit } from '../common/edit-version.ts';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { ApiError } from '../envelope.ts';
import { inScope, type Scope } from '../scope.ts';

/** The moment a visit planned on `day` (yyyy-MM-dd) is due, Beijing time, as SQL. */
export const plannedStartSql = (day: string, params: SqlParams) => `(${params.add(`${day} ${PLANNED_VISIT_START}`)}::timestamp at time zone '${CHINA_TIME_ZONE}')`;

/** A store in the caller's scope that is not suspended, held so nobody suspends it meanwhile. */
export async function keptStore(tx: Queryable, scope: Scope, customerId: number): Promise<void> {
  const params = new SqlParams();
  const [store] = await tx.query<{ kind: number; suspended: boolean }>(
    `select c.kind, c.suspended_at is not null as suspended from customers c where c.id = ${params.add(customerId)} and ${inScope(scope, 'c.id', params)} for share of c`,
    params.values,
  );
  if (!store || store.kind !== CustomerKind.store) throw new ApiError(404, VisitMessages.notFound);
  if (store.suspended) throw new ApiError(400, VisitMessages.storeSuspended);
}

/** An enabled technician of the provider; their name, which the visit's records carry. */
export async function checkedTechnician(tx: Queryable, technicianId: number): Promise<string> {
  const [technician] = await tx.query<{ name: string }>(
    `select u.name from users u
     where u.id = $1 and u.customer_id is null and u.disabled_at is null and exists (select 1 from user_roles r where r.user_id = u.id and r.role_id = ${BuiltInRole.technician.id})`,
    [technicianId],
  );
  if (!technician) throw new ApiError(400, VisitMessages.notTechnician);
  return technician.name;
}

interface LockedVisit {
  customerId: number;
  planId: number;
  plannedDate: string;
}

/** A visit in the caller's scope, locked at the version the editor saw, and still to be done: planned, or overdue and not started. */
async function lockedVisit(tx: Queryable, scope: Scope, id: number, version: number | undefined): Promise<LockedVisit> {
  const params = new SqlParams();
  const [visit] = await tx.query<LockedVisit & { state: JobOrderState }>(
    `select j.customer_id as "customerId", j.plan_id as "planId", j.state, to_char(j.started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM-DD') as "plannedDate"
     from job_orders j where j.id = ${params.add(id)} and ${inScope(scope, 'j.customer_id', params)}`,
    params.values,
  );
  if (!visit) throw new ApiError(404, VisitMessages.notFound);
  await lockForEdit(tx, 'job_orders', id, version);
  if (!isVisitChangeable(visit.state)) throw new ApiError(409, VisitMessages.notMovable);
  return visit;
}

/**
 * Plans a visit, or moves and edits a planned one: the store's own plan, a day in its period and
 * not before today, an enabled technician, the store's own alarms. Answers its id.
 */
export async function saveVisit(tx: Queryable, scope: Scope, body: VisitSaveBody, today: string): Promise<number> {
  const existing = body.id === undefined ? null : await lockedVisit(tx, scope, body.id, body.version);
  if (existing && existing.customerId !== body.customerId) throw new ApiError(400, VisitMessages.planNotOfStore);
  await keptStore(tx, scope, body.customerId);
  const [plan] = await tx.query<{ name: string; startDate: string; endDate: string }>(
    `select name, to_char(start_date, 'YYYY-MM-DD') as "startDate", to_char(end_date, 'YYYY-MM-DD') as "endDate" from service_plans where id = $1 and customer_id = $2`,
    [body.planId, body.customerId],
  );
  if (!plan) throw new ApiError(400, VisitMessages.planNotOfStore);
  // An overdue visit may keep its day while it is given to someone else; a new or moved one is never in the past.
  if (body.plannedDate < today && body.plannedDate !== existing?.plannedDate) throw new ApiError(400, VisitMessages.pastDay);
  if (body.plannedDate < plan.startDate || body.plannedDate > plan.endDate) throw new ApiError(400, VisitMessages.outsidePlan);
  const technicianName = await checkedTechnician(tx, body.technicianId);
  const alarmIds = [...new Set(body.alarmIds ?? [])];
  if (alarmIds.length > 0) {
    const [{ n }] = (await tx.query<{ n: number }>('select count(*)::int as n from device_events where id = any($1::int[]) and customer_id = $2', [alarmIds, body.customerId])) as [{ n: number }];
    if (n !== alarmIds.length) throw new ApiError(400, VisitMessages.alarmNotOfStore);
  }
  const name = visitName(body.plannedDate, body.serviceType);
  const params = new SqlParams();
  const start = plannedStartSql(body.plannedDate, params);
  const common = [params.add(body.planId), params.add(name), params.add(body.serviceType), params.add(technicianName), params.add(body.technicianId)];
  let id: number;
  if (!existing) {
    const [row] = await tx.query<{ id: number }>(
      `with next as (select nextval(pg_get_serial_sequence('job_orders', 'id'))::int as id)
       insert into job_orders (id, code, customer_id, plan_id, name, type, staff_name, technician_id, started_at, planned_end_at, state)
       select next.id, 'AP' || to_char(${start} at time zone '${CHINA_TIME_ZONE}', 'YYYYMMDD') || lpad(next.id::text, 6, '0'), ${params.add(body.customerId)}, ${common.join(', ')},
              ${start}, ${start} + interval '${PLANNED_VISIT_HOURS} hours', '${JobOrderState.planned}'
       from next returning id`,
      params.values,
    );
    id = row!.id;
    // What the visit treats: the plan's pests, as its service record lists them.
    await tx.query('insert into job_order_pests (job_order_id, pest_id) select $1, unnest(pest_ids) from service_plans where id = $2 on conflict do nothing', [id, body.planId]);
  } else {
    id = body.id!;
    const moved = body.plannedDate !== existing.plannedDate;
    await tx.query(
      `update job_orders set plan_id = ${common[0]}, name = ${common[1]}, type = ${common[2]}, staff_name = ${common[3]}, technician_id = ${common[4]},
         ${moved ? `started_at = ${start}, planned_end_at = ${start} + interval '${PLANNED_VISIT_HOURS} hours', state = '${JobOrderState.planned}',` : ''}
         version = version + 1
       where id = ${params.add(id)}`,
      params.values,
    );
    await tx.query('delete from job_order_alarms where job_order_id = $1', [id]);
  }
  if (alarmIds.length > 0) await tx.query('insert into job_order_alarms (job_order_id, event_id) select $1, unnest($2::int[])', [id, alarmIds]);
  return id;
}

/** Gives a visit still to be done to another technician. */
export async function reassignVisit(tx: Queryable, scope: Scope, body: VisitReassignBody): Promise<void> {
  await lockedVisit(tx, scope, body.id, body.version);
  const technicianName = await checkedTechnician(tx, body.technicianId);
  await tx.query('update job_orders set technician_id = $2, staff_name = $3, version = version + 1 where id = $1', [body.id, body.technicianId, technicianName]);
}

/** Cancels a visit still to be done, with its reason; the row stays. */
export async function cancelVisit(tx: Queryable, scope: Scope, body: VisitCancelBody, now: Date): Promise<void> {
  const reason = body.reason.trim();
  if (!reason) throw new ApiError(400, VisitMessages.reasonRequired);
  if (reason.length > VisitLimits.cancelReason) throw new ApiError(400, VisitMessages.reasonTooLong);
  await lockedVisit(tx, scope, body.id, body.version);
  await tx.query(`update job_orders set state = '${JobOrderState.cancelled}', cancelled_at = $2, cancel_reason = $3, version = version + 1 where id = $1`, [
    body.id,
    now.toISOString(),
    reason,
  ]);
}
