import { CHINA_TIME_ZONE, checkReportTime, DeviceKind, DeviceStatus, LOW_BATTERY_ALARM_PERCENT } from '@pest/shared';
import type { Queryable } from '../../db/db.ts';
import { HIGH_TEMPERATURE_CELSIUS } from '../record-report.ts';
import { decodeUplink, isReplayedFrame, type KnownDevice, type UplinkPipeline } from './ingest-uplink.ts';
import type { Uplink } from './uplink.ts';

/** One device's uplinks of a batch, in the order they came; `ref` is the caller's handle on each. */
export interface DeviceUplinks<T> {
  /** The DevEUI or IMEI they name. */
  key: string;
  uplinks: { uplink: Uplink; integrationId: number | null; ref: T }[];
}

export interface QuietOutcome<T> {
  recorded: T[];
  duplicates: T[];
  /** Devices with an uplink that may change more than the device's readings (an event, an alarm, coming back online, a codec's error…): for the one-at-a-time path. */
  loud: DeviceUplinks<T>[];
}

interface LockedDevice extends KnownDevice {
  key: string;
  status: DeviceStatus;
  power: number | null;
  kind: DeviceKind;
}

interface QuietRow {
  deviceId: number;
  at: string;
  battery: number | null;
  temperature: number | null;
  signal: number | null;
  fCnt: number | null;
  uplink: Uplink;
  integrationId: number | null;
  decoded: string;
}

/**
 * The common case of a batch, recorded set-wise: uplinks that only move a device's readings (a
 * heartbeat with its battery, temperature and signal, nothing that raises or closes an alarm).
 * What recordReport does for each, done with one statement per table for the whole batch, inside
 * one transaction that holds the devices (locked in id order, so two batches cannot deadlock):
 * the raw uplinks (a redelivery is recorded once), the heartbeats, their day counts, the devices'
 * state. Every other device of the batch is answered `loud`, untouched, for ingestUplink.
 */
export async function recordQuietUplinks<T>(pipeline: UplinkPipeline, groups: DeviceUplinks<T>[]): Promise<QuietOutcome<T>> {
  const outcome: QuietOutcome<T> = { recorded: [], duplicates: [], loud: [] };
  if (groups.length === 0) return outcome;
  const now = pipeline.now();
  await pipeline.db.transaction(async (tx) => {
    const devices = await lockDevices(tx, groups.map((group) => group.key));
    const rows: (QuietRow & { ref: T })[] = [];
    for (const group of groups) {
      const device = devices.get(group.key);
      const quiet = device ? await quietRows(pipeline, device, group, now) : null;
      if (quiet === null) {
        outcome.loud.push(group);
        continue;
      }
      rows.push(...quiet.rows);
      outcome.duplicates.push(...quiet.replayed);
    }
    if (rows.length === 0) return;
    const { kept: fresh, redelivered } = await keepRawUplinks(tx, rows);
    outcome.duplicates.push(...redelivered.map((row) => row.ref));
    if (fresh.length === 0) return;
    await tx.query(
      `insert into device_heartbeats (device_id, at, battery, temperature, signal)
       select * from unnest($1::int[], $2::timestamptz[], $3::int[], $4::numeric[], $5::int[])`,
      [fresh.map((row) => row.deviceId), fresh.map((row) => row.at), fresh.map((row) => row.battery), fresh.map((row) => row.temperature), fresh.map((row) => row.signal)],
    );
    await countHeartbeats(tx, fresh);
    // A device's last row of the batch has its latest readings; coalesce keeps what a row left out.
    const last = new Map(fresh.map((row) => [row.deviceId, row]));
    const ids = [...last.keys()];
    const latest = ids.map((id) => last.get(id)!);
    await tx.query(
      `update devices d set remaining_power = coalesce(r.battery, d.remaining_power), temperature = coalesce(r.temperature, d.temperature), signal = coalesce(r.signal, d.signal),
         last_communication_at = greatest(d.last_communication_at, r.at), last_f_cnt = coalesce(r.f_cnt, d.last_f_cnt), last_uplink_at = greatest(d.last_uplink_at, r.at)
       from unnest($1::int[], $2::int[], $3::numeric[], $4::int[], $5::timestamptz[], $6::bigint[]) as r(id, battery, temperature, signal, at, f_cnt)
       where d.id = r.id`,
      [ids, latest.map((row) => row.battery), latest.map((row) => row.temperature), latest.map((row) => row.signal), latest.map((row) => row.at), latest.map((row) => row.fCnt)],
    );
    outcome.recorded.push(...fresh.map((row) => row.ref));
  });
  return outcome;
}

