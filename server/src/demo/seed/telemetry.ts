import { CHINA_TIME_ZONE, DeviceKind, DeviceStatus } from '@pest/shared';
import type { Logger } from 'pino';
import { RAW_HEARTBEAT_DAYS } from '../../backend/common/heartbeat-retention.ts';
import { sqlHasUnhandledAlarm } from '../../backend/common/linked-alarms.ts';
import type { Queryable } from '../../backend/db/db.ts';
import { SqlParams } from '../../backend/db/sql-params.ts';
import { sqlPick } from './hash.ts';
import { sqlStoreActivity } from './store-activity.ts';
import { HEARTBEAT_HOURS } from '../../backend/common/offline-rule.ts';
import { BATTERY_DRAIN, EVENT_DAYS, HISTORY_OFFLINE_WINDOW_SECONDS, OPEN_OUTAGE_DAYS, OUTAGES } from './fleet-rates.ts';
import { raiseFaultAlarms, seedTelemetryEvents } from './telemetry-events.ts';

/**
 * A year of telemetry up to the moment of seeding, so the demo's last days are recent and the
 * simulator carries on from there. Set-based and deterministic given that moment: every value is
 * a hash of the device and the time slot.
 *
 * Devices report every HEARTBEAT_HOURS hours at their own phase, so each Beijing day holds
 * exactly 24 / HEARTBEAT_HOURS slots. A slot is missed while the device is offline: during past
 * outages (a gateway's outages are its LoRa boxes' too) and since it went offline for good.
 * Raw heartbeats cover the last RAW_DAYS days; device_daily counts every day of the year.
 */
export const RAW_DAYS = RAW_HEARTBEAT_DAYS;
export const HISTORY_DAYS = 365;
export const SLOTS_PER_DAY = 24 / HEARTBEAT_HOURS;
const HEARTBEATS_BY_DEVICE = 'device_heartbeats_device_at_idx';

/** Top-level regions where food is handled: more catches, warmer boxes. */
export const KITCHEN_REGIONS = ['后厨', '加工间', '生产车间'];

/** SQL battery percent of device `d` (tele_device) `daysAgo` days before the end: draining, replaced at 5%. */
export const sqlBattery = (daysAgo: string) =>
  `case when d.kind = ${DeviceKind.loraGateway} then 100
        else 100 - round(((100 - d.power - d.drain * (${daysAgo})) - ${BATTERY_DRAIN.cyclePercent} * floor((100 - d.power - d.drain * (${daysAgo})) / ${BATTERY_DRAIN.cyclePercent}))::numeric)::int end`;

/**
 * tele_clock, the window the telemetry steps fill: events in (start_at, end_at] over `days` China
 * days up to last_day; heartbeat slots counted from `base`, the start of first_day; raw ones from
 * raw_day. `from` null is the whole history: heartbeats for HISTORY_DAYS, events for EVENT_DAYS.
 * `salt` makes a window's hash keys its own, so a catch-up does not replay the seed's draws.
 */
export async function openTelemetryClock(tx: Queryable, window: { from: Date | null; to: Date }): Promise<void> {
  const params = new SqlParams();
  const endAt = `${params.add(window.to.toISOString())}::timestamptz`;
  const lastDay = `(${endAt} at time zone '${CHINA_TIME_ZONE}')::date`;
  const startAt = window.from ? `${params.add(window.from.toISOString())}::timestamptz` : `(${lastDay} - ${EVENT_DAYS - 1})::timestamp at time zone '${CHINA_TIME_ZONE}'`;
  const firstDay = window.from ? `(${startAt} at time zone '${CHINA_TIME_ZONE}')::date` : `${lastDay} - ${HISTORY_DAYS - 1}`;
  await tx.query(
    `create temp table tele_clock on commit drop as
     select end_at, start_at, first_day, raw_day, last_day, (first_day::timestamp at time zone '${CHINA_TIME_ZONE}') as base,
            last_day - (start_at at time zone '${CHINA_TIME_ZONE}')::date + 1 as days,
            floor(extract(epoch from end_at) / 60)::int8 * 100000000 as salt
     from (select ${endAt} as end_at, ${startAt} as start_at, ${firstDay} as first_day, ${lastDay} - ${RAW_DAYS - 1} as raw_day, ${lastDay} as last_day) c`,
    params.values,
  );
}

/**
 * The year's alarms and the devices' state. Their heartbeat history, which no first screen reads,
 * is heartbeat-history.ts's, filled in after it (on a first start, while the product already answers);
 * so are, with `deferAlarmsBefore`, the alarms handled before then (event-backlog.ts).
 */
