import { AlarmKind, AlarmState, DeviceStatus } from '@pest/shared';
import { sqlAlarmSeverity } from '../common/alarm-severity-sql.ts';
import { sqlAlarmContentText } from '../common/alarm-content-sql.ts';
import { storedContent } from '../common/alarm-content-sql.ts';
import { gatewayOfflineContent, sqlHasUnhandledAlarm, sqlLinkedOfflineKey, sqlLinkedOfflineParams, sqlSetContent } from '../common/linked-alarms.ts';
import { raiseAlarm } from '../common/raise-alarm.ts';
import type { Queryable } from '../db/db.ts';

interface Gateway {
  id: number;
  lastCommunication: Date | null;
}

/**
 * A LoRa gateway declared offline (its device row locked by the caller). One critical alarm for
 * the incident: the boxes that went silent with it (last heard no earlier than `toleranceMs`
 * before the gateway) get a row linked to it (gateway_alarm_id) instead of an alarm of their own,
 * and a box whose own offline alarm was raised a little earlier, with silence that began that
 * late, has that alarm turned into a linked row. Boxes silent since before are their own incident.
 * Linked rows take the gateway alarm's state, which they follow from then on (alarm-actions.ts).
 */
export async function recordGatewayOffline(tx: Queryable, gateway: Gateway, at: Date, toleranceMs: number): Promise<void> {
  const since = gateway.lastCommunication === null ? null : new Date(gateway.lastCommunication.getTime() - toleranceMs).toISOString();
  // In id order, as every writer locks devices.
  const boxes = await tx.query<{ id: number }>(
    `select d.id from devices d
     where d.gateway_id = $1 and $2::timestamptz is not null
       -- As the offline watch counts a box's silence: not while this gateway was down before.
       and greatest(d.last_communication_at, (select max(o.created_at) from device_events o
                                              where o.device_id = $1 and o.kind = ${AlarmKind.online})) >= $2::timestamptz
       and (d.status <> ${DeviceStatus.offline}
            or exists (select 1 from device_events e where e.device_id = d.id and e.kind = ${AlarmKind.offline}
                         and e.state <> '${AlarmState.handled}' and e.gateway_alarm_id is null))
     order by d.id for update of d`,
    [gateway.id, since],
  );
  const boxIds = boxes.map((box) => box.id);
  const content = gatewayOfflineContent(boxIds.length);
  await raiseAlarm(tx, [gateway.id], AlarmKind.offline, content, at);
  const stored = storedContent(content);
  const [alarm] = await tx.query<{ id: number }>(
    `update device_events set content = $2, content_key = $3, content_params = $4::jsonb
     where device_id = $1 and kind = ${AlarmKind.offline} and state <> '${AlarmState.handled}' and gateway_alarm_id is null
     returning id`,
    [gateway.id, stored.content, stored.contentKey, stored.contentParams],
  );
  if (boxIds.length > 0) {
    const link = `gateway_alarm_id = g.id, state = g.state, ack_by = g.ack_by, ack_at = g.ack_at`;
    await tx.query(
      `update device_events e set ${link}, ${sqlSetContent(sqlLinkedOfflineKey, sqlLinkedOfflineParams('gw.name'))}
       from device_events g join devices gw on gw.id = g.device_id
       where g.id = $1 and e.device_id = any($2::int[]) and e.kind = ${AlarmKind.offline}
         and e.state <> '${AlarmState.handled}' and e.gateway_alarm_id is null`,
      [alarm!.id, boxIds],
    );
    await tx.query(
      `insert into device_events (device_id, customer_id, kind, content_key, content_params, content, created_at, last_at, handled, state, severity,
                                  gateway_alarm_id, ack_by, ack_at)
       select d.id, d.customer_id, ${AlarmKind.offline}, ${sqlLinkedOfflineKey}, c.params, ${sqlAlarmContentText(sqlLinkedOfflineKey, 'c.params')}, $3, $3, false, g.state,
              ${sqlAlarmSeverity(String(AlarmKind.offline), 't.smart_kind')}, g.id, g.ack_by, g.ack_at
       from devices d
       join device_types t on t.id = d.device_type_id
       cross join device_events g
       join devices gw on gw.id = g.device_id
       cross join lateral (select ${sqlLinkedOfflineParams('gw.name')} as params) c
       where g.id = $1 and d.id = any($2::int[])
       order by d.id
       on conflict (device_id, kind) where state <> '${AlarmState.handled}' do nothing`,
      [alarm!.id, boxIds, at.toISOString()],
    );
  }
  await tx.query(`update devices set status = ${DeviceStatus.offline}, has_unhandled_alarm = true where id = $1`, [gateway.id]);
  await tx.query(
    `update devices set status = ${DeviceStatus.offline}, has_unhandled_alarm = ${sqlHasUnhandledAlarm('devices.id')} where id = any($1::int[])`,
    [boxIds],
  );
}

/**
 * The gateway reports again (its own offline alarm already closed by the caller). The system
 * closes its latest outage's linked rows, and the boxes still offline from it count as online
 * again without an event of their own: they have not reported yet, and the offline watch gives
 * them a fresh window from now (offline-watch.ts), after which one still silent is declared
 * offline with an alarm of its own.
 */
export async function closeGatewayOutage(tx: Queryable, gatewayId: number, at: string): Promise<void> {
  const latest = `(select max(id) from device_events where device_id = $1 and kind = ${AlarmKind.offline} and gateway_alarm_id is null)`;
  await tx.query(
    `update device_events set handled = true, handled_at = $2, state = '${AlarmState.handled}', ack_at = coalesce(ack_at, $2)
     where gateway_alarm_id = ${latest} and not handled`,
    [gatewayId, at],
  );
  await tx.query(
    `update devices d set status = ${DeviceStatus.online}
     where d.id in (select device_id from device_events where gateway_alarm_id = ${latest})
       and d.gateway_id = $1 and d.status = ${DeviceStatus.offline}
       and not exists (select 1 from device_events e where e.device_id = d.id and e.kind = ${AlarmKind.offline} and not e.handled)`,
    [gatewayId],
  );
}
