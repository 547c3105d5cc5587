import { CHINA_TIME_ZONE, AlarmKind, AlarmState, DeviceKind, DeviceStatus, LOW_BATTERY_ALARM_PERCENT, type AlarmContent, type DeviceReportEvent } from '@pest/shared';
import { storedContent } from '../common/alarm-content-sql.ts';
import { sqlHasUnhandledAlarm, sqlIsAlarm } from '../common/linked-alarms.ts';
import { raiseAlarm } from '../common/raise-alarm.ts';
import type { Db, Queryable } from '../db/db.ts';
import { closeGatewayOutage, recordGatewayOffline } from './gateway-outage.ts';

/** A reading at or above this raises a high-temperature alarm (a repeat while one is open). */
export const HIGH_TEMPERATURE_CELSIUS = 40;

export interface DeviceReport {
  battery?: number;
  temperature?: number;
  signal?: number;
  event?: DeviceReportEvent;
  at: Date;
}

const EVENT_ALARMS: Partial<Record<DeviceReportEvent, { kind: AlarmKind; content: AlarmContent }>> = {
  trigger: { kind: AlarmKind.trigger, content: { key: 'trigger' } },
  capture: { kind: AlarmKind.trigger, content: { key: 'capture' } },
  maintain: { kind: AlarmKind.maintain, content: { key: 'maintain' } },
};
const ONLINE = storedContent({ key: 'online' });

export interface DeviceState {
  id: number;
  customerId: number;
  status: DeviceStatus;
  /** Null until the device's first report tells it. */
  power: number | null;
  temperature: number | null;
  kind: DeviceKind;
  lastCommunication: Date | null;
}

/**
 * The one code path by which a device's report changes anything: the HTTP report endpoint and
 * the simulator both call it. Stores the heartbeat and its day's count, raises the alarms the
 * report implies (catch, maintenance, battery falling below LOW_BATTERY_ALARM_PERCENT, a hot
 * reading), brings an offline device back online (closing its offline alarms) and moves the
 * device's current state. Null when there is no such device.
 */
export async function recordReport(db: Db, deviceId: number, report: DeviceReport): Promise<{ events: number } | null> {
  return db.transaction(async (tx) => {
    const device = await lockDevice(tx, deviceId);
    if (!device) return null;
    const at = report.at.toISOString();
    const battery = device.kind === DeviceKind.loraGateway ? 100 : (report.battery ?? device.power);
    await tx.query(`insert into device_heartbeats (device_id, at, battery, temperature, signal) values ($1, $2, $3, $4, $5)`, [
      deviceId,
      at,
      battery,
      report.temperature ?? null,
      report.signal ?? null,
    ]);
    await countHeartbeat(tx, deviceId, at);

    const alarms: { kind: AlarmKind; content: AlarmContent }[] = [];
    let online = 0;
    if (device.status === DeviceStatus.offline) {
      // The system closes the offline alarm: handled by nobody, so handled_by stays null.
      await tx.query(
        `update device_events set handled = true, handled_at = $2, state = '${AlarmState.handled}', ack_at = coalesce(ack_at, $2)
         where device_id = $1 and kind = ${AlarmKind.offline} and not handled`,
        [deviceId, at],
      );
      await tx.query(
        `insert into device_events (device_id, customer_id, kind, content, content_key, content_params, created_at, last_at, handled, handled_at, state, ack_at)
         values ($1, $2, ${AlarmKind.online}, $4, $5, $6::jsonb, $3, $3, true, $3, '${AlarmState.handled}', $3)`,
        [deviceId, device.customerId, at, ONLINE.content, ONLINE.contentKey, ONLINE.contentParams],
      );
      online = 1;
      if (device.kind === DeviceKind.loraGateway) await closeGatewayOutage(tx, deviceId, at);
    }
    // Crossing the mark raises it, and so does a new device whose very first report is below it.
    if ((device.power === null || device.power >= LOW_BATTERY_ALARM_PERCENT) && battery !== null && battery < LOW_BATTERY_ALARM_PERCENT) {
      alarms.push({ kind: AlarmKind.lowBattery, content: { key: 'lowBattery', params: { percent: LOW_BATTERY_ALARM_PERCENT } } });
    }
    if (report.temperature !== undefined && report.temperature >= HIGH_TEMPERATURE_CELSIUS) {
      alarms.push({ kind: AlarmKind.highTemperature, content: { key: 'highTemperature', params: { celsius: report.temperature } } });
    }
    const eventAlarm = report.event && EVENT_ALARMS[report.event];
    if (eventAlarm) alarms.push(eventAlarm);
    for (const alarm of alarms) await raiseAlarm(tx, [deviceId], alarm.kind, alarm.content, report.at);

    await tx.query(
      `update devices set
         status = case when status = ${DeviceStatus.offline} then ${DeviceStatus.online} else status end,
         remaining_power = $2,
         temperature = coalesce($3, temperature),
         signal = coalesce($4, signal),
         last_communication_at = greatest(last_communication_at, $5::timestamptz),
         has_unhandled_alarm = ${sqlHasUnhandledAlarm('devices.id')}
       where id = $1`,
      [deviceId, battery, report.temperature ?? null, report.signal ?? null, at],
    );
    return { events: online + alarms.length };
  });
}