export async function seedTelemetry(tx: Queryable, logger: Logger, end: Date = new Date(), { deferAlarmsBefore }: { deferAlarmsBefore?: Date } = {}): Promise<void> {
  const started = performance.now();
  await openTelemetryClock(tx, { from: null, to: end });
  await describeDevices(tx);
  await tx.exec('analyze tele_clock, tele_device');
  await planOutages(tx);
  await seedTelemetryEvents(tx, { history: true, deferBefore: deferAlarmsBefore });
  await raiseFaultAlarms(tx);
  await settleDevices(tx, { history: true });
  await tx.exec('analyze devices, device_heartbeats, device_daily, device_events, alarm_counts, heartbeat_daily, heartbeat_hourly, store_device_counts');
  const [counts] = await tx.query<{ heartbeats: number; daily: number; events: number }>(
    `select (select count(*) from device_heartbeats)::int as heartbeats, (select count(*) from device_daily)::int as daily,
            (select count(*) from device_events)::int as events`,
  );
  logger.info({ step: 'telemetry', rows: counts, ms: Math.round(performance.now() - started) }, 'generated');
}

/** SQL: a device's battery drain in percent a day. */
export const sqlDrain = (deviceId: string) => `(${BATTERY_DRAIN.base} + ${sqlPick('tele-drain', deviceId, BATTERY_DRAIN.spread)}) / 100.0`;
/** SQL: the minute of its HEARTBEAT_HOURS at which a device reports. */
export const sqlPhaseMinutes = (deviceId: string) => sqlPick('tele-phase', deviceId, HEARTBEAT_HOURS * 60);

/**
 * SQL selecting every device with its kind, store, status, battery, whether it sits in a kitchen
 * and its share of its class's catches (catch_weight: its store's activity over the average of
 * the boxes of its class, kitchen or not, so a class's catches add up to the rates' counts).
 * `where` keeps only some devices (`d`); their catch_weight is then relative to them alone.
 */
export function sqlPlacedDevices(params: SqlParams, where = ''): string {
  return `select x.*, x.activity / avg(x.activity) over (partition by x.kind = ${DeviceKind.loraGateway}, x.kitchen) as catch_weight
     from (select d.id, d.customer_id, t.smart_kind as kind, d.status, d.remaining_power as power,
                  coalesce(top.name = any(${params.add(KITCHEN_REGIONS)}::text[]), false) as kitchen,
                  ${sqlStoreActivity('d.customer_id')} as activity
           from devices d
           join device_types t on t.id = d.device_type_id
           left join points p on p.device_id = d.id
           left join service_regions r on r.id = p.region_id
           left join service_regions top on top.id = r.parent_id
           ${where}) x`;
}

/**
 * Per device: kind, store, whether it sits in a kitchen, its battery drain (%/day), its report
 * phase, its gateway (LoRa boxes: one of the store's gateways) and, if it is offline now, since
 * when. A gateway offline takes its boxes with it, from the same moment.
 */
export async function describeDevices(tx: Queryable, stores?: { from: number; to: number }): Promise<void> {
  const params = new SqlParams();
  // Only these stores' devices (the heartbeat fill's step): a LoRa box's gateway stands in its
  // store, so nothing else changes, but catch_weight is then relative to them and means nothing.
  const placedIn = stores ? `where d.customer_id between ${params.add(stores.from)} and ${params.add(stores.to)}` : '';
  await tx.query(
    `create temp table tele_device on commit drop as
     with placed as (${sqlPlacedDevices(params, placedIn)}),
     gateways as (
       select customer_id, array_agg(id order by id) as ids from placed where kind = ${DeviceKind.loraGateway} group by customer_id
     ),
     linked as (
       select p.*,
              case when p.kind = ${DeviceKind.loraRodentBox} then g.ids[1 + ${sqlPick('tele-gateway', 'p.id', 'cardinality(g.ids)')}] end as gateway_id,
              -- Half the devices the domain generator left offline have come back since. The rest
              -- have been silent for longer than the flap window, or they would not count as offline.
              case when p.status = ${DeviceStatus.offline} and ${sqlPick('tele-still-offline', 'p.id', 2)} = 0
                   then c.end_at - make_interval(secs => ${HISTORY_OFFLINE_WINDOW_SECONDS} + 3600 + ${sqlPick('tele-offline-since', 'p.id', OPEN_OUTAGE_DAYS * 86400)}) end as own_offline_since
       from placed p
       cross join tele_clock c
       left join gateways g on g.customer_id = p.customer_id
     )
     select l.id, l.customer_id, l.kind, l.kitchen, l.power, l.gateway_id, l.catch_weight,
            coalesce(gw.own_offline_since, l.own_offline_since) as offline_since,
            case when coalesce(gw.own_offline_since, l.own_offline_since) is not null then ${DeviceStatus.offline}
                 when l.status = ${DeviceStatus.offline} then ${DeviceStatus.online}
                 else l.status end as status,
            ${sqlDrain('l.id')} as drain, ${sqlPhaseMinutes('l.id')} as phase_minutes
     from linked l
     left join linked gw on gw.id = l.gateway_id`,
    params.values,
  );
  await tx.exec(`create unique index on tele_device (id)`);
}

