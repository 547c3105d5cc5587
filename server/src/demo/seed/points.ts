import { DeviceKind, DictionaryType } from '@pest/shared';
import type { Queryable } from '../../backend/db/db.ts';
import { SqlParams } from '../../backend/db/sql-params.ts';
import { DEVICE_TYPES, deviceTypeId } from '../../backend/db/reference/catalog.ts';
import { sqlChance, sqlDigits, sqlPick, sqlPickFrom } from './hash.ts';
import { sqlMobile, sqlSurname } from './people.ts';
import { DEVICE_REMARKS } from './vocabulary.ts';

/** The layout image the points are drawn on (console-spec section 9: map canvas 800x650), less a margin. */
const CANVAS = { width: 800, height: 650, margin: 40 };
/** Passive devices drawn for a point: glue boards and bait stations are the most common. */
const PASSIVE_DRAW = ['粘鼠板', '粘鼠板', '粘鼠板', '鼠饵站', '鼠饵站', '捕鼠笼', '灭蝇灯', '灭蝇灯', '蟑螂屋', '蟑螂屋'].map(
  (name) => DEVICE_TYPES.find((type) => type.name === name)!.id,
);

/**
 * Points on every plan's sub-areas: the store's smart devices (gateways first) on its first plan,
 * then passive devices. A point's code is its top-level area's letter and its number there
 * (B-007); x falls in that area's band of the layout image. Smart points get a device row.
 */
export async function seedPoints(tx: Queryable, end: Date): Promise<void> {
  await tx.exec(`create temp table generated_point (
    id integer, customer_id integer, plan_id integer, region_id integer, device_type_id integer,
    device_id integer, code text, x smallint, y smallint
  ) on commit drop`);

  const params = new SqlParams();
  const band = `(${CANVAS.width - 2 * CANVAS.margin} / p.top_count)`;
  await tx.query(
    `with plans as (
       select p.id, p.customer_id, s.lora, s.gateways,
              case when row_number() over (partition by p.customer_id order by p.id) = 1 then s.smart_devices else 0 end as smart,
              s.passive_points[row_number() over (partition by p.customer_id order by p.id)] as passive
       from service_plans p join layout_store s on s.id = p.customer_id
     ),
     tops as (
       select id, plan_id, row_number() over (partition by plan_id order by id) as top_no, count(*) over (partition by plan_id) as top_count
       from service_regions where level = 1
     ),
     leaves as (
       select r.plan_id, array_agg(r.id order by r.id) as ids
       from service_regions r where r.level = 2
       group by r.plan_id
     ),
     slots as (
       select p.id as plan_id, p.customer_id, seq,
              case when seq <= p.gateways and p.smart > 0 then ${deviceTypeId(DeviceKind.loraGateway)}
                   when seq <= p.smart and p.lora then ${deviceTypeId(DeviceKind.loraRodentBox)}
                   when seq <= p.smart then ${deviceTypeId(DeviceKind.nbIotRodentBox)}
                   else (${params.add(PASSIVE_DRAW)}::int[])[1 + ${sqlPick('point-passive-type', 'p.id::int8 * 10000 + seq', PASSIVE_DRAW.length)}]
              end as device_type_id,
              seq <= p.smart as smart,
              ${sqlPickFrom('point-region', 'p.id::int8 * 10000 + seq', 'l.ids')} as region_id
       from plans p
       join leaves l on l.plan_id = p.id
       cross join generate_series(1, p.smart + p.passive) as seq
     ),
     placed as (
       select s.*, t.top_no, t.top_count,
              row_number() over (partition by s.plan_id, t.top_no order by s.seq) as number_in_top
       from slots s
       join service_regions r on r.id = s.region_id
       join tops t on t.id = r.parent_id
     )
     insert into generated_point
     select row_number() over (order by p.plan_id, p.seq),
            p.customer_id, p.plan_id, p.region_id, p.device_type_id,
            case when p.smart then sum(case when p.smart then 1 else 0 end) over (order by p.plan_id, p.seq) end,
            chr(64 + p.top_no::int) || '-' || lpad(p.number_in_top::text, 3, '0'),
            ${CANVAS.margin} + (p.top_no - 1) * ${band} + ${sqlPick('point-x', 'p.plan_id::int8 * 10000 + p.seq', band)},
            ${CANVAS.margin} + ${sqlPick('point-y', 'p.plan_id::int8 * 10000 + p.seq', CANVAS.height - 2 * CANVAS.margin)}
     from placed p`,
    params.values,
  );

  await insertDevices(tx, end);
  await tx.exec(`insert into points (id, customer_id, plan_id, region_id, device_type_id, device_id, code, x, y)
    select * from generated_point order by id`);
}

