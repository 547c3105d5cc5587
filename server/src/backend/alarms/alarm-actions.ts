import { AlarmKind, AlarmState, AuditAction, AuditObjectType, DeviceStatus, type AuditChange } from '@pest/shared';
import { recordAudit, type AuditActor } from '../common/audit-log.ts';
import type { Db, Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { sqlHasUnhandledAlarm, sqlIsAlarm, sqlLinkedHandlingNote } from '../common/linked-alarms.ts';
import { inScope, type Scope } from '../scope.ts';

/**
 * Staff acting on a set of alarms. Each changes only alarms in the caller's scope that are not yet
 * in the state asked for, and returns how many it changed: ids of another organisation are simply
 * not found, and acting twice changes nothing the second time. Times are the database's, the one
 * clock every alarm's created_at was compared with. A box's row linked to its gateway's offline
 * alarm is no alarm (common/linked-alarms.ts): it is not acted on by itself, it follows the gateway
 * alarm, with the same who and when, and is not counted in what changed.
 */

export async function acknowledgeAlarms(db: Db, scope: Scope, ids: readonly number[], actor: AuditActor): Promise<number> {
  return db.transaction(async (tx) => {
    const params = new SqlParams();
    const rows = await tx.query<ActedOn>(
      `update device_events e set state = '${AlarmState.acknowledged}', ack_by = ${params.add(scope.userId)}, ack_at = now()
       where e.id = any(${params.add(ids)}::int[]) and e.state = '${AlarmState.open}' and ${sqlIsAlarm('e')} and ${inScope(scope, 'e.customer_id', params)}
       returning e.id, e.customer_id as "customerId"`,
      params.values,
    );
    await recordAlarmActions(tx, actor, AuditAction.acknowledge, rows, () => ({ state: { before: AlarmState.open, after: AlarmState.acknowledged } }));
    await tx.query(
      `update device_events l set state = g.state, ack_by = g.ack_by, ack_at = g.ack_at
       from device_events g
       where g.id = any($1::int[]) and l.gateway_alarm_id = g.id and l.state = '${AlarmState.open}'`,
      [rows.map((row) => row.id)],
    );
    return rows.length;
  });
}

/**
 * Handled, with what was done. An open alarm handled directly is acknowledged by the same person at
 * the same moment, so its time to acknowledge counts the reaction, not nothing. The devices' flag
 * follows: a device with no other open alarm has none waiting any more, and one whose fault alarm
 * was handled is repaired (online; it shows offline once it stays silent).
 */
export async function handleAlarms(db: Db, scope: Scope, ids: readonly number[], note: string, pictures: readonly string[], actor: AuditActor): Promise<number> {
  return db.transaction(async (tx) => {
    // Devices first, in id order, as a device's report locks them (recordReport): no deadlock.
    const scoped = new SqlParams();
    const devices = await tx.query<{ id: number }>(
      `select d.id from devices d
       where d.id in (select e.device_id from device_events e
                      where e.id = any(${scoped.add(ids)}::int[]) and e.state <> '${AlarmState.handled}' and ${sqlIsAlarm('e')}
                        and ${inScope(scope, 'e.customer_id', scoped)})
       order by d.id for update`,
      scoped.values,
    );
    if (devices.length === 0) return 0;
    const was = await statesOf(tx, ids);
    const params = new SqlParams();
    const user = params.add(scope.userId);
    const rows = await tx.query<ActedOn>(
      `update device_events e set state = '${AlarmState.handled}', handled = true, handled_at = now(), handled_by = ${user},
              note = ${params.add(note)}, pictures = ${params.add(pictures)}::text[],
              ack_by = case when e.ack_at is null then ${user} else e.ack_by end, ack_at = coalesce(e.ack_at, now())
       where e.id = any(${params.add(ids)}::int[]) and e.state <> '${AlarmState.handled}' and ${sqlIsAlarm('e')}
         and ${inScope(scope, 'e.customer_id', params)}
       returning e.id, e.customer_id as "customerId"`,
      params.values,
    );
    await recordAlarmActions(tx, actor, AuditAction.handle, rows, (id) => ({
      state: { before: was.get(id)?.state ?? null, after: AlarmState.handled },
      note: { before: null, after: note },
      ...(pictures.length > 0 ? { pictures: { before: null, after: pictures } } : {}),
    }));
    // Handling the gateway's alarm closes its boxes' linked rows; the boxes stay offline until they report.
    await tx.query(
      `update device_events l set state = g.state, handled = true, handled_at = g.handled_at, handled_by = g.handled_by,
              ack_by = coalesce(l.ack_by, g.ack_by), ack_at = coalesce(l.ack_at, g.ack_at), note = ${sqlLinkedHandlingNote('g.id')}
       from device_events g
       where g.id = any($1::int[]) and l.gateway_alarm_id = g.id and l.state <> '${AlarmState.handled}'`,
      [rows.map((row) => row.id)],
    );
    // A fault dealt with is a device repaired: it is in fault exactly while its fault alarm is not handled.
    await tx.query(
      `update devices d set status = ${DeviceStatus.online}
       where d.status = ${DeviceStatus.fault}
         and d.id in (select e.device_id from device_events e where e.id = any($1::int[]) and e.kind = ${AlarmKind.fault})`,
      [rows.map((row) => row.id)],
    );
    await refreshAlarmFlags(tx, devices.map((device) => device.id));
    return rows.length;
  });
}

/** Assigned to someone by name, or to nobody (null); a handled alarm keeps who it had. */
export async function assignAlarms(db: Db, scope: Scope, ids: readonly number[], assignee: string | null, actor: AuditActor): Promise<number> {
  return db.transaction(async (tx) => {
    const was = await statesOf(tx, ids);
    const params = new SqlParams();
    const who = `${params.add(assignee)}::text`;
    const rows = await tx.query<ActedOn>(
      `update device_events e set assignee = ${who}
       where e.id = any(${params.add(ids)}::int[]) and e.state <> '${AlarmState.handled}' and e.assignee is distinct from ${who}
         and ${sqlIsAlarm('e')} and ${inScope(scope, 'e.customer_id', params)}
       returning e.id, e.customer_id as "customerId"`,
      params.values,
    );
    await recordAlarmActions(tx, actor, AuditAction.assign, rows, (id) => ({ assignee: { before: was.get(id)?.assignee ?? null, after: assignee } }));
    return rows.length;
  });
}

interface ActedOn {
  id: number;
  customerId: number;
}

/** The alarms' state and assignee before an action changes them (read in its transaction). */
async function statesOf(tx: Queryable, ids: readonly number[]): Promise<Map<number, { state: string; assignee: string | null }>> {
  const rows = await tx.query<{ id: number; state: string; assignee: string | null }>('select id, state, assignee from device_events where id = any($1::int[])', [ids]);
  return new Map(rows.map((row) => [row.id, row]));
}

/** One entry per alarm acted on, under its store. */
function recordAlarmActions(tx: Queryable, actor: AuditActor, action: AuditAction, rows: readonly ActedOn[], changes: (id: number) => Record<string, AuditChange>): Promise<void> {
  return recordAudit(tx, actor, ...rows.map((row) => ({ objectType: AuditObjectType.alarm, objectId: row.id, action, owner: row.customerId, changes: changes(row.id) })));
}

/** devices.has_unhandled_alarm as devices/record-report.ts keeps it. */
async function refreshAlarmFlags(tx: Queryable, deviceIds: readonly number[]): Promise<void> {
  await tx.query(`update devices set has_unhandled_alarm = ${sqlHasUnhandledAlarm('devices.id')} where id = any($1::int[])`, [deviceIds]);
}
