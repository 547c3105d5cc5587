import { checkReportTime, IngestMessages, type DecodedReading } from '@pest/shared';
import type { Db, Queryable } from '../../db/db.ts';
import type { CodecSandbox } from '../models/codec-sandbox.ts';
import { decodePayload } from '../models/decode-payload.ts';
import { readDecodedReading } from '../models/decoded-reading.ts';
import { recordOffline, recordReport } from '../record-report.ts';
import type { Uplink } from './uplink.ts';

/** What became of an uplink: recorded (a reading, or at least a sign of life), or why not. */
export type IngestOutcome = 'recorded' | 'decodeFailed' | 'duplicate' | 'unclaimed' | 'status' | 'presence' | 'outOfTime';

export interface UplinkPipeline {
  db: Db;
  sandbox: CodecSandbox;
  now(): Date;
}

export interface KnownDevice {
  id: number;
  modelId: number | null;
  codec: string | null;
  networkBattery: number | null;
  lastFCnt: string | null;
  lastUplinkAt: Date | null;
}

/**
 * The one path every uplink takes, whichever network server brought it: find the device by its
 * DevEUI or IMEI (an unknown one goes to the inbox of unclaimed devices), refuse a redelivery
 * (the network server's id for the uplink, or a frame counter that went back without a newer
 * time), decode with the model's codec, keep the raw uplink, and record the reading with
 * recordReport, which raises alarms, brings the device online and pushes the change live.
 */
export async function ingestUplink(pipeline: UplinkPipeline, uplink: Uplink, integrationId: number | null): Promise<IngestOutcome> {
  const { db } = pipeline;
  const device = await findUplinkDevice(db, uplink);
  if (!device) {
    if (uplink.kind === 'up') await keepUnclaimed(db, uplink, integrationId);
    return 'unclaimed';
  }
  if (uplink.kind === 'status') {
    if (uplink.networkBattery !== undefined) await db.query('update devices set network_battery = $2 where id = $1', [device.id, uplink.networkBattery]);
    return 'status';
  }
  const time = checkReportTime(uplink.at, pipeline.now());
  if (!time.ok) return 'outOfTime';
  if (uplink.kind === 'offline') {
    await recordOffline(db, device.id, time.at);
    return 'presence';
  }
  if (isReplayedFrame(device, uplink)) return 'duplicate';

  const decoded = await decodeUplink(pipeline, device, uplink);
  const rawId = await keepRawUplink(db, device.id, integrationId, uplink, decoded);
  if (rawId === null) return 'duplicate';
  try {
    const reading = decoded.reading ?? {};
    // A device that spoke is alive even when its payload could not be read: it counts as a heartbeat.
    await recordReport(db, device.id, {
      ...reading,
      battery: reading.battery ?? device.networkBattery ?? undefined,
      signal: uplink.rssi === undefined ? undefined : Math.max(-200, Math.min(0, Math.round(uplink.rssi))),
      at: time.at,
    });
  } catch (error) {
    // Not recorded: the raw row goes too, so the network server's redelivery is processed, not refused as a duplicate.
    await db.query('delete from device_uplinks where id = $1', [rawId]);
    throw error;
  }
  await db.query(
    `update devices set last_f_cnt = coalesce($2, last_f_cnt), last_uplink_at = greatest(last_uplink_at, $3::timestamptz) where id = $1`,
    [device.id, uplink.fCnt ?? null, time.at.toISOString()],
  );
  if (decoded.error && device.modelId !== null && decoded.codecFailed) {
    await db.query(
      `update device_models set decode_failures = decode_failures + 1, last_decode_error = $2, last_decode_error_at = $3 where id = $1`,
      [device.modelId, decoded.error, time.at.toISOString()],
    );
  }
  return decoded.error ? 'decodeFailed' : 'recorded';
}

async function findUplinkDevice(db: Queryable, uplink: Uplink): Promise<KnownDevice | null> {
  if (!uplink.devEui && !uplink.imei) return null;
  const [device] = await db.query<KnownDevice>(
    `select d.id, d.model_id as "modelId", m.codec, d.network_battery as "networkBattery", d.last_f_cnt as "lastFCnt", d.last_uplink_at as "lastUplinkAt"
     from devices d left join device_models m on m.id = d.model_id
     where d.retired_at is null and ${uplink.devEui ? 'd.dev_eui = $1' : 'd.imei = $1'}`,
    [uplink.devEui ?? uplink.imei],
  );
  return device ?? null;
}

