import type { Queryable } from '../db/db.ts';
import { sqlServiceTime } from '../common/service-time.ts';
import type { NotifiedAlarm } from './messages.ts';

export type DueAlarm = NotifiedAlarm & { state: string; createdAt: Date };

/** The alarms of a delivery as a message names them, oldest first, with their state now. */
export async function noticeAlarms(db: Queryable, ids: readonly number[]): Promise<DueAlarm[]> {
  return db.query<DueAlarm>(
    `select e.id, e.kind, e.severity, e.content, e.state, e.created_at as "createdAt", ${sqlServiceTime('e.created_at')} as "createTime",
            d.name as "deviceName", d.code as "deviceCode", s.name as "storeName", o.name as "organisationName"
     from device_events e
     join devices d on d.id = e.device_id
     join customers s on s.id = e.customer_id
     join customers o on o.id = s.path[1]
     where e.id = any($1::int[])
     order by e.created_at, e.id`,
    [ids],
  );
}
