import { AlarmState, type AlarmContent, type AlarmKind } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { storedContent } from './alarm-content-sql.ts';
import { sqlAlarmSeverity } from './alarm-severity-sql.ts';

export interface RaisedAlarms {
  /** New alarms. */
  raised: number;
  /** Repeats counted on an alarm already open or acknowledged. */
  repeated: number;
}

/**
 * Raises an alarm of `kind` on each device, or counts a repeat on the one already open there: one
 * open alarm per (device, kind), enforced by the unique index device_events_one_open_idx (see
 * migrations/050_alarm_lifecycle.sql), so concurrent reports cannot raise two. A repeat moves
 * last_at and keeps the first report's content, time and state (an acknowledged alarm stays so).
 * Severity comes from the shared rule with the device's kind; the store from the device row.
 */
export async function raiseAlarm(tx: Queryable, deviceIds: readonly number[], kind: AlarmKind, content: AlarmContent, at: Date): Promise<RaisedAlarms> {
  if (deviceIds.length === 0) return { raised: 0, repeated: 0 };
  const stored = storedContent(content);
  const rows = await tx.query<{ inserted: boolean }>(
    `insert into device_events as e (device_id, customer_id, kind, content, content_key, content_params, created_at, last_at, handled, state, severity)
     select d.id, d.customer_id, $2::smallint, $3, $5, $6::jsonb, $4, $4, false, '${AlarmState.open}', ${sqlAlarmSeverity('$2::smallint', 't.smart_kind')}
     from devices d join device_types t on t.id = d.device_type_id
     where d.id = any($1::int[])
     order by d.id
     on conflict (device_id, kind) where state <> '${AlarmState.handled}'
     do update set repeat_count = e.repeat_count + 1, last_at = greatest(e.last_at, excluded.last_at)
     returning (xmax = 0) as inserted`,
    [deviceIds, kind, stored.content, at.toISOString(), stored.contentKey, stored.contentParams],
  );
  const raised = rows.filter((row) => row.inserted).length;
  return { raised, repeated: rows.length - raised };
}