export interface OfflineOptions {
  /**
   * The heartbeat interval of the offline rule: a box behind a gateway went silent with it when it
   * was last heard at most this long before the gateway (its next report was due after the
   * gateway's last). 0 (the default) asks that it was heard at or after the gateway's last report.
   */
  heartbeatIntervalMs?: number;
}

/**
 * A device stopped reporting: offline, with an open offline alarm. A LoRa gateway's alarm stands
 * for the boxes that went silent with it, which get no alarm of their own (gateway-outage.ts).
 * Devices already offline are left alone.
 */
export async function recordOffline(db: Db, deviceId: number, at: Date, options: OfflineOptions = {}): Promise<void> {
  await db.transaction(async (tx) => {
    const device = await lockDevice(tx, deviceId);
    if (!device || device.status === DeviceStatus.offline) return;
    if (device.kind === DeviceKind.loraGateway) {
      await recordGatewayOffline(tx, device, at, options.heartbeatIntervalMs ?? 0);
      return;
    }
    await raiseAlarm(tx, [deviceId], AlarmKind.offline, { key: 'offline' }, at);
    await tx.query(`update devices set status = ${DeviceStatus.offline}, has_unhandled_alarm = true where id = $1`, [deviceId]);
  });
}

/** Staff acknowledge the open alarms of a device raised before `before`; returns how many. */
export async function handleAlarms(db: Db, deviceId: number, before: Date, at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const handled = await tx.query<{ id: number }>(
      `update device_events set handled = true, handled_at = $3, state = '${AlarmState.handled}', ack_at = coalesce(ack_at, $3)
       where device_id = $1 and not handled and created_at < $2 and ${sqlIsAlarm('device_events')}
         -- An offline alarm stays open while the device is offline, a fault alarm until staff repair the device.
         and not (kind = ${AlarmKind.offline} and exists (select 1 from devices where id = $1 and status = ${DeviceStatus.offline}))
         and kind <> ${AlarmKind.fault}
       returning id`,
      [deviceId, before.toISOString(), at.toISOString()],
    );
    await tx.query(`update devices set has_unhandled_alarm = ${sqlHasUnhandledAlarm('devices.id')} where id = $1`, [deviceId]);
    return handled.length;
  });
}

async function lockDevice(tx: Queryable, deviceId: number): Promise<DeviceState | null> {
  const [device] = await tx.query<DeviceState>(
    `select d.id, d.customer_id as "customerId", d.status, d.remaining_power as power, d.temperature::float8 as temperature, t.smart_kind as kind,
            d.last_communication_at as "lastCommunication"
     from devices d join device_types t on t.id = d.device_type_id
     where d.id = $1 for update of d`,
    [deviceId],
  );
  return device ?? null;
}

/** Adds the heartbeat to its Beijing day in device_daily (see migrations/030_telemetry.sql). */
async function countHeartbeat(tx: Queryable, deviceId: number, at: string): Promise<void> {
  const local = `($2::timestamptz at time zone '${CHINA_TIME_ZONE}')`;
  await tx.query(
    `insert into device_daily as dd (device_id, month, heartbeats)
     select $1, date_trunc('month', ${local})::date,
            array(select case when i = extract(day from ${local}) then 1 else 0 end from generate_series(1, 31) as i order by i)
     on conflict (device_id, month) do update
       set heartbeats[extract(day from ${local})::int] = dd.heartbeats[extract(day from ${local})::int] + 1`,
    [deviceId, at],
  );
}