/**
 * Outages (tele_outage): up to three past ones per device, two hours to three days long, ended
 * before it was last seen; a gateway's are copied to its boxes (via_gateway); and the current one
 * of an offline device, open until now (its gateway's, for a box behind an offline gateway). tele_missed lists the heartbeat slots they swallow.
 */
export async function planOutages(tx: Queryable): Promise<void> {
  await tx.exec(
    `create temp table tele_outage on commit drop as
     -- via_gateway: the gateway whose outage silenced this box (its row will be linked to the gateway's alarm).
     with own as (
       select d.id as device_id,
              c.end_at - make_interval(secs => 86400 + ${sqlPick('tele-outage-start', 'd.id * 4 + n', OUTAGES.overDays * 86400)}) as started_at,
              ${OUTAGES.minSeconds} + ${sqlPick('tele-outage-length', 'd.id * 4 + n', OUTAGES.spreadSeconds)} as seconds
       from tele_device d
       cross join tele_clock c
       cross join generate_series(1, ${OUTAGES.maxCount}) as n
       where n <= ${sqlPick('tele-outage-count', 'd.id', OUTAGES.maxCount + 1)}
     ),
     past as (
       select o.device_id, o.started_at, o.started_at + make_interval(secs => o.seconds) as ended_at
       from own o
     )
     select p.device_id, p.started_at, p.ended_at, null::int as via_gateway
     from past p join tele_device d on d.id = p.device_id cross join tele_clock c
     where p.ended_at < coalesce(d.offline_since, c.end_at) - interval '1 hour'
     union all
     select box.id, p.started_at, p.ended_at, p.device_id
     from past p
     join tele_device box on box.gateway_id = p.device_id
     cross join tele_clock c
     where p.ended_at < coalesce(box.offline_since, c.end_at) - interval '1 hour'
     union all
     select d.id, d.offline_since, null, gw.id
     from tele_device d
     left join tele_device gw on gw.id = d.gateway_id and gw.offline_since = d.offline_since
     where d.offline_since is not null`,
  );
  // Slot k of a device is at base + phase + k * HEARTBEAT_HOURS.
  await tx.exec(
    `create temp table tele_missed on commit drop as
     select distinct o.device_id, g.k
     from tele_outage o
     join tele_device d on d.id = o.device_id
     cross join tele_clock c
     cross join lateral generate_series(
       ceil(extract(epoch from o.started_at - c.base - make_interval(mins => d.phase_minutes)) / ${HEARTBEAT_HOURS * 3600})::int,
       floor(extract(epoch from coalesce(o.ended_at, c.end_at) - c.base - make_interval(mins => d.phase_minutes)) / ${HEARTBEAT_HOURS * 3600})::int
     ) as g(k)`,
  );
  await tx.exec('create index on tele_missed (device_id, k); analyze tele_outage, tele_missed');
}

/** SQL: battery, temperature and signal of device `d` (tele_device) at `s.at`, hashed by `key`. */
export const sqlHeartbeatReadings = (key: string) =>
  `${sqlBattery(`extract(epoch from c.end_at - s.at) / 86400`)},
   round((case when d.kitchen then 26 else 21 end
          + 3 * sin(2 * pi() * (extract(hour from s.at at time zone '${CHINA_TIME_ZONE}') - 9) / 24)
          + (${sqlPick('tele-temperature', key, 21)} - 10) / 10.0)::numeric, 1),
   -62 - ${sqlPick('tele-signal', key, 45)}`;

/**
 * Raw heartbeats of the last RAW_DAYS days of the devices of tele_device, then the daily counts of
 * the whole year from the same slots, so daily and raw agree wherever both exist. A month's days
 * start from a template shared by every device (full days inside the history before the raw
 * window, 0 elsewhere); only the days that differ (raw days, outages) are patched per device.
 * Anti-joins rather than `not exists`: PGlite runs per-row probes several times slower than one
 * hash join. `bulk`: the table is empty and nobody reads it, so its index is built after the load
 * (maintaining the btree row by row took several times as long); otherwise it is kept.
 */
