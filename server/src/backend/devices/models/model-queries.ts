import type { DeviceModel } from '@pest/shared';
import type { Queryable } from '../../db/db.ts';

/** Every model, newest last, with its devices in use and its decode failures. */
export function deviceModels(db: Queryable): Promise<DeviceModel[]> {
  return db.query<DeviceModel>(
    `select m.id, m.name, m.vendor, m.device_kind as "deviceType", m.report_interval_minutes as "reportIntervalMinutes", m.codec, m.examples,
            (select count(*)::int from devices d where d.model_id = m.id and d.retired_at is null) as "deviceCount",
            m.decode_failures as "decodeFailures", m.last_decode_error as "lastDecodeError",
            to_char(m.last_decode_error_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as "lastDecodeErrorAt", m.version
     from device_models m order by m.id`,
  );
}