/** A frame counter at or below the last one, with a time no later than the last uplink's: an old frame again. */
export function isReplayedFrame(device: KnownDevice, uplink: Uplink): boolean {
  if (uplink.fCnt === undefined || device.lastFCnt === null || device.lastUplinkAt === null) return false;
  // A device that joined again starts counting from 0: its frames come with newer times.
  return uplink.fCnt <= Number(device.lastFCnt) && uplink.at.getTime() <= new Date(device.lastUplinkAt).getTime();
}

export interface Decoded {
  reading: DecodedReading | null;
  error: string | null;
  /** The model's codec failed (counted on the model), not a reading the network server decoded. */
  codecFailed: boolean;
}

export async function decodeUplink(pipeline: UplinkPipeline, device: KnownDevice, uplink: Uplink): Promise<Decoded> {
  if (uplink.payload && uplink.payload.length > 0 && device.codec) {
    const result = await decodePayload(pipeline.sandbox, device.codec, uplink.fPort ?? 0, uplink.payload, uplink.at);
    return result.failure ? { reading: null, error: result.errors[0] ?? IngestMessages.decodeFailed, codecFailed: true } : { reading: result.data, error: null, codecFailed: false };
  }
  if (uplink.decoded) {
    const reading = readDecodedReading(uplink.decoded);
    return reading.ok ? { reading: reading.reading, error: null, codecFailed: false } : { reading: null, error: reading.error, codecFailed: false };
  }
  if (uplink.payload && uplink.payload.length > 0) return { reading: null, error: IngestMessages.noCodec, codecFailed: false };
  // An uplink without a payload (an empty frame, CTWing's online report) is a sign of life and nothing more.
  return { reading: {}, error: null, codecFailed: false };
}

/** The raw uplink, kept for the device's 原始数据; null when the same uplink (its network server's id) is there already. */
async function keepRawUplink(db: Queryable, deviceId: number, integrationId: number | null, uplink: Uplink, decoded: Decoded): Promise<number | null> {
  const rows = await db.query<{ id: number }>(
    `insert into device_uplinks (device_id, integration_id, source, received_at, f_port, f_cnt, payload, decoded, error, rssi, snr, gateway, dedup_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12, $13)
     on conflict (device_id, dedup_key) where dedup_key is not null do nothing
     returning id`,
    [
      deviceId,
      integrationId,
      uplink.source,
      uplink.at.toISOString(),
      uplink.fPort ?? null,
      uplink.fCnt ?? null,
      uplink.payload ?? null,
      decoded.reading ? JSON.stringify(decoded.reading) : null,
      decoded.error,
      uplink.rssi === undefined ? null : Math.round(uplink.rssi),
      uplink.snr ?? null,
      uplink.gateway ?? null,
      uplink.dedupKey ?? null,
    ],
  );
  return rows[0]?.id ?? null;
}

/** An uplink from a DevEUI or IMEI nobody registered: kept in the inbox, counted, with its last payload. */
async function keepUnclaimed(db: Queryable, uplink: Uplink, integrationId: number | null): Promise<void> {
  const identifier = uplink.devEui ? `devEui:${uplink.devEui}` : `imei:${uplink.imei}`;
  const kept = JSON.stringify({ ...uplink, payload: uplink.payload?.toString('base64'), at: uplink.at.toISOString() });
  await db.query(
    `insert into unclaimed_devices (identifier, integration_id, source, first_seen_at, last_seen_at, last_payload, last_uplink)
     values ($1, $2, $3, $4, $4, $5, $6::jsonb)
     on conflict (identifier) do update set
       last_seen_at = greatest(unclaimed_devices.last_seen_at, excluded.last_seen_at), uplinks = unclaimed_devices.uplinks + 1,
       integration_id = excluded.integration_id, source = excluded.source, last_payload = excluded.last_payload, last_uplink = excluded.last_uplink
     where unclaimed_devices.claimed_device_id is null`,
    [identifier, integrationId, uplink.source, uplink.at.toISOString(), uplink.payload ?? null, kept],
  );
}

