import { BuiltInRole, CHINA_TIME_ZONE, JobOrderState, VISIT_LIST_MAX_DAYS, VisitMessages, type Technician, type Visit, type VisitListBody } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { ApiError } from '../envelope.ts';
import { inScope, type Scope } from '../scope.ts';

const local = (column: string) => `(${column} at time zone '${CHINA_TIME_ZONE}')`;

/** A visit as the calendar shows it; `where` over job_orders j, customers c (its store) and service_plans p. */
export const visitColumns = `j.id, j.version, j.code, j.name, j.customer_id as "customerId", c.name as "customerName", c.address, j.plan_id as "planId", p.name as "planName",
  j.type as "serviceType", j.state, to_char(${local('j.started_at')}, 'YYYY-MM-DD') as "plannedDate",
  to_char(${local('j.started_at')}, 'HH24:MI') || '–' || to_char(${local('coalesce(j.planned_end_at, j.ended_at, j.started_at)')}, 'HH24:MI') as "timeWindow",
  j.technician_id as "technicianId", coalesce(u.name, j.staff_name) as "technicianName",
  array(select a.event_id from job_order_alarms a where a.job_order_id = j.id order by a.event_id) as "alarmIds", j.cancel_reason as "cancelReason",
  (select count(*)::int from field_checks f where f.job_order_id = j.id) as "fieldChecks"`;
export const visitTables = `job_orders j join customers c on c.id = j.customer_id join service_plans p on p.id = j.plan_id left join users u on u.id = j.technician_id`;

/** The visits due on the Beijing days of the range, in the caller's scope, by time. */
export async function listVisits(db: Queryable, scope: Scope, body: VisitListBody): Promise<Visit[]> {
  const days = (Date.parse(body.endDate) - Date.parse(body.startDate)) / 86_400_000;
  if (days < 0) throw new ApiError(400, VisitMessages.rangeReversed);
  if (days + 1 > VISIT_LIST_MAX_DAYS) throw new ApiError(400, VisitMessages.rangeTooLong);
  const params = new SqlParams();
  const conditions = [
    `j.started_at >= (${params.add(body.startDate)}::date)::timestamp at time zone '${CHINA_TIME_ZONE}'`,
    `j.started_at < (${params.add(body.endDate)}::date + 1)::timestamp at time zone '${CHINA_TIME_ZONE}'`,
    inScope(scope, 'j.customer_id', params),
  ];
  if (!body.withCancelled) conditions.push(`j.state <> '${JobOrderState.cancelled}'`);
  if (body.technicianIds?.length) conditions.push(`j.technician_id = any(${params.add(body.technicianIds)}::int[])`);
  if (body.customerIds?.length) conditions.push(`c.path && ${params.add(body.customerIds)}::int[]`);
  return db.query<Visit>(`select ${visitColumns} from ${visitTables} where ${conditions.join(' and ')} order by j.started_at, j.id`, params.values);
}

/** The provider's enabled accounts with the technician role. */
export async function technicians(db: Queryable): Promise<Technician[]> {
  return db.query<Technician>(
    `select u.id, u.name, u.account from users u
     where u.customer_id is null and u.disabled_at is null and exists (select 1 from user_roles r where r.user_id = u.id and r.role_id = ${BuiltInRole.technician.id})
     order by u.name, u.id`,
  );
}
