import { CHINA_TIME_ZONE, JobOrderState, ServiceType } from '@pest/shared';
import { DeviceCondition, Metric } from '../../backend/common/check-vocabulary.ts';
import type { Queryable } from '../../backend/db/db.ts';
import { MATERIALS } from '../../backend/db/reference/material-catalog.ts';
import { sqlChance, sqlPick } from './hash.ts';

const material = (name: (typeof MATERIALS)[number]['name']) => MATERIALS.find((m) => m.name === name)!.id;
const BAIT = material('0.005%溴敌隆饵剂');
const GEL = material('2.5%吡虫啉杀蟑胶饵');
const SPRAY = material('4.5%高效氯氰菊酯水乳剂');
const FLY_BOARD = material('灭蝇灯粘蝇纸');
const UV_TUBE = material('灭蝇灯紫外灯管 18W');
const GLUE_BOARD = material('粘鼠板');
const ROACH_HOUSE = material('蟑螂屋');

/** Device types (catalog ids) whose points take materials. */
const DEVICE = { glueBoard: 1, baitStation: 2, flyLight: 4, roachHouse: 5 } as const;

/** A bait station holds 50 g; a visit refills what was eaten, and at least a 10 % top-up of fresh bait. */
const BAIT_STATION_GRAMS = 50;
const BAIT_TOP_UP_PERCENT = 10;

/**
 * What the visits just finished (`finished_job`, after their point checks) used, region by region,
 * from what the technician found: bait stations refilled by what was eaten, a fresh glue board in
 * every fly light, the fly lights' UV tubes changed once a year before the fly season (on the
 * plan's first routine visit in March), glue boards and cockroach houses replaced where they
 * caught something or were damaged, gel bait in the kitchen's sub-areas (more on a cockroach
 * call-out), and a spray outside on a fly call-out.
 * A product's lot changes monthly.
 */
export async function writeMaterials(tx: Queryable): Promise<void> {
  const zone = `'${CHINA_TIME_ZONE}'`;
  const month = `extract(month from j.started_at at time zone ${zone})::int`;
  const lotKey = `(m.material_id * 10000 + extract(year from j.started_at at time zone ${zone})::int * 12 + ${month})`;
  const regionKey = (label: string) => sqlPick(label, 'j.id::int8 * 16777216 + r.id', 6);
  const checked = `join point_checks c on c.job_order_id = j.id and c.point_id = pt.id and c.condition <> ${DeviceCondition.missing}`;
  await tx.exec(`insert into job_order_materials (job_order_id, material_id, region_id, lot_no, quantity)
    select m.job_order_id, m.material_id, m.region_id,
           'L' || to_char(j.started_at at time zone ${zone}, 'YYMM') || lpad((10 + ${sqlPick('material-lot', lotKey, 90)})::text, 2, '0'),
           m.quantity
    from (
      select j.id as job_order_id, ${BAIT} as material_id, pt.region_id,
             sum(greatest(coalesce(v.value, 0), ${BAIT_TOP_UP_PERCENT}) * ${BAIT_STATION_GRAMS} / 100.0) as quantity
      from finished_job j join points pt on pt.plan_id = j.plan_id and pt.device_type_id = ${DEVICE.baitStation} ${checked}
      left join point_check_values v on v.job_order_id = j.id and v.point_id = pt.id and v.metric = '${Metric.bait}'
      group by j.id, pt.region_id
      union all
      select j.id, ${FLY_BOARD}, pt.region_id, count(*)
      from finished_job j join points pt on pt.plan_id = j.plan_id and pt.device_type_id = ${DEVICE.flyLight} ${checked}
      group by j.id, pt.region_id
      union all
      select j.id, ${UV_TUBE}, pt.region_id, 2 * count(*)
      from finished_job j join points pt on pt.plan_id = j.plan_id and pt.device_type_id = ${DEVICE.flyLight} ${checked}
      where ${month} = 3 and j.type = ${ServiceType.routine}
        and not exists (select 1 from job_orders oj
                        where oj.plan_id = j.plan_id and oj.type = ${ServiceType.routine} and oj.state = '${JobOrderState.done}'
                          and oj.started_at < j.started_at
                          and date_trunc('month', oj.started_at at time zone ${zone}) = date_trunc('month', j.started_at at time zone ${zone}))
      group by j.id, pt.region_id
      union all
      select j.id, case pt.device_type_id when ${DEVICE.glueBoard} then ${GLUE_BOARD} else ${ROACH_HOUSE} end, pt.region_id, count(*)
      from finished_job j join points pt on pt.plan_id = j.plan_id and pt.device_type_id in (${DEVICE.glueBoard}, ${DEVICE.roachHouse})
      join point_checks c on c.job_order_id = j.id and c.point_id = pt.id
      where c.condition <> ${DeviceCondition.intact}
         or exists (select 1 from point_check_values v where v.job_order_id = j.id and v.point_id = pt.id and v.metric = '${Metric.catch}')
      group by j.id, pt.device_type_id, pt.region_id
      union all
      select j.id, ${GEL}, r.id, (3 + ${regionKey('gel-grams')}) * case when j.kind = 'cockroach' then 3 else 1 end
      from finished_job j join service_regions r on r.plan_id = j.plan_id and r.level = 2 and r.region_type = 'kitchen'
      where j.kind = 'cockroach' or ${sqlChance('gel-applied', 'j.id::int8 * 16777216 + r.id', 60)}
      union all
      select j.id, ${SPRAY}, r.id, 200 + 50 * ${regionKey('spray-ml')}
      from finished_job j join service_regions r on r.plan_id = j.plan_id and r.level = 1 and r.region_type = 'outside'
      where j.kind = 'fly'
    ) m
    join finished_job j on j.id = m.job_order_id
    where m.quantity > 0
    order by 1, 2, 3`);
}
