import type { ParsedMessage, Uplink } from '../uplink.ts';
import {
  arrival,
  base64Bytes,
  bestReception,
  decodedObject,
  defined,
  devEui,
  failed,
  guarded,
  id,
  ignored,
  integer,
  isIsoTime,
  isoTime,
  isRecord,
  reception,
  type Ignored,
  type Reception,
} from './fields.ts';

/**
 * The Things Stack v3 uplink message, as on the MQTT topic `v3/{app}@{tenant}/devices/{device}/up`
 * and in a webhook's uplink message. Fields as in TTS's docs ("Data Formats"):
 * `end_device_ids.dev_eui` (upper-case hex), `uplink_message.frm_payload` (base64),
 * `decoded_payload` (the payload formatter's output), `f_port`, `f_cnt`,
 * `rx_metadata[].rssi/snr/gateway_ids.gateway_id`, `received_at`, `correlation_ids`.
 *
 * TTS leaves out fields whose value is "", 0 or false: an absent `f_cnt` is 0 and an absent
 * `frm_payload` an empty payload; an absent `f_port` stays unknown (port 0 carries no application data).
 */

/** The other messages an application's webhook or MQTT client receives: answered `ignored`. */
export const TTN_OTHER_MESSAGES: readonly string[] = [
  'join_accept',
  'downlink_ack',
  'downlink_nack',
  'downlink_sent',
  'downlink_failed',
  'downlink_queued',
  'downlink_queue_invalidated',
  'location_solved',
  'service_data',
  'uplink_normalized',
];

const MAX_RX_METADATA = 100;
const MAX_CORRELATION_IDS = 50;

/**
 * One TTS uplink message as an `up` Uplink; another message type answers `ignored`; a
 * malformed one `{ ok: false, reason }`. Never throws. `receivedAt` (the arrival time) stands in
 * for a missing or unreadable `received_at`.
 *
 * A device registered without a DevEUI (LoRaWAN 1.0 ABP) is refused: devices are matched by DevEUI.
 */
export function parseTtnUplink(body: unknown, receivedAt?: Date): ParsedMessage | Ignored {
  return guarded(() => parse(body, arrival(receivedAt)));
}

function parse(body: unknown, receivedAt: Date): ParsedMessage | Ignored {
  if (!isRecord(body)) return failed('body is not a JSON object');
  if (body.uplink_message === undefined) {
    const other = TTN_OTHER_MESSAGES.find((key) => body[key] !== undefined);
    return other ? ignored(`The Things Stack '${other}' message ignored: not an uplink`) : failed('uplink_message is missing');
  }
  const up = body.uplink_message;
  if (!isRecord(up)) return failed('uplink_message is not an object');
  if (!isRecord(body.end_device_ids)) return failed('end_device_ids is missing');
  const eui = devEui(body.end_device_ids.dev_eui);
  if (!eui) return failed('end_device_ids.dev_eui is not a DevEUI (16 hex digits)');

  const payload = up.frm_payload === undefined || up.frm_payload === '' ? undefined : base64Bytes(up.frm_payload);
  if (up.frm_payload !== undefined && up.frm_payload !== '' && !payload) return failed('frm_payload is not base64 of at most 1024 bytes');
  const decoded = up.decoded_payload === undefined ? undefined : decodedObject(up.decoded_payload);
  if (up.decoded_payload !== undefined && !decoded) return failed('decoded_payload is not a JSON object of bounded size');
  const fPort = up.f_port === undefined ? undefined : integer(up.f_port, 0, 255);
  if (up.f_port !== undefined && fPort === undefined) return failed('f_port is not 0–255');
  const fCnt = up.f_cnt === undefined ? 0 : integer(up.f_cnt, 0, 0xffff_ffff);
  if (fCnt === undefined) return failed('f_cnt is not a 32-bit counter');

  const receptions = readRxMetadata(up.rx_metadata);
  if (typeof receptions === 'string') return failed(receptions);
  const dedupKey = readDedupKey(body, up, eui, fCnt);
  if (dedupKey === null) return failed('correlation_ids is not a list of strings');

  const uplink: Uplink = {
    source: 'ttn',
    kind: 'up',
    devEui: eui,
    fPort,
    fCnt,
    payload,
    decoded,
    ...bestReception(receptions),
    // The Network Server's reception time; the Application Server's is a few ms later.
    at: isoTime(up.received_at ?? body.received_at, receivedAt),
    dedupKey,
  };
  return { ok: true, uplinks: [defined(uplink)] };
}

function readRxMetadata(rxMetadata: unknown): Reception[] | string {
  if (rxMetadata === undefined) return [];
  if (!Array.isArray(rxMetadata) || rxMetadata.length > MAX_RX_METADATA) return 'rx_metadata is not a list of gateways';
  const receptions: Reception[] = [];
  for (const rx of rxMetadata) {
    if (!isRecord(rx)) return 'rx_metadata has an entry that is not an object';
    const raw = isRecord(rx.gateway_ids) ? rx.gateway_ids.gateway_id : undefined;
    const gateway = raw === undefined ? undefined : id(raw);
    if (raw !== undefined && !gateway) return 'rx_metadata has a gateway_id that is not a short id';
    // Some gateways report only the channel's RSSI.
    const heard = reception(rx.rssi ?? rx.channel_rssi, rx.snr, gateway);
    if (!heard) return 'rx_metadata has an rssi or snr that is not a plausible number';
    receptions.push(heard);
  }
  return receptions;
}

/**
 * The Application Server's `as:up:…` correlation id names this uplink across redeliveries; without
 * it, the AS reception time with the device and frame counter does. Null: correlation_ids is malformed.
 */
function readDedupKey(body: Record<string, unknown>, up: Record<string, unknown>, eui: string, fCnt: number): string | undefined | null {
  const ids = body.correlation_ids;
  if (ids !== undefined && (!Array.isArray(ids) || ids.length > MAX_CORRELATION_IDS || !ids.every((c) => typeof c === 'string'))) return null;
  const asUp = (ids as string[] | undefined)?.find((c) => c.startsWith('as:up:') && id(c));
  if (asUp) return `ttn:${asUp}`;
  const time = body.received_at ?? up.received_at;
  return isIsoTime(time) ? `ttn:${time}:${eui}:${fCnt}` : undefined;
}