async function lockDevices(tx: Queryable, keys: string[]): Promise<Map<string, LockedDevice>> {
  const found = await tx.query<LockedDevice>(
    `select coalesce(d.dev_eui, d.imei) as key, d.id, d.model_id as "modelId", m.codec, d.network_battery as "networkBattery", d.last_f_cnt as "lastFCnt",
            d.last_uplink_at as "lastUplinkAt", d.status, d.remaining_power as power, t.smart_kind as kind
     from devices d join device_types t on t.id = d.device_type_id left join device_models m on m.id = d.model_id
     where d.retired_at is null and (d.dev_eui = any($1::text[]) or d.imei = any($1::text[]))
     order by d.id for update of d`,
    [keys],
  );
  return new Map(found.map((device) => [device.key, device]));
}

/**
 * A device's uplinks as rows to record, or null when one of them is more than a reading (or the
 * device is offline, a gateway, or one of its uplinks is no `up`): the device then goes the
 * one-at-a-time way whole, so its uplinks stay in order.
 */
async function quietRows<T>(pipeline: UplinkPipeline, device: LockedDevice, group: DeviceUplinks<T>, now: Date): Promise<{ rows: (QuietRow & { ref: T })[]; replayed: T[] } | null> {
  if (device.status === DeviceStatus.offline || device.kind === DeviceKind.loraGateway) return null;
  const rows: (QuietRow & { ref: T })[] = [];
  const replayed: T[] = [];
  let power = device.power;
  let state: KnownDevice = device;
  for (const { uplink, integrationId, ref } of group.uplinks) {
    if (uplink.kind !== 'up') return null;
    const time = checkReportTime(uplink.at, now);
    if (!time.ok) return null;
    if (isReplayedFrame(state, uplink)) {
      replayed.push(ref);
      continue;
    }
    const decoded = await decodeUplink(pipeline, device, uplink);
    if (decoded.error || !decoded.reading) return null;
    const reading = decoded.reading;
    const battery = reading.battery ?? device.networkBattery ?? power;
    const crossesLowBattery = (power === null || power >= LOW_BATTERY_ALARM_PERCENT) && battery !== null && battery < LOW_BATTERY_ALARM_PERCENT;
    if ((reading.event && reading.event !== 'heartbeat') || (reading.temperature ?? -Infinity) >= HIGH_TEMPERATURE_CELSIUS || crossesLowBattery) return null;
    power = battery;
    state = { ...state, lastFCnt: uplink.fCnt === undefined ? state.lastFCnt : String(uplink.fCnt), lastUplinkAt: time.at };
    rows.push({
      deviceId: device.id,
      at: time.at.toISOString(),
      battery,
      temperature: reading.temperature ?? null,
      signal: uplink.rssi === undefined ? null : Math.max(-200, Math.min(0, Math.round(uplink.rssi))),
      fCnt: uplink.fCnt ?? null,
      uplink,
      integrationId,
      decoded: JSON.stringify(reading),
      ref,
    });
  }
  return { rows, replayed };
}

/**
 * The raw uplinks, one statement; answers the rows kept. A network server's id seen before, in
 * the table or earlier in the batch, is a redelivery: not kept.
 */