/**
 * A device row for every smart point. NB-IoT boxes and gateways carry a SIM (IMEI, IMSI,
 * ICCID); LoRa boxes have none and are numbered by their DevEUI. One supplier and one support
 * engineer per store, as devices are installed in one batch.
 */
async function insertDevices(tx: Queryable, end: Date): Promise<void> {
  const params = new SqlParams();
  const key = 'g.device_id';
  const since = (label: string, seconds: string) => `(${params.add(end.toISOString())}::timestamptz - make_interval(secs => ${sqlPick(label, key, seconds)}))`;
  await tx.query(
    `with suppliers as (
       select array_agg(id order by id) as ids from dictionary where type_id = ${DictionaryType.supplier}
     ),
     states as (
       select g.*, t.name as type_name, t.smart_kind,
              case when ${sqlPick('device-status', key, 100)} < 82 then 2
                   when ${sqlPick('device-status', key, 100)} < 95 then 1
                   else 3 end as status
       from generated_point g join device_types t on t.id = g.device_type_id
       where g.device_id is not null
     )
     insert into devices (id, customer_id, device_type_id, code, device_no, name, imei, imsi, iccid, remaining_power,
                          supplier_id, technical_support, status, has_unhandled_alarm, last_communication_at, remark)
     select g.device_id, g.customer_id, g.device_type_id,
            'LD' || lpad(g.device_id::text, 8, '0'),
            case g.smart_kind
              when ${DeviceKind.nbIotRodentBox} then 'RB-NB-' || lpad(g.device_id::text, 7, '0')
              when ${DeviceKind.loraRodentBox} then '70B3D5' || lpad(upper(to_hex(g.device_id)), 10, '0')
              else 'AC1F09FFFE' || lpad(upper(to_hex(g.device_id)), 6, '0')
            end,
            g.type_name || ' ' || g.code,
            case when g.smart_kind <> ${DeviceKind.loraRodentBox} then '86' || ${sqlDigits('device-imei', key, 13)} end,
            case when g.smart_kind <> ${DeviceKind.loraRodentBox} then '46011' || ${sqlDigits('device-imsi', key, 10)} end,
            case when g.smart_kind <> ${DeviceKind.loraRodentBox} then '898611' || ${sqlDigits('device-iccid', key, 14)} end,
            case when g.smart_kind = ${DeviceKind.loraGateway} then 100 else 5 + ${sqlPick('device-power', key, 96)} end,
            ${sqlPickFrom('device-supplier', 'g.customer_id', 's.ids')},
            ${sqlSurname(params, 'support', 'g.customer_id')} || '工 ' || ${sqlMobile(params, 'support', 'g.customer_id')},
            g.status,
            ${sqlChance('device-alarm', key, 8)},
            case when g.status = 2 then ${since('device-seen-online', '3600')}
                 else ${since('device-seen-offline', '30 * 86400')} - interval '1 day' end,
            case when ${sqlChance('device-remark', key, 15)} then ${sqlPickFrom('device-remark-text', key, `${params.add(DEVICE_REMARKS)}::text[]`)} end
     from states g cross join suppliers s
     order by g.device_id`,
    params.values,
  );
}
