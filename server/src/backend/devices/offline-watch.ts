import { DeviceKind, DeviceStatus } from '@pest/shared';
import type { Db } from '../db/db.ts';
import { isSilentTooLong, offlineCutoff, type OfflineRule } from '../common/offline-rule.ts';
import { recordOffline } from './record-report.ts';

/**
 * Declares offline every device silent for longer than the rule allows, through recordOffline.
 * Silence before `watchingSince` does not count: while the server was down nobody was listening,
 * and a restart must not turn the whole fleet offline at once. Returns the devices declared.
 */
export async function declareSilentDevicesOffline(db: Db, now: number, watchingSince: number, rule: OfflineRule): Promise<number[]> {
  const cutoff = offlineCutoff(now, rule);
  if (cutoff < watchingSince) return [];
  // Gateways first: one declared offline takes its silent boxes along (recordOffline).
  const silent = await db.query<{ id: number; last: Date }>(
    `select d.id, d.last_communication_at as last from devices d join device_types t on t.id = d.device_type_id
     where d.status <> ${DeviceStatus.offline} and d.last_communication_at < $1
     order by t.smart_kind = ${DeviceKind.loraGateway} desc, d.id`,
    [new Date(cutoff).toISOString()],
  );
  const declared: number[] = [];
  for (const device of silent) {
    if (!isSilentTooLong(Math.max(new Date(device.last).getTime(), watchingSince), now, rule)) continue;
    await recordOffline(db, device.id, new Date(now));
    declared.push(device.id);
  }
  return declared;
}