async function keepRawUplinks<R extends QuietRow>(tx: Queryable, rows: R[]): Promise<{ kept: R[]; redelivered: R[] }> {
  const seen = new Set<string>();
  const candidates: R[] = [];
  const redelivered: R[] = [];
  for (const row of rows) {
    const key = row.uplink.dedupKey === undefined ? null : `${row.deviceId}|${row.uplink.dedupKey}`;
    if (key !== null && seen.has(key)) redelivered.push(row);
    else candidates.push(row);
    if (key !== null) seen.add(key);
  }
  const inserted = await tx.query<{ deviceId: number; dedupKey: string | null }>(
    `insert into device_uplinks (device_id, integration_id, source, received_at, f_port, f_cnt, payload, decoded, error, rssi, snr, gateway, dedup_key)
     select r.device_id, r.integration_id, r.source, r.at, r.f_port, r.f_cnt, decode(r.payload, 'hex'), r.decoded::jsonb, null, r.rssi, r.snr, r.gateway, r.dedup_key
     from unnest($1::int[], $2::int[], $3::text[], $4::timestamptz[], $5::int[], $6::bigint[], $7::text[], $8::text[], $9::int[], $10::float8[], $11::text[], $12::text[])
       as r(device_id, integration_id, source, at, f_port, f_cnt, payload, decoded, rssi, snr, gateway, dedup_key)
     on conflict (device_id, dedup_key) where dedup_key is not null do nothing
     returning device_id as "deviceId", dedup_key as "dedupKey"`,
    [
      candidates.map((row) => row.deviceId),
      candidates.map((row) => row.integrationId),
      candidates.map((row) => row.uplink.source),
      // As the network server stamped it, as ingestUplink keeps it.
      candidates.map((row) => row.uplink.at.toISOString()),
      candidates.map((row) => row.uplink.fPort ?? null),
      candidates.map((row) => row.uplink.fCnt ?? null),
      candidates.map((row) => row.uplink.payload?.toString('hex') ?? null),
      candidates.map((row) => row.decoded),
      candidates.map((row) => (row.uplink.rssi === undefined ? null : Math.round(row.uplink.rssi))),
      candidates.map((row) => row.uplink.snr ?? null),
      candidates.map((row) => row.uplink.gateway ?? null),
      candidates.map((row) => row.uplink.dedupKey ?? null),
    ],
  );
  const keptKeys = new Set(inserted.filter((row) => row.dedupKey !== null).map((row) => `${row.deviceId}|${row.dedupKey}`));
  const kept: R[] = [];
  for (const row of candidates) {
    if (row.uplink.dedupKey === undefined || keptKeys.has(`${row.deviceId}|${row.uplink.dedupKey}`)) kept.push(row);
    else redelivered.push(row);
  }
  return { kept, redelivered };
}

/** Each heartbeat added to its Beijing day in device_daily, the batch's counts summed per device and month first. */
async function countHeartbeats(tx: Queryable, rows: QuietRow[]): Promise<void> {
  const local = `(h.at at time zone '${CHINA_TIME_ZONE}')`;
  await tx.query(
    `with counted as (
       select h.device_id, date_trunc('month', ${local})::date as month, extract(day from ${local})::int as day, count(*)::int as n
       from unnest($1::int[], $2::timestamptz[]) as h(device_id, at) group by 1, 2, 3),
     months as (select distinct device_id, month from counted)
     insert into device_daily as dd (device_id, month, heartbeats)
     select m.device_id, m.month, array_agg(coalesce(c.n, 0) order by g.i)
     from months m cross join generate_series(1, 31) as g(i)
     left join counted c on c.device_id = m.device_id and c.month = m.month and c.day = g.i
     group by m.device_id, m.month
     on conflict (device_id, month) do update
       set heartbeats = array(select a + b from unnest(dd.heartbeats, excluded.heartbeats) with ordinality as x(a, b, i) order by i)`,
    [rows.map((row) => row.deviceId), rows.map((row) => row.at)],
  );
}
