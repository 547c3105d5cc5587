import { CHINA_TIME_ZONE, JobOrderState, SERVICE_ACTIVITY_TOP_STORES, SERVICE_ACTIVITY_WEEK_DAYS, type ServiceActivity } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope, type Scope } from '../scope.ts';

/** SQL: the instant a Beijing calendar day (a date expression) begins. */
const dayStart = (day: string) => `((${day})::timestamp at time zone '${CHINA_TIME_ZONE}')`;

/**
 * The service day's job orders and the week's busiest stores in `scope`. The service day is today
 * (Beijing) when it has job orders, else the latest earlier day that has some: a screen would
 * otherwise show zeros on every quiet day (a weekend, a scope of stores served twice a month).
 */
export async function serviceActivity(db: Queryable, scope: Scope, now: Date): Promise<ServiceActivity> {
  const dayParams = new SqlParams();
  const today = `(${dayParams.add(now.toISOString())}::timestamptz at time zone '${CHINA_TIME_ZONE}')::date`;
  const [found] = await db.query<{ day: string | null; today: string }>(
    `select to_char((max(j.started_at) at time zone '${CHINA_TIME_ZONE}')::date, 'YYYY-MM-DD') as day,
            to_char(${today}, 'YYYY-MM-DD') as today
     from job_orders j
     where j.started_at < ${dayStart(`${today} + 1`)} and ${inScope(scope, 'j.customer_id', dayParams)}`,
    dayParams.values,
  );
  const day = found?.day ?? null;
  if (!day) return { day: null, isToday: false, weekStart: null, inProgress: 0, upcoming: 0, overdue: 0, doneToday: 0, plannedToday: 0, topStores: [] };

  const countParams = new SqlParams();
  const start = dayStart(`${countParams.add(day)}::date`);
  const [counts] = await db.query<{ in_progress: number | string; upcoming: number | string; done: number | string; planned: number | string }>(
    `select count(*) filter (where j.state = '${JobOrderState.inProgress}') as in_progress,
            count(*) filter (where j.state = '${JobOrderState.planned}') as upcoming,
            count(*) filter (where j.state = '${JobOrderState.done}') as done,
            count(*) as planned
     from job_orders j
     where j.started_at >= ${start} and j.started_at < ${start} + interval '1 day'
       and ${inScope(scope, 'j.customer_id', countParams)}`,
    countParams.values,
  );

  /** The week's job orders in scope (weekStart to day); each query has its own placeholders. */
  const inWeek = (params: SqlParams) =>
    `j.started_at >= ${dayStart(`${params.add(day)}::date - ${SERVICE_ACTIVITY_WEEK_DAYS - 1}`)}
     and j.started_at < ${dayStart(`${params.add(day)}::date + 1`)}
     and ${inScope(scope, 'j.customer_id', params)}`;
  const topParams = new SqlParams();
  const topStores = await db.query<{ customerId: number; storeName: string; count: number | string }>(
    `select j.customer_id as "customerId", c.name as "storeName", count(*) as count
     from job_orders j join customers c on c.id = j.customer_id
     where ${inWeek(topParams)} and j.state in ('${JobOrderState.inProgress}', '${JobOrderState.done}')
     group by j.customer_id, c.name
     order by count(*) desc, j.customer_id
     limit ${SERVICE_ACTIVITY_TOP_STORES}`,
    topParams.values,
  );
  const overdueParams = new SqlParams();
  const [overdue] = await db.query<{ n: number | string }>(
    `select count(*) as n from job_orders j where ${inWeek(overdueParams)} and j.state = '${JobOrderState.overdue}'`,
    overdueParams.values,
  );
  const [weekStart] = await db.query<{ day: string }>(
    `select to_char($1::date - ${SERVICE_ACTIVITY_WEEK_DAYS - 1}, 'YYYY-MM-DD') as day`,
    [day],
  );

  return {
    day,
    isToday: day === found!.today,
    weekStart: weekStart!.day,
    // count(*) is bigint: a string from `pg`, a number from PGlite.
    inProgress: Number(counts!.in_progress),
    upcoming: Number(counts!.upcoming),
    overdue: Number(overdue!.n),
    doneToday: Number(counts!.done),
    plannedToday: Number(counts!.planned),
    topStores: topStores.map((store) => ({ customerId: store.customerId, storeName: store.storeName, count: Number(store.count) })),
  };
}
