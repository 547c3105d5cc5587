import { CHINA_TIME_ZONE, JobOrderState, ServiceType } from '@pest/shared';
import type { Queryable } from '../../backend/db/db.ts';
import { SqlParams } from '../../backend/db/sql-params.ts';
import { sqlChance, sqlPick } from './hash.ts';
import { sqlStoreActivity } from './store-activity.ts';
import {
  EMERGENCY,
  EMERGENCY_NAMES,
  FOLLOW_UP,
  FREE_VISIT,
  PLAN_KEYWORDS,
  PLANNING_HORIZON_DAYS,
  REGULAR_TECHNICIAN_PERCENT,
  SERVICE_CONTENT,
  STORE_ACTIVITY,
  SUMMER_MONTHS,
  TECHNICIANS_PER_AREA,
} from './job-orders-vocabulary.ts';
import { sqlPersonName } from './people.ts';

/** What a window of the schedule made. */
export interface PlannedVisits {
  created: number;
}

/**
 * Creates the job orders of each plan's visits whose booking falls in `window` (after `from`, up
 * to `to`, both rounded up to the hour; from the start of the history when `from` is null), as `planned`: twice a month on a
 * store's main plan and once on its second, in working hours, booked PLANNING_HORIZON_DAYS ahead;
 * emergency call-outs (more in problem stores and in the season of what they are about) booked
 * when they happen, each checked again a few days later; risk follow-ups and the odd free visit.
 * Every visit is a slot of its plan's month with a key of its own (job_orders.visit_key), and every
 * choice is a hash of that key, so generating the history at once or window by window as time
 * passes makes the same visits (the seam between seeded and scheduled data has no step), and a
 * window run twice makes nothing new. advanceVisits() then moves them on with the clock.
 */