export async function seedHeartbeats(tx: Queryable, { bulk }: { bulk: boolean }): Promise<void> {
  const slotAt = `c.base + make_interval(mins => d.phase_minutes) + g.k * interval '${HEARTBEAT_HOURS} hours'`;
  const key = `d.id::int8 * 10000 + g.k`;
  const rawFrom = (HISTORY_DAYS - RAW_DAYS) * SLOTS_PER_DAY;
  if (bulk) await tx.exec(`drop index ${HEARTBEATS_BY_DEVICE}`);
  await tx.exec(
    `insert into device_heartbeats (device_id, at, battery, temperature, signal)
     select d.id, s.at, ${sqlHeartbeatReadings(key)}
     from generate_series(${rawFrom}, ${HISTORY_DAYS * SLOTS_PER_DAY - 1}) as g(k)
     cross join tele_device d
     cross join tele_clock c
     cross join lateral (select ${slotAt} as at) s
     left join tele_missed m on m.device_id = d.id and m.k = g.k
     where s.at <= c.end_at and m.device_id is null`,
  );
  // The same definition as in migrations/030_telemetry.sql.
  if (bulk) await tx.exec(`create index ${HEARTBEATS_BY_DEVICE} on device_heartbeats (device_id, at)`);

  await tx.exec(
    `create temp table tele_month on commit drop as
     select m::date as month,
            array(select case when m::date + (i - 1) < m::date + interval '1 month'
                                and m::date + (i - 1) between c.first_day and c.raw_day - 1 then ${SLOTS_PER_DAY} else 0 end
                  from generate_series(1, 31) as i order by i) as template
     from tele_clock c
     cross join generate_series(date_trunc('month', c.first_day), date_trunc('month', c.end_at at time zone '${CHINA_TIME_ZONE}'), interval '1 month') as m`,
  );
  await tx.exec(
    `create temp table tele_day_count on commit drop as
     select h.device_id, (h.at at time zone '${CHINA_TIME_ZONE}')::date as day, count(*)::int as n
     from device_heartbeats h join tele_device d on d.id = h.device_id group by 1, 2
     union all
     select m.device_id, c.first_day + m.k / ${SLOTS_PER_DAY}, ${SLOTS_PER_DAY} - count(*)::int
     from tele_missed m cross join tele_clock c
     where m.k between 0 and ${rawFrom - 1}
     group by 1, 2;
     analyze tele_day_count`,
  );
  await tx.exec(
    `with touched as (
       select distinct device_id, date_trunc('month', day)::date as month from tele_day_count
     ),
     patched as (
       select x.device_id, x.month, array_agg(coalesce(n.n, t.template[g.i]) order by g.i) as heartbeats
       from touched x
       join tele_month t on t.month = x.month
       cross join generate_series(1, 31) as g(i)
       left join tele_day_count n
         on n.device_id = x.device_id and n.day = x.month + (g.i - 1) and x.month + (g.i - 1) < x.month + interval '1 month'
       group by x.device_id, x.month
     )
     insert into device_daily (device_id, month, heartbeats)
     select d.id, t.month, coalesce(p.heartbeats, t.template)
     from tele_month t
     cross join tele_device d
     left join patched p on p.device_id = d.id and p.month = t.month
     order by t.month, d.id`,
  );
}

/**
 * The devices' current state from their telemetry: last heartbeat and reading, and whether an
 * alarm waits; after the history also their status (offline with their gateway), gateway and
 * the secret they sign reports with. A catch-up (`history` false) keeps those and touches only
 * the devices of tele_device.
 */
export async function settleDevices(tx: Queryable, { history }: { history: boolean }): Promise<void> {
  await tx.exec(
    `update devices v
     set ${history ? `status = d.status, gateway_id = d.gateway_id,
         secret = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''),` : ''}
         last_communication_at = coalesce(h.at, ${history ? 'd.offline_since, ' : ''}v.last_communication_at),
         temperature = ${history ? 'h.temperature' : 'coalesce(h.temperature, v.temperature)'},
         signal = ${history ? 'h.signal' : 'coalesce(h.signal, v.signal)'},
         remaining_power = coalesce(h.battery, v.remaining_power),
         has_unhandled_alarm = ${sqlHasUnhandledAlarm('v.id')}
     from tele_device d
     left join lateral (
       select at, battery, temperature, signal from device_heartbeats b where b.device_id = d.id order by at desc limit 1
     ) h on true
     where d.id = v.id`,
  );
}

/**
 * Whether telemetry was seeded already (a data dir from before telemetry existed has none; one
 * whose heartbeat history is still being filled in has the rest).
 */
export async function telemetrySeeded(tx: Queryable): Promise<boolean> {
  const [row] = await tx.query<{ seeded: boolean }>(
    `select exists (select 1 from device_daily) or not exists (select 1 from devices)
            or exists (select 1 from demo_clock where heartbeat_fill_from is not null) as seeded`,
  );
  return row!.seeded;
}
