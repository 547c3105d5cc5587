import { CHINA_TIME_ZONE, DeviceKind, DeviceStatus } from '@pest/shared';
import type { Queryable } from '../../backend/db/db.ts';
import { SqlParams } from '../../backend/db/sql-params.ts';
import { HEARTBEAT_HOURS } from '../../backend/common/offline-rule.ts';
import {
  openTelemetryClock,
  settleDevices,
  sqlDrain,
  sqlHeartbeatReadings,
  sqlPhaseMinutes,
  sqlPlacedDevices,
} from './telemetry.ts';
import { seedTelemetryEvents } from './telemetry-events.ts';

const SLOT_SECONDS = HEARTBEAT_HOURS * 3600;
/** The temporary tables of the steps, dropped at the end: a caller may seed in the same transaction. */
const TEMP_TABLES = ['tele_clock', 'tele_device', 'tele_outage', 'tele_window_count', 'tele_alarmed_outage', 'tele_event', 'tele_alarm'];

export interface TelemetryCatchUp {
  /** Heartbeats the window's days now count (device_daily); raw rows are the last RAW_DAYS' of them. */
  heartbeats: number;
  /** Events and alarms added (repeats folded into alarms already open are not rows). */
  events: number;
  /** China days the window touches. */
  days: number;
}

/**
 * The device data a stopped demo missed in (from, to], as the history was generated: heartbeats
 * at each device's slots (counted per China day in device_daily, raw ones for the last RAW_DAYS),
 * the window's alarms at the rates of fleet-rates.ts handled as the history's are, and the
 * devices' current state. Set-based and deterministic for a window. The caller bounds the window
 * and runs it in its transaction.
 *
 * Devices offline now (and LoRa boxes behind an offline gateway) stay silent: they write nothing
 * and their outage goes on. No new outages are drawn: an outage in the past would have to be an
 * offline alarm raised and closed while nobody watched, which the offline watch, starting after
 * the catch-up, cannot have done; the simulator draws the next ones live.
 */
export async function catchUpTelemetry(tx: Queryable, window: { from: Date; to: Date }): Promise<TelemetryCatchUp> {
  const [before] = await tx.query<{ id: number }>('select coalesce(max(id), 0)::int8 as id from device_events');
  await openTelemetryClock(tx, window);
  await describeReportingDevices(tx);
  await tx.exec('create temp table tele_outage (device_id integer, started_at timestamptz, ended_at timestamptz, via_gateway integer) on commit drop');
  await tx.exec('analyze tele_clock, tele_device');
  const heartbeats = await fillHeartbeats(tx);
  await seedTelemetryEvents(tx, { history: false });
  await settleDevices(tx, { history: false });
  const [counts] = await tx.query<{ events: number; days: number }>(
    `select (select count(*) from device_events where id > $1)::int as events, (select days from tele_clock)::int as days`,
    [before!.id],
  );
  await tx.exec(`drop table ${TEMP_TABLES.join(', ')}`);
  return { heartbeats, events: counts!.events, days: counts!.days };
}

/**
 * tele_device for the catch-up: the devices reporting now, with the seed's drain, phase, kitchen
 * and catch weight. The battery model counts back from the window's end (sqlBattery): `power` is
 * where the battery would be at the end without a replacement, so that at the window's start it
 * reads what the device reported last.
 */
async function describeReportingDevices(tx: Queryable): Promise<void> {
  const params = new SqlParams();
  await tx.query(
    `create temp table tele_device on commit drop as
     with placed as (${sqlPlacedDevices(params)})
     select p.id, p.customer_id, p.kind, p.kitchen, p.catch_weight, p.status, v.gateway_id, null::timestamptz as offline_since,
            ${sqlDrain('p.id')} as drain, ${sqlPhaseMinutes('p.id')} as phase_minutes,
            p.power - ${sqlDrain('p.id')} * extract(epoch from c.end_at - c.start_at) / 86400 as power
     from placed p
     join devices v on v.id = p.id
     cross join tele_clock c
     left join devices gw on gw.id = v.gateway_id
     where p.status <> ${DeviceStatus.offline} and (p.kind <> ${DeviceKind.loraRodentBox} or gw.status is distinct from ${DeviceStatus.offline})`,
    params.values,
  );
  await tx.exec('create unique index on tele_device (id)');
}

