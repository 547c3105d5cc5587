import { AlarmKind } from '@pest/shared';
import { DeviceCondition, Metric } from '../../backend/common/check-vocabulary.ts';
import type { Queryable } from '../../backend/db/db.ts';
import { sqlPick } from './hash.ts';
import { EMERGENCY } from './job-orders-vocabulary.ts';

/** Point ids stay below 2^24, so (job, point) makes one int8 hash key. */
const checkKey = (job: string, point: string) => `(${job}::int8 * 16777216 + ${point})`;

/**
 * The point checks of the visits just finished (`finished_job`): every point of the plan, the
 * device's condition, and the readings. How likely and how large a reading is follows the device's
 * usual reading, the pest's season, the sub-area, the store, and whether pests brought the
 * technician in. A smart box's trigger count is what the box itself reported since the plan's
 * previous visit (its trigger events, repeats included), so the sheet agrees with the device's
 * alarms; it catches only when triggered. A missing device has no readings.
 */
export async function writePointChecks(tx: Queryable): Promise<void> {
  const key = checkKey('j.id', 'pt.id');
  const condition = sqlPick('check-condition', key, 1000);
  await tx.exec(`insert into point_checks (job_order_id, point_id, condition)
    select j.id, pt.id,
           case when ${condition} < 965 then ${DeviceCondition.intact}
                when ${condition} < 980 then ${DeviceCondition.moved}
                when ${condition} < 995 then ${DeviceCondition.damaged}
                else ${DeviceCondition.missing} end
    from finished_job j join points pt on pt.plan_id = j.plan_id
    order by j.id, pt.id`);

  const readingKey = `(${checkKey('c.job_order_id', 'c.point_id')} * 64 + coalesce(r.pest_id, 0))`;
  // An exponential draw with mean 1: most readings small, a few large.
  const amount = `-ln(1 - (${sqlPick('reading-amount', readingKey, 10000)} + 0.5::float8) / 10000)`;
  await tx.exec(`insert into point_check_values (job_order_id, point_id, metric, pest_id, value)
    select job_order_id, point_id, metric, pest_id, value from (
      select c.job_order_id, c.point_id, r.metric, r.pest_id,
             case when ${sqlPick('reading-chance', readingKey, 10000)} < 10000 * least(0.95, r.chance / 100 * f.scale
                         * case when r.kind = j.kind then ${EMERGENCY.activityFactor} else 1 end)
               -- Bait is judged by eye, in steps of 5 %.
               then least(r.max, case when r.metric = '${Metric.bait}' then 5 * greatest(1, round(r.mean * sqrt(f.scale) * ${amount} / 5))
                                      else greatest(1, round(r.mean * sqrt(f.scale) * ${amount})) end)
             end::int as value
      from point_checks c
      join finished_job j on j.id = c.job_order_id
      join points pt on pt.id = c.point_id
      join region_activity a on a.region_id = pt.region_id
      join check_reading r on r.device_type_id = pt.device_type_id and not r.after_trigger and r.metric <> '${Metric.trigger}'
      join pest_season s on s.kind = r.kind and s.month = j.month
      cross join lateral (select s.factor * a.weight * j.activity as scale) f
      where c.condition <> ${DeviceCondition.missing}
    ) readings
    where value is not null
    order by 1, 2, 3, 4`);

  await tx.exec(`insert into point_check_values (job_order_id, point_id, metric, pest_id, value)
    select c.job_order_id, c.point_id, '${Metric.trigger}', null, captured.n
    from point_checks c
    join finished_job j on j.id = c.job_order_id
    join points pt on pt.id = c.point_id
    cross join lateral (
      select (count(*) + coalesce(sum(e.repeat_count), 0))::int as n
      -- On a first start the older captures may still wait for the background fill (event-backlog.ts).
      from (select device_id, kind, gateway_alarm_id, created_at, repeat_count from device_events
            union all
            select device_id, kind, gateway_alarm_id, created_at, repeat_count from demo_event_backlog) e
      where e.device_id = pt.device_id and e.kind = ${AlarmKind.trigger} and e.gateway_alarm_id is null
        and e.created_at > j.since and e.created_at <= j.started_at
    ) captured
    where pt.device_id is not null and c.condition <> ${DeviceCondition.missing} and captured.n > 0
      and pt.device_type_id in (select device_type_id from check_reading where metric = '${Metric.trigger}')
    order by 1, 2`);

  const catchKey = `(${checkKey('v.job_order_id', 'v.point_id')} * 64 + r.pest_id)`;
  await tx.exec(`insert into point_check_values (job_order_id, point_id, metric, pest_id, value)
    select v.job_order_id, v.point_id, '${Metric.catch}', r.pest_id, least(v.value, 1 + ${sqlPick('smart-catch-count', catchKey, 'r.max')})
    from point_check_values v
    join finished_job j on j.id = v.job_order_id
    join points pt on pt.id = v.point_id
    join check_reading r on r.device_type_id = pt.device_type_id and r.after_trigger
    where v.metric = '${Metric.trigger}' and ${sqlPick('smart-catch', catchKey, 100)} < r.chance
    order by 1, 2, 4`);
}
