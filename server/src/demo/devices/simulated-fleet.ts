import { AlarmKind, DeviceKind, DeviceStatus, LOW_BATTERY_ALARM_PERCENT } from '@pest/shared';
import { sqlIsAlarm } from '../../backend/common/linked-alarms.ts';
import type { Db } from '../../backend/db/db.ts';
import { sqlYearlyCatches, type DeviceClass, type SimulatedRate } from '../seed/fleet-rates.ts';
import { sqlStoreActivity } from '../seed/store-activity.ts';
import { KITCHEN_REGIONS } from '../seed/telemetry.ts';

/** The queries the simulator asks about the fleet it animates. */

export interface FleetDevice {
  id: number;
  status: DeviceStatus;
  power: number;
  kind: DeviceKind;
  kitchen: boolean;
}

/** Devices by the classes the rates are given for; the simulator scales each rate by these counts. */
export interface FleetCensus {
  count(who: DeviceClass): number;
}

// The same notion of "kitchen" as the history's (telemetry.ts): the device's top region.
const PLACED = `devices d
  join device_types t on t.id = d.device_type_id
  left join points p on p.device_id = d.id
  left join service_regions r on r.id = p.region_id
  left join service_regions top on top.id = r.parent_id`;
const KITCHEN = `coalesce(top.name = any($1::text[]), false)`;

export async function takeCensus(db: Db): Promise<FleetCensus> {
  const rows = await db.query<{ gateway: boolean; kitchen: boolean; n: number }>(
    `select t.smart_kind = ${DeviceKind.loraGateway} as gateway, ${KITCHEN} as kitchen, count(*)::int as n
     from ${PLACED} group by 1, 2`,
    [KITCHEN_REGIONS],
  );
  return {
    count: (who) =>
      rows
        .filter((row) => (row.gateway ? who.gateways : who.boxes) && (who.kitchen === 'any' || who.kitchen === row.kitchen))
        .reduce((sum, row) => sum + row.n, 0),
  };
}

/**
 * Silent devices ($2) report nothing, nor do the LoRa boxes whose gateway is silent. Anti-joins,
 * not `<> all(...)`: a large fleet has thousands of silent devices, tested against every row.
 */
const QUIET = `left join unnest($2::int[]) as quiet(id) on quiet.id = d.id
  left join unnest($2::int[]) as quiet_gateway(id) on quiet_gateway.id = d.gateway_id`;
const HEARD = `quiet.id is null and quiet_gateway.id is null`;

/** The devices that have waited longest since their last report, so each reports at an even pace. */
export async function nextReporters(db: Db, count: number, silent: number[]): Promise<FleetDevice[]> {
  return db.query<FleetDevice>(
    `select d.id, d.status, d.remaining_power as power, t.smart_kind as kind, ${KITCHEN} as kitchen
     from ${PLACED} ${QUIET}
     where ${HEARD}
     order by d.last_communication_at, d.id
     limit $3`,
    [KITCHEN_REGIONS, silent, count],
  );
}

/** A device an event may happen to, and how likely it is to be the one (relative to the others). */
export interface Candidate {
  id: number;
  weight: number;
}

/**
 * The devices an event of `rate` may happen to now: of its class, reporting, and without an open
 * alarm of that kind (a repeat would not be a new alarm). A catch is as likely at a box as in its
 * history: by its store's activity and its own yearly count (fleet-rates.ts); other events weigh the
 * same everywhere. Ordered, so
 * a seeded random picks the same one on every driver.
 */
export async function candidates(db: Db, rate: SimulatedRate, silent: number[]): Promise<Candidate[]> {
  const conditions = [HEARD, `d.status <> ${DeviceStatus.offline}`];
  if (!rate.who.gateways) conditions.push(`t.smart_kind <> ${DeviceKind.loraGateway}`);
  if (!rate.who.boxes) conditions.push(`t.smart_kind = ${DeviceKind.loraGateway}`);
  if (rate.who.kitchen !== 'any') conditions.push(rate.who.kitchen ? KITCHEN : `not ${KITCHEN}`);
  if (rate.what === AlarmKind.lowBattery) conditions.push(`d.remaining_power >= ${LOW_BATTERY_ALARM_PERCENT}`);
  if (rate.what !== 'outage') {
    conditions.push(`not exists (select 1 from device_events e where e.device_id = d.id and e.kind = ${rate.what} and not e.handled)`);
  }
  const weight = rate.followsRodents ? `${sqlStoreActivity('d.customer_id')} * ${sqlYearlyCatches('d.id', KITCHEN)}` : '1::float8';
  // `kitchen` keeps $1 in every variant of the query, so its type is known.
  return db.query<Candidate>(`select d.id, ${weight} as weight, ${KITCHEN} as kitchen from ${PLACED} ${QUIET} where ${conditions.join(' and ')} order by d.id`, [
    KITCHEN_REGIONS,
    silent,
  ]);
}

/** Devices offline now: at start, the simulator treats them as in the middle of an outage. */
export async function offlineDevices(db: Db): Promise<number[]> {
  const rows = await db.query<{ id: number }>(`select id from devices where status = ${DeviceStatus.offline} order by id`);
  return rows.map((row) => row.id);
}

/** Devices with an alarm open since before `before` that staff can close: not the offline alarm of a device still offline, nor a fault alarm (open until the device is repaired). */
export async function devicesWithAlarmsBefore(db: Db, before: Date): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `select distinct e.device_id as id from device_events e join devices d on d.id = e.device_id
     where not e.handled and ${sqlIsAlarm('e')} and e.created_at < $1
       -- What handleAlarms leaves open: a device that has only these would be visited every pass
       -- for nothing (a third of the simulator's database time went to such visits).
       and not (e.kind = ${AlarmKind.offline} and d.status = ${DeviceStatus.offline})
       and e.kind <> ${AlarmKind.fault}
     order by 1`,
    [before.toISOString()],
  );
  return rows.map((row) => row.id);
}
