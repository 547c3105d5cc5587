import { AlarmKind, DeviceKind, DeviceStatus } from '@pest/shared';
import type { Sweep } from '../common/periodic-sweep.ts';
import type { Db } from '../db/db.ts';
import { isSilentTooLong, type OfflineRule } from '../common/offline-rule.ts';
import { recordOffline } from './record-report.ts';

interface SilentDevice {
  id: number;
  /** When its silence began: its last report, or its gateway's return from an outage that explained it. */
  since: Date;
  /** Its LoRa gateway's last report, while that gateway is not offline. */
  gatewayLast: Date | null;
  /** How often it reports: its model's expected interval, else the rule's. */
  intervalMs: number;
}

/**
 * Declares offline every device silent for longer than the rule allows, through recordOffline.
 * Silence before `watchingSince` does not count: while the server was down nobody was listening,
 * and a restart must not turn the whole fleet offline at once. Nor does a box's silence while its
 * gateway was down. A box whose gateway fell silent no later than one heartbeat after it waits for
 * the gateway's verdict: the gateway's offline alarm takes it along as a linked row, or the
 * gateway reports again and the box is then declared on its own. Returns the devices declared.
 */
export async function declareSilentDevicesOffline(db: Db, now: number, watchingSince: number, rule: OfflineRule): Promise<number[]> {
  // A device with a model (设备型号) is judged on the model's expected report interval, others on the rule's.
  const interval = `coalesce(m.report_interval_minutes * 60000, $2)`;
  // Gateways first: one declared offline takes its silent boxes along (recordOffline).
  const silent = await db.query<SilentDevice>(
    `select d.id, greatest(d.last_communication_at, back.at) as since,
            case when g.status <> ${DeviceStatus.offline} then g.last_communication_at end as "gatewayLast",
            ${interval}::float8 as "intervalMs"
     from devices d
     join device_types t on t.id = d.device_type_id
     left join device_models m on m.id = d.model_id
     left join devices g on g.id = d.gateway_id
     left join lateral (
       select max(o.created_at) as at from device_events o where o.device_id = d.gateway_id and o.kind = ${AlarmKind.online}
     ) back on d.gateway_id is not null
     where d.status <> ${DeviceStatus.offline} and d.retired_at is null
       -- Silent since the rules began to watch at the latest: right after a start nothing qualifies,
       -- and the gateway's last return below is looked up only for the devices that may.
       and greatest(d.last_communication_at, $4::timestamptz) < $1::timestamptz - ($3 * ${interval}) * interval '1 millisecond'
     order by t.smart_kind = ${DeviceKind.loraGateway} desc, d.id`,
    [new Date(now).toISOString(), rule.heartbeatIntervalMs, rule.missedHeartbeats, new Date(watchingSince).toISOString()],
  );
  const declared: number[] = [];
  for (const device of silent) {
    const own: OfflineRule = { heartbeatIntervalMs: device.intervalMs, missedHeartbeats: rule.missedHeartbeats };
    const since = Math.max(new Date(device.since).getTime(), watchingSince);
    if (!isSilentTooLong(since, now, own)) continue;
    if (device.gatewayLast !== null && new Date(device.gatewayLast).getTime() <= since + own.heartbeatIntervalMs) continue;
    await recordOffline(db, device.id, new Date(now), { heartbeatIntervalMs: own.heartbeatIntervalMs });
    declared.push(device.id);
  }
  return declared;
}

/**
 * The offline rule as a sweep of the product's (common/periodic-sweep.ts): silence counts from
 * `watchingSince`, when this backend began listening. Every instance on a database may run it: a
 * device is declared once (recordOffline locks its row and leaves one already offline alone).
 */
export function offlineWatch(db: Db, rule: OfflineRule, watchingSince: number): Sweep {
  return { name: 'offline devices', run: (now) => declareSilentDevicesOffline(db, now, watchingSince, rule) };
}