export async function planVisits(tx: Queryable, window: { from: Date | null; to: Date }): Promise<PlannedVisits> {
  // Bookings are made by the hour: the scheduler's minute ticks then plan once an hour, and
  // consecutive windows still split the bookings between them exactly.
  const toHour = ceilHour(window.to);
  const fromHour = window.from && ceilHour(window.from);
  if (fromHour && fromHour >= toHour) return { created: 0 };
  const params = new SqlParams();
  const to = `${params.add(toHour.toISOString())}::timestamptz`;
  const from = fromHour ? `${params.add(fromHour.toISOString())}::timestamptz` : null;
  const zone = params.add(CHINA_TIME_ZONE);
  const horizon = `interval '${PLANNING_HORIZON_DAYS} days'`;
  const local = (instant: string) => `((${instant}) at time zone ${zone})`;
  // The history's first month is a year before the last one; a window needs its own months and the next.
  const firstMonth = from ? `date_trunc('month', ${local(from)}) - interval '1 month'` : `date_trunc('month', ${local(to)}) - interval '12 months'`;
  const monthKey = 'p.plan_id::int8 * 1000000 + m.abs_month * 10';
  const emergencyDay = sqlPick('emergency-day', 's.month_key', 24);
  const emergencyTime = (key: string) => `make_interval(hours => 8 + ${sqlPick('visit-hour', key, 10)}, mins => ${sqlPick('visit-minute', key, 60)})`;
  const emergencyNames = Object.entries(EMERGENCY_NAMES);
  /** Whether a plan has such a visit in a month, more likely in a problem store when the odds say so. */
  const perMonth = (label: string, odds: { chance: number; problemChance?: number }) =>
    `${sqlPick(label, monthKey, 1000)} < case when p.activity = ${STORE_ACTIVITY.problemFactor} then ${odds.problemChance ?? odds.chance} else ${odds.chance} end`;
  // Slots of a plan's month: 1 and 2 routine, 3 an emergency, 4 its effective follow-up, 5 a risk follow-up, 6 free.
  const [row] = await tx.query<{ created: number }>(
    `with plans as (
       select p.id as plan_id, p.customer_id, s.area_id,
              regexp_replace(p.name, '^\\d{4}年度(.+)方案$', '\\1') as short_name,
              coalesce((select k from unnest(${params.add(PLAN_KEYWORDS)}::text[]) k where strpos(p.name, k) > 0 limit 1), 'routine') as content,
              row_number() over (partition by p.customer_id order by p.id) as plan_no,
              (select count(*) from points pt where pt.plan_id = p.id) as point_count,
              ${sqlStoreActivity('p.customer_id')} as activity
       from service_plans p join customers s on s.id = p.customer_id
     ),
     months as (
       select m as first_day, (extract(year from m) * 12 + extract(month from m) - 1)::int as abs_month
       from generate_series(${firstMonth}, date_trunc('month', ${local(`${to} + ${horizon}`)}), interval '1 month') m
     ),
     slots as (
       select p.*, m.first_day, slot, ${monthKey} as month_key, ${monthKey} + slot as visit_key,
              -- Call-outs are about what is in season, most of the time.
              case when slot in (3, 4) then
                (select k.kind from unnest(${params.add(EMERGENCY.kinds)}::text[]) with ordinality k(kind, i)
                 join pest_season s on s.kind = k.kind and s.month = extract(month from m.first_day)
                 order by s.factor * (50 + ${sqlPick('emergency-kind', `${monthKey} + k.i`, 100)}) desc limit 1)
              end as emergency_kind
       from plans p cross join months m
       cross join generate_series(1, 6) slot
       where case
         when slot = 1 then true
         when slot = 2 then p.plan_no = 1
         when slot in (3, 4) then p.plan_no = 1 and ${perMonth('emergency', EMERGENCY)}
         when slot = 5 then p.plan_no = 1 and ${perMonth('follow-up', FOLLOW_UP)}
         else p.plan_no = 1 and ${perMonth('free-visit', FREE_VISIT)}
       end
     ),
     timed as (
       select s.*,
              case s.slot when 3 then ${ServiceType.emergency} when 4 then ${ServiceType.effectiveFollowUp}
                          when 5 then ${ServiceType.followUp} when 6 then ${ServiceType.free} else ${ServiceType.routine} end as type,
              s.first_day + case s.slot
                when 1 then make_interval(days => case when s.plan_no = 1 then ${sqlPick('visit-day', 'visit_key', 13)} else 3 + ${sqlPick('visit-day', 'visit_key', 22)} end)
                when 2 then make_interval(days => 14 + ${sqlPick('visit-day', 'visit_key', 14)})
                when 3 then make_interval(days => ${emergencyDay})
                when 4 then make_interval(days => ${emergencyDay} + 3 + ${sqlPick('visit-day', 'visit_key', 5)})
                else make_interval(days => ${sqlPick('visit-day', 'visit_key', 28)})
              end
              + case s.slot
                when 3 then ${emergencyTime('visit_key')}
                else make_interval(hours => 9, mins => 30 * ${sqlPick('visit-hour', 'visit_key', 14)} + ${sqlPick('visit-minute', 'visit_key', 30)})
              end as local_start,
              -- An effective follow-up is booked when its call-out happens.
              s.first_day + make_interval(days => ${emergencyDay}) + ${emergencyTime('s.month_key + 3')} as local_call_out,
              -- Two to three minutes a point, and the treatment itself on a call-out.
              make_interval(mins => 15 + (s.point_count * (20 + ${sqlPick('visit-pace', 'visit_key', 11)}) / 10)::int
                                   + case when s.slot = 3 then 30 + ${sqlPick('visit-treatment', 'visit_key', 60)} else 0 end) as duration
       from slots s
     ),
     booked as (
       select t.*, ${local('t.local_start')} as started_at
       from timed t
       cross join lateral (
         select case t.slot when 3 then t.local_start when 4 then t.local_call_out else t.local_start - ${horizon} end at time zone ${zone} as booked_at
       ) b
       where b.booked_at <= ${to} ${from ? `and b.booked_at > ${from}` : ''}
     ),
     numbered as (
       select b.*,
              extract(month from b.local_start)::int as month,
              to_char(b.local_start, 'YYYYMMDD') as day_code,
              row_number() over (partition by b.local_start::date order by b.started_at, b.plan_id, b.slot) as day_no,
              ${sqlPersonName(params, 'technician', `b.area_id * 100 + case when ${sqlChance('visit-regular', 'b.visit_key', REGULAR_TECHNICIAN_PERCENT)}
                   then ${sqlPick('store-technician', 'b.customer_id', TECHNICIANS_PER_AREA)}
                   else ${sqlPick('visit-technician', 'b.visit_key', TECHNICIANS_PER_AREA)} end`)} as staff_name
       from booked b
       where not exists (select 1 from job_orders j where j.visit_key = b.visit_key)
     ),
     named as (
       select n.*,
              case n.slot
                when 3 then e.visit
                when 4 then e.follow_up
                when 5 then ${params.add(FOLLOW_UP.name)}
                when 6 then ${params.add(FREE_VISIT.name)}
                else n.month || '月' || n.short_name || case when n.plan_no = 1 then '（第' || n.slot || '次）' else '' end
              end as name,
              case when n.slot in (3, 4) then n.emergency_kind
                   when n.plan_no > 1 then n.content
                   when n.month = any(${params.add(SUMMER_MONTHS)}::int[]) then 'routine-summer'
                   else 'routine' end as content_key
       from numbered n
       left join unnest(${params.add(emergencyNames.map(([kind]) => kind))}::text[],
                        ${params.add(emergencyNames.map(([, names]) => names.visit))}::text[],
                        ${params.add(emergencyNames.map(([, names]) => names.followUp))}::text[]) as e(kind, visit, follow_up)
         on e.kind = n.emergency_kind
     ),
     -- Codes number a day's orders; a day's later bookings continue after its earlier ones.
     day_counts as (
       select substr(j.code, 3, 8) as day_code, count(*)::int as n
       from job_orders j
       where ${from ? `j.started_at >= ${from} - interval '1 day'` : 'false'}
       group by 1
     ),
     orders as (
       insert into job_orders (code, customer_id, plan_id, name, type, staff_name, started_at, planned_end_at, state, visit_key)
       select 'GD' || n.day_code || lpad((n.day_no + coalesce(d.n, 0))::text, 4, '0'),
              n.customer_id, n.plan_id, n.name, n.type, n.staff_name, n.started_at, n.started_at + n.duration, '${JobOrderState.planned}', n.visit_key
       from named n left join day_counts d on d.day_code = n.day_code
       order by n.started_at, n.plan_id, n.slot
       returning id, visit_key
     ),
     pests as (
       insert into job_order_pests (job_order_id, pest_id)
       select o.id, p.id
       from orders o
       join named n on n.visit_key = o.visit_key
       join unnest(${params.add(contentKeys())}::text[], ${params.add(contentPests())}::text[]) as c(key, pest) on c.key = n.content_key
       join pests p on p.name = c.pest
       order by o.id, p.id
     )
     select count(*)::int as created from orders`,
    params.values,
  );
  return { created: row!.created };
}

const HOUR_MS = 3_600_000;
const ceilHour = (at: Date) => new Date(Math.ceil(at.getTime() / HOUR_MS) * HOUR_MS);

const contentEntries = () => Object.entries(SERVICE_CONTENT).flatMap(([key, pests]) => pests.map((pest) => [key, pest] as const));
const contentKeys = () => contentEntries().map(([key]) => key);
const contentPests = () => contentEntries().map(([, pest]) => pest);
