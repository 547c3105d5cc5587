import { CHINA_TIME_ZONE, ServiceType } from '@pest/shared';
import type { Queryable } from '../db.ts';
import { SqlParams } from '../sql-params.ts';
import { sqlChance, sqlPick } from './hash.ts';
import { sqlStoreActivity } from './job-orders.ts';
import {
  EMERGENCY,
  EMERGENCY_NAMES,
  FOLLOW_UP,
  FREE_VISIT,
  IN_PROGRESS_PERCENT,
  PLAN_KEYWORDS,
  REGULAR_TECHNICIAN_PERCENT,
  SERVICE_CONTENT,
  STORE_ACTIVITY,
  SUMMER_MONTHS,
  TECHNICIANS_PER_AREA,
} from './job-orders-vocabulary.ts';
import { REFERENCE_TIME } from './layout.ts';
import { sqlPersonName } from './people.ts';

/**
 * The visits of each plan over the twelve months before the reference time: twice a month on a
 * store's main plan and once on its second, in working hours, plus emergency call-outs (more in
 * problem stores and in the season of what they are about) each checked again a few days later,
 * risk follow-ups and the odd free visit; this morning a few technicians are still at work.
 * Filled into the temporary `generated_job`, which the check and risk steps read too.
 */
export async function seedVisits(tx: Queryable): Promise<void> {
  await tx.exec(`create temp table generated_job (
    id integer primary key, customer_id integer, plan_id integer, type smallint, month integer, kind text,
    activity float8, started_at timestamptz, ended_at timestamptz
  ) on commit drop`);

  const params = new SqlParams();
  const now = `${params.add(REFERENCE_TIME)}::timestamptz`;
  const zone = params.add(CHINA_TIME_ZONE);
  const monthKey = 'p.plan_id::int8 * 1000 + m.n * 10';
  const emergencyDay = sqlPick('emergency-day', 's.month_key', 24);
  const emergencyNames = Object.entries(EMERGENCY_NAMES);
  /** Whether a plan has such a visit in a month, more likely in a problem store when the odds say so. */
  const perMonth = (label: string, odds: { chance: number; problemChance?: number }) =>
    `${sqlPick(label, monthKey, 1000)} < case when p.activity = ${STORE_ACTIVITY.problemFactor} then ${odds.problemChance ?? odds.chance} else ${odds.chance} end`;
  // Slots of a plan's month: 1 and 2 routine, 3 an emergency, 4 its effective follow-up, 5 a risk follow-up, 6 free, 7 today's.
  await tx.query(
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
       select n, date_trunc('month', ${now} at time zone ${zone}) - make_interval(months => 12 - n) as first_day
       from generate_series(0, 12) n
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
       cross join generate_series(1, 7) slot
       where case
         when slot = 1 then m.n < 12
         when slot = 2 then m.n < 12 and p.plan_no = 1
         when slot in (3, 4) then p.plan_no = 1 and ${perMonth('emergency', EMERGENCY)}
         when slot = 5 then p.plan_no = 1 and ${perMonth('follow-up', FOLLOW_UP)}
         when slot = 6 then p.plan_no = 1 and ${perMonth('free-visit', FREE_VISIT)}
         else m.n = 12 and p.plan_no = 1 and ${sqlChance('in-progress', 'p.customer_id', IN_PROGRESS_PERCENT)}
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
                when 7 then interval '0 days'
                else make_interval(days => ${sqlPick('visit-day', 'visit_key', 28)})
              end
              + case s.slot
                when 3 then make_interval(hours => 8 + ${sqlPick('visit-hour', 'visit_key', 10)}, mins => ${sqlPick('visit-minute', 'visit_key', 60)})
                when 7 then make_interval(hours => 8, mins => ${sqlPick('visit-minute', 'visit_key', 50)})
                else make_interval(hours => 9, mins => 30 * ${sqlPick('visit-hour', 'visit_key', 14)} + ${sqlPick('visit-minute', 'visit_key', 30)})
              end as local_start,
              -- Two to three minutes a point, and the treatment itself on a call-out.
              make_interval(mins => 15 + (s.point_count * (20 + ${sqlPick('visit-pace', 'visit_key', 11)}) / 10)::int
                                   + case when s.slot = 3 then 30 + ${sqlPick('visit-treatment', 'visit_key', 60)} else 0 end) as duration
       from slots s
     ),
     placed as (
       select t.*, t.local_start at time zone ${zone} as started_at
       from timed t
       where t.local_start at time zone ${zone} < ${now}
     ),
     numbered as (
       select row_number() over (order by started_at, plan_id, slot) as id, p.*,
              extract(month from p.local_start)::int as month,
              -- What pests were so busy about that the store called: the check finds more of them.
              case when p.slot = 3 then p.emergency_kind end as kind,
              case when p.started_at + p.duration <= ${now} then p.started_at + p.duration end as ended_at,
              ${sqlPersonName(params, 'technician', `p.area_id * 100 + case when ${sqlChance('visit-regular', 'p.visit_key', REGULAR_TECHNICIAN_PERCENT)}
                   then ${sqlPick('store-technician', 'p.customer_id', TECHNICIANS_PER_AREA)}
                   else ${sqlPick('visit-technician', 'p.visit_key', TECHNICIANS_PER_AREA)} end`)} as staff_name
       from placed p
     ),
     named as (
       select n.*,
              case n.slot
                when 3 then e.visit
                when 4 then e.follow_up
                when 5 then ${params.add(FOLLOW_UP.name)}
                when 6 then ${params.add(FREE_VISIT.name)}
                else n.month || '月' || n.short_name || case when n.plan_no = 1 then '（第' || case when n.slot = 2 then 2 else 1 end || '次）' else '' end
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
     generated as (
       insert into generated_job (id, customer_id, plan_id, type, month, kind, activity, started_at, ended_at)
       select id, customer_id, plan_id, type, month, kind, activity, started_at, ended_at from named
     ),
     orders as (
       insert into job_orders (id, code, customer_id, plan_id, name, type, staff_name, started_at, ended_at, state)
       select id,
              'GD' || to_char(local_start, 'YYYYMMDD') || lpad(row_number() over (partition by local_start::date order by id)::text, 4, '0'),
              customer_id, plan_id, name, type, staff_name, started_at, ended_at,
              case when ended_at is null then 'inProgress' else 'done' end
       from named order by id
     )
     insert into job_order_pests (job_order_id, pest_id)
     select n.id, p.id
     from named n
     join unnest(${params.add(contentKeys())}::text[], ${params.add(contentPests())}::text[]) as c(key, pest) on c.key = n.content_key
     join pests p on p.name = c.pest
     order by n.id, p.id`,
    params.values,
  );
}

const contentEntries = () => Object.entries(SERVICE_CONTENT).flatMap(([key, pests]) => pests.map((pest) => [key, pest] as const));
const contentKeys = () => contentEntries().map(([key]) => key);
const contentPests = () => contentEntries().map(([, pest]) => pest);
