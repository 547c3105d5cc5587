import { CHINA_TIME_ZONE, AlarmKind, DeviceKind, DeviceStatus, LOW_BATTERY_ALARM_PERCENT, type DeviceReportEvent } from '@pest/shared';
import type { Db, Queryable } from '../db/db.ts';

/** A reading at or above this raises a high-temperature alarm (while none is open). */
export const HIGH_TEMPERATURE_CELSIUS = 40;

export interface DeviceReport {
  battery?: number;
  temperature?: number;
  signal?: number;
  event?: DeviceReportEvent;
  at: Date;
}

const EVENT_ALARMS: Partial<Record<DeviceReportEvent, { kind: AlarmKind; content: string }>> = {
  trigger: { kind: AlarmKind.trigger, content: '触发捕鼠' },
  capture: { kind: AlarmKind.trigger, content: '捕获老鼠' },
  maintain: { kind: AlarmKind.maintain, content: '需要维护' },
};

interface DeviceState {
  id: number;
  customerId: number;
  status: DeviceStatus;
  power: number;
  temperature: number | null;
  kind: DeviceKind;
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

    const events: { kind: AlarmKind; content: string; handled: boolean }[] = [];
    if (device.status === DeviceStatus.offline) {
      await tx.query(
        `update device_events set handled = true, handled_at = $2 where device_id = $1 and kind = ${AlarmKind.offline} and not handled`,
        [deviceId, at],
      );
      events.push({ kind: AlarmKind.online, content: '设备上线', handled: true });
    }
    if (device.power >= LOW_BATTERY_ALARM_PERCENT && battery < LOW_BATTERY_ALARM_PERCENT) {
      events.push({ kind: AlarmKind.lowBattery, content: `电量低于${LOW_BATTERY_ALARM_PERCENT}%`, handled: false });
    }
    if (report.temperature !== undefined && report.temperature >= HIGH_TEMPERATURE_CELSIUS && !(await hasOpen(tx, deviceId, AlarmKind.highTemperature))) {
      events.push({ kind: AlarmKind.highTemperature, content: `温度过高：${report.temperature.toFixed(1)}℃`, handled: false });
    }
    const eventAlarm = report.event && EVENT_ALARMS[report.event];
    if (eventAlarm) events.push({ ...eventAlarm, handled: false });
    for (const event of events) {
      await tx.query(
        `insert into device_events (device_id, customer_id, kind, content, created_at, handled, handled_at)
         values ($1, $2, $3, $4, $5, $6, case when $6 then $5::timestamptz end)`,
        [deviceId, device.customerId, event.kind, event.content, at, event.handled],
      );
    }

    await tx.query(
      `update devices set
         status = case when status = ${DeviceStatus.offline} then ${DeviceStatus.online} else status end,
         remaining_power = $2,
         temperature = coalesce($3, temperature),
         signal = coalesce($4, signal),
         last_communication_at = greatest(last_communication_at, $5::timestamptz),
         has_unhandled_alarm = ${openAlarmSql('devices.id')}
       where id = $1`,
      [deviceId, battery, report.temperature ?? null, report.signal ?? null, at],
    );
    return { events: events.length };
  });
}

/**
 * A device stopped reporting: offline, with an open offline alarm. A gateway takes the LoRa boxes
 * that talk through it along. Devices already offline are left alone.
 */
export async function recordOffline(db: Db, deviceId: number, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const device = await lockDevice(tx, deviceId);
    if (!device || device.status === DeviceStatus.offline) return;
    const boxes = await tx.query<{ id: number }>(
      `select id from devices where gateway_id = $1 and status <> ${DeviceStatus.offline} order by id for update`,
      [deviceId],
    );
    const ids = [deviceId, ...boxes.map((box) => box.id)];
    await tx.query(
      `insert into device_events (device_id, customer_id, kind, content, created_at, handled)
       select id, customer_id, ${AlarmKind.offline}, '设备离线', $2, false from devices where id = any($1::int[]) order by id`,
      [ids, at.toISOString()],
    );
    await tx.query(`update devices set status = ${DeviceStatus.offline}, has_unhandled_alarm = true where id = any($1::int[])`, [ids]);
  });
}

/** Staff acknowledge the open alarms of a device raised before `before`; returns how many. */
export async function handleAlarms(db: Db, deviceId: number, before: Date, at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const handled = await tx.query<{ id: number }>(
      `update device_events set handled = true, handled_at = $3
       where device_id = $1 and not handled and created_at < $2
         -- An offline alarm stays open while the device is offline.
         and not (kind = ${AlarmKind.offline} and exists (select 1 from devices where id = $1 and status = ${DeviceStatus.offline}))
       returning id`,
      [deviceId, before.toISOString(), at.toISOString()],
    );
    await tx.query(`update devices set has_unhandled_alarm = ${openAlarmSql('devices.id')} where id = $1`, [deviceId]);
    return handled.length;
  });
}

const openAlarmSql = (deviceId: string) =>
  `exists (select 1 from device_events e where e.device_id = ${deviceId} and not e.handled and e.kind <> ${AlarmKind.online})`;

async function lockDevice(tx: Queryable, deviceId: number): Promise<DeviceState | null> {
  const [device] = await tx.query<DeviceState>(
    `select d.id, d.customer_id as "customerId", d.status, d.remaining_power as power, d.temperature::float8 as temperature, t.smart_kind as kind
     from devices d join device_types t on t.id = d.device_type_id
     where d.id = $1 for update of d`,
    [deviceId],
  );
  return device ?? null;
}

async function hasOpen(tx: Queryable, deviceId: number, kind: AlarmKind): Promise<boolean> {
  const rows = await tx.query(`select 1 from device_events where device_id = $1 and kind = $2 and not handled limit 1`, [deviceId, kind]);
  return rows.length > 0;
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