/**
 * The window's heartbeat slots: counted per device and China day from the slot arithmetic (slot
 * k at base + phase + k × HEARTBEAT_HOURS, as the seed's) and added into device_daily's month
 * rows; raw rows for the slots from raw_day on. Returns how many were counted.
 */
async function fillHeartbeats(tx: Queryable): Promise<number> {
  const epoch = (at: string) => `extract(epoch from ${at})`;
  const dayStart = (day: string) => `((${day})::timestamp at time zone '${CHINA_TIME_ZONE}')`;
  // First slot after `at` (exclusive) or at/after it (inclusive), last slot at/before it, of device d.
  const firstAfter = (at: string) => `(floor((${epoch(at)} - o.b) / ${SLOT_SECONDS})::int8 + 1)`;
  const firstFrom = (at: string) => `ceil((${epoch(at)} - o.b) / ${SLOT_SECONDS})::int8`;
  const lastUpTo = (at: string) => `floor((${epoch(at)} - o.b) / ${SLOT_SECONDS})::int8`;
  const origin = `cross join lateral (select ${epoch('c.base')} + d.phase_minutes * 60 as b) o`;

  await tx.exec(
    `create temp table tele_window_count on commit drop as
     select d.id as device_id, g.day::date as day, n.n
     from tele_device d cross join tele_clock c ${origin}
     cross join generate_series(c.first_day, c.last_day, interval '1 day') as g(day)
     cross join lateral (
       select (least(${lastUpTo('c.end_at')}, ${firstFrom(dayStart('g.day::date + 1'))} - 1)
               - greatest(${firstAfter('c.start_at')}, ${firstFrom(dayStart('g.day::date'))}) + 1)::int as n
     ) n
     where n.n > 0`,
  );
  await tx.exec(
    `with months as (select distinct device_id, date_trunc('month', day)::date as month from tele_window_count),
     added as (
       select m.device_id, m.month, array_agg(coalesce(n.n, 0) order by g.i) as heartbeats
       from months m
       cross join generate_series(1, 31) as g(i)
       left join tele_window_count n
         on n.device_id = m.device_id and n.day = m.month + (g.i - 1) and m.month + (g.i - 1) < m.month + interval '1 month'
       group by m.device_id, m.month
     )
     insert into device_daily as dd (device_id, month, heartbeats)
     select device_id, month, heartbeats from added order by month, device_id
     on conflict (device_id, month) do update
       set heartbeats = array(select x + y from unnest(dd.heartbeats, excluded.heartbeats) with ordinality as u(x, y, i) order by i)`,
  );

  const key = `d.id::int8 * 10000000 + floor(${epoch('s.at')} / ${SLOT_SECONDS})::int8`;
  await tx.exec(
    `insert into device_heartbeats (device_id, at, battery, temperature, signal)
     select d.id, s.at, ${sqlHeartbeatReadings(key)}
     from tele_device d cross join tele_clock c ${origin}
     cross join lateral generate_series(greatest(${firstAfter('c.start_at')}, ${firstFrom(dayStart('c.raw_day'))}), ${lastUpTo('c.end_at')}) as g(k)
     cross join lateral (select c.base + make_interval(mins => d.phase_minutes) + g.k * interval '${HEARTBEAT_HOURS} hours' as at) s
     order by s.at, d.id`,
  );
  const [row] = await tx.query<{ n: number }>('select coalesce(sum(n), 0)::int as n from tele_window_count');
  return row!.n;
}
