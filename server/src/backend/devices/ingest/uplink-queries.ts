import type { UnclaimedDevice, UplinkRecord } from '@pest/shared';
import type { Queryable } from '../../db/db.ts';

const beijing = (column: string) => `to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;

/** A device's raw uplinks, newest first, a page of them, and how many there are. */
export async function deviceUplinks(db: Queryable, deviceId: number, offset: number, limit: number): Promise<{ total: number; records: UplinkRecord[] }> {
  const [count] = await db.query<{ total: number }>('select count(*)::int as total from device_uplinks where device_id = $1', [deviceId]);
  const records = await db.query<UplinkRecord>(
    `select u.id::int, ${beijing('u.received_at')} as "receivedAt", u.source, i.name as "integrationName", u.f_port as "fPort", u.f_cnt::int as "fCnt",
            encode(u.payload, 'hex') as "payloadHex", u.decoded, u.error, u.rssi, u.snr, u.gateway
     from device_uplinks u left join integrations i on i.id = u.integration_id
     where u.device_id = $1 order by u.received_at desc, u.id desc offset $2 limit $3`,
    [deviceId, offset, limit],
  );
  return { total: count?.total ?? 0, records };
}

/** The inbox of devices heard but not registered, last heard first. */
export async function unclaimedDevices(db: Queryable, offset: number, limit: number): Promise<{ total: number; records: UnclaimedDevice[] }> {
  const [count] = await db.query<{ total: number }>('select count(*)::int as total from unclaimed_devices where claimed_device_id is null');
  const records = await db.query<UnclaimedDevice>(
    `select u.id, case when u.identifier like 'devEui:%' then substr(u.identifier, 8) end as "devEui",
            case when u.identifier like 'imei:%' then substr(u.identifier, 6) end as imei,
            i.name as "integrationName", u.source, ${beijing('u.first_seen_at')} as "firstSeenAt", ${beijing('u.last_seen_at')} as "lastSeenAt",
            u.uplinks, encode(u.last_payload, 'hex') as "lastPayloadHex"
     from unclaimed_devices u left join integrations i on i.id = u.integration_id
     where u.claimed_device_id is null order by u.last_seen_at desc, u.id desc offset $1 limit $2`,
    [offset, limit],
  );
  return { total: count?.total ?? 0, records };
}
