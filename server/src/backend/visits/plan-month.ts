import { CHINA_TIME_ZONE, CustomerKind, JobOrderState, PLANNED_VISIT_HOURS, PLANNED_VISIT_START, proposeVisitDays, ServiceType, UNASSIGNED_TECHNICIAN, visitName, type VisitPlanMonthBody } from '@pest/shared';
import type { AuditEntryInput } from '../common/audit-log.ts';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope, type Scope } from '../scope.ts';
import { technicians } from './visit-queries.ts';

interface MonthPlan {
  planId: number;
  customerId: number;
  name: string;
  visitsPerMonth: number;
  startDate: string;
  endDate: string;
  /** Days (yyyy-MM-dd) of its routine visits this month that are not cancelled. */
  booked: string[];
  /** The technician of its latest routine visit that had one. */
  usualTechnicianId: number | null;
}

export interface PlannedMonth {
  planned: number;
  unassigned: number;
  /** The audit entries of the visits created, for the caller to record with them. */
  entries: AuditEntryInput[];
}

/**
 * The month's routine visits each active plan in scope lacks: the days rules/visitDays.ts proposes,
 * less one near each visit it has already, none before today; given to the plan's usual technician,
 * else to the technician with the fewest visits that month so far, else unassigned.
 */
export async function planMonth(tx: Queryable, scope: Scope, body: VisitPlanMonthBody, today: string): Promise<PlannedMonth> {
  const first = `${body.month}-01`;
  const params = new SqlParams();
  const conditions = [
    `c.kind = ${CustomerKind.store}`,
    'c.suspended_at is null',
    `p.start_date <= (${params.add(first)}::date + interval '1 month' - interval '1 day')::date`,
    `p.end_date >= ${params.add(first)}::date`,
    'p.visits_per_month > 0',
    inScope(scope, 'c.id', params),
  ];
  if (body.customerIds?.length) conditions.push(`c.path && ${params.add(body.customerIds)}::int[]`);
  const monthOf = (column: string) => `to_char(${column} at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM') = ${params.add(body.month)}`;
  const plans = await tx.query<MonthPlan>(
    `select p.id as "planId", p.customer_id as "customerId", p.name, p.visits_per_month as "visitsPerMonth",
            to_char(p.start_date, 'YYYY-MM-DD') as "startDate", to_char(p.end_date, 'YYYY-MM-DD') as "endDate",
            array(select to_char(j.started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM-DD') from job_orders j
                  where j.plan_id = p.id and j.type = ${ServiceType.routine} and j.state <> '${JobOrderState.cancelled}' and ${monthOf('j.started_at')}) as booked,
            (select j.technician_id from job_orders j
             where j.plan_id = p.id and j.technician_id is not null and j.type = ${ServiceType.routine} and j.state <> '${JobOrderState.cancelled}'
             order by j.started_at desc limit 1) as "usualTechnicianId"
     from service_plans p join customers c on c.id = p.customer_id
     where ${conditions.join(' and ')}
     order by p.customer_id, p.id
     for update of p`,
    params.values,
  );
  const staff = await technicians(tx);
  const names = new Map(staff.map((person) => [person.id, person.name]));
  const load = new Map(staff.map((person) => [person.id, 0]));
  for (const [id, n] of await monthLoad(tx, body.month)) if (load.has(id)) load.set(id, n);

  const rows: { planId: number; customerId: number; name: string; day: string; technicianId: number | null }[] = [];
  for (const plan of plans) {
    const proposed = proposeVisitDays(body.month, plan.visitsPerMonth, { planStart: plan.startDate, planEnd: plan.endDate });
    for (const day of plan.booked) {
      // A visit it has stands for the proposed day nearest to it.
      const nearest = proposed.reduce((best, candidate, i) => (Math.abs(Date.parse(candidate) - Date.parse(day)) < Math.abs(Date.parse(proposed[best]!) - Date.parse(day)) ? i : best), 0);
      if (proposed.length > 0) proposed.splice(nearest, 1);
    }
    for (const day of proposed.filter((candidate) => candidate >= today)) {
      const technicianId = plan.usualTechnicianId !== null && names.has(plan.usualTechnicianId) ? plan.usualTechnicianId : leastLoaded(load);
      if (technicianId !== null) load.set(technicianId, (load.get(technicianId) ?? 0) + 1);
      rows.push({ planId: plan.planId, customerId: plan.customerId, name: visitName(`${body.month}-01`, ServiceType.routine), day, technicianId });
    }
  }
  if (rows.length === 0) return { planned: 0, unassigned: 0, entries: [] };

  const created = await tx.query<{ id: number; customerId: number; planId: number; plannedDate: string; technicianId: number | null }>(
    `with input as (
       select r.*, nextval(pg_get_serial_sequence('job_orders', 'id'))::int as id,
              ((r.day || ' ${PLANNED_VISIT_START}')::timestamp at time zone '${CHINA_TIME_ZONE}') as starts
       from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::int[], $6::text[]) with ordinality as r(plan_id, customer_id, name, day, technician_id, technician_name, n)
     ),
     inserted as (
       insert into job_orders (id, code, customer_id, plan_id, name, type, staff_name, technician_id, started_at, planned_end_at, state)
       select id, 'AP' || replace(day, '-', '') || lpad(id::text, 6, '0'), customer_id, plan_id, name, ${ServiceType.routine}, technician_name, technician_id,
              starts, starts + interval '${PLANNED_VISIT_HOURS} hours', '${JobOrderState.planned}'
       from input order by n
       returning id, customer_id, plan_id, technician_id, started_at
     ),
     pests as (
       insert into job_order_pests (job_order_id, pest_id) select i.id, unnest(p.pest_ids) from inserted i join service_plans p on p.id = i.plan_id
     )
     select id, customer_id as "customerId", plan_id as "planId", technician_id as "technicianId",
            to_char(started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM-DD') as "plannedDate"
     from inserted order by id`,
    [
      rows.map((row) => row.planId),
      rows.map((row) => row.customerId),
      rows.map((row) => row.name),
      rows.map((row) => row.day),
      rows.map((row) => row.technicianId),
      rows.map((row) => (row.technicianId === null ? UNASSIGNED_TECHNICIAN : names.get(row.technicianId)!)),
    ],
  );
  return {
    planned: created.length,
    unassigned: created.filter((visit) => visit.technicianId === null).length,
    entries: created.map((visit) => ({
      objectType: 'visit',
      objectId: visit.id,
      action: 'create',
      owner: visit.customerId,
      changes: {
        plannedDate: { before: null, after: visit.plannedDate },
        technician: { before: null, after: visit.technicianId === null ? UNASSIGNED_TECHNICIAN : names.get(visit.technicianId)! },
      },
    })),
  };
}

/** Each technician's visits of the month so far (not cancelled). */
async function monthLoad(tx: Queryable, month: string): Promise<[number, number][]> {
  const rows = await tx.query<{ id: number; n: number }>(
    `select technician_id as id, count(*)::int as n from job_orders
     where technician_id is not null and state <> '${JobOrderState.cancelled}' and to_char(started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM') = $1
     group by 1`,
    [month],
  );
  return rows.map((row) => [row.id, row.n]);
}

function leastLoaded(load: Map<number, number>): number | null {
  let best: number | null = null;
  for (const [id, n] of load) if (best === null || n < load.get(best)!) best = id;
  return best;
}
