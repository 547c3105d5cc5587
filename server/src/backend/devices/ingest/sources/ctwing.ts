import type { ParsedMessage, Uplink } from '../uplink.ts';
import {
  arrival,
  base64Bytes,
  decodedObject,
  defined,
  epochMsTime,
  failed,
  guarded,
  id,
  ignored,
  imei,
  isRecord,
  type Ignored,
} from './fields.ts';

/**
 * China Telecom CTWing (天翼物联网 AIoT/AEP) subscription pushes (订阅推送, HTTP POST of one JSON
 * message). ctwing.cn's own pages were not reachable from here; the fields below are those of
 * pushes recorded in public integrations (field tables and captured bodies), e.g.
 *   dataReport: {"upPacketSN":-1,"upDataSN":-1,"topic":"v1/up/ad","timestamp":1650554828842,
 *     "tenantId":"…","serviceId":"","protocol":"lwm2m","productId":"15114816",
 *     "payload":{"APPdata":"<base64>"},"messageType":"dataReport","deviceId":"…","IMSI":"undefined","IMEI":"862592051651472"}
 *   deviceOnlineOfflineReport: {"timestamp":…,"tenantId":"…","protocol":"lwm2m","productId":"15045240",
 *     "messageType":"deviceOnlineOfflineReport","iccid":"undefined","eventType":1,"deviceId":"…"}  (1 online, 0 offline)
 *
 * - `payload` is `{APPdata: base64}` for transparent (透传) products, else the reported service's
 *   properties (物模型), which older LwM2M-profile products wrap as `{serviceId, serviceData}`.
 * - `upPacketSN` / `upDataSN` are -1 or "" when the product keeps none.
 * - The online/offline report carries no IMEI: for NB-IoT products the deviceId is the productId
 *   followed by the IMEI (e.g. "17080670" + "863434085574173"), which is read instead. Older
 *   products' deviceIds (32 hex digits) name no IMEI, and their reports are refused.
 * - CTWing signs nothing: the webhook must be protected by its URL / address, not by this parser.
 */

/** Pushes that are not uplinks the pipeline reads: answered `ignored`. */
export const CTWING_IGNORED_MESSAGES: readonly string[] = [
  'commandResponse',
  // The product's events (物模型 events) are not read yet: answered ignored so CTWing, which pauses
  // a subscription after too many failed pushes, keeps delivering the data reports.
  'eventReport',
];

/**
 * One CTWing push as an `up` Uplink (dataReport) or an `online` / `offline` one; a command
 * response or event report answers `ignored`; anything else `{ ok: false, reason }`. Never throws.
 * `receivedAt` (the arrival time) stands in for a missing or unreadable `timestamp`.
 */
export function parseCtwingPush(body: unknown, receivedAt?: Date): ParsedMessage | Ignored {
  return guarded(() => parse(body, arrival(receivedAt)));
}

function parse(body: unknown, receivedAt: Date): ParsedMessage | Ignored {
  if (!isRecord(body)) return failed('body is not a JSON object');
  const type = body.messageType;
  if (type === 'dataReport') return parseDataReport(body, receivedAt);
  if (type === 'deviceOnlineOfflineReport') return parseOnlineOffline(body, receivedAt);
  if (typeof type === 'string' && CTWING_IGNORED_MESSAGES.includes(type)) return ignored(`CTWing '${type}' push ignored: not an uplink`);
  return failed(typeof type === 'string' ? `unsupported CTWing messageType '${type.slice(0, 32)}'` : 'messageType is missing');
}

function parseDataReport(body: Record<string, unknown>, receivedAt: Date): ParsedMessage {
  const device = readImei(body);
  if (!device) return failed('no IMEI: neither IMEI nor deviceId (productId + IMEI) names one');
  const p = body.payload;
  if (!isRecord(p)) return failed('payload is not an object');

  let payload: Buffer | undefined;
  let decoded: Record<string, unknown> | undefined;
  if (p.APPdata !== undefined) {
    payload = base64Bytes(p.APPdata);
    if (!payload) return failed('payload.APPdata is not base64 of 1 to 1024 bytes');
  } else {
    const properties = isRecord(p.serviceData) ? p.serviceData : p;
    decoded = decodedObject(properties);
    if (!decoded || Object.keys(decoded).length === 0) return failed('payload has neither APPdata nor properties');
  }

  const packetSn = sequence(body.upPacketSN);
  const dataSn = sequence(body.upDataSN);
  if (packetSn === null || dataSn === null) return failed('upPacketSN / upDataSN is not a sequence number');
  const uplink: Uplink = {
    source: 'ctwing',
    kind: 'up',
    imei: device,
    payload,
    decoded,
    at: epochMsTime(body.timestamp, receivedAt),
    dedupKey:
      packetSn !== undefined || dataSn !== undefined
        ? `ctwing:up:${device}:${packetSn ?? ''}:${dataSn ?? ''}`
        : // No sequence numbers (transparent products): a redelivered push keeps its timestamp.
          timestampKey('up', device, body.timestamp),
  };
  return { ok: true, uplinks: [defined(uplink)] };
}

function parseOnlineOffline(body: Record<string, unknown>, receivedAt: Date): ParsedMessage {
  const device = readImei(body);
  if (!device) return failed('no IMEI: neither IMEI nor deviceId (productId + IMEI) names one');
  const event = body.eventType;
  if (event !== 0 && event !== 1 && event !== '0' && event !== '1') return failed('eventType is not 1 (online) or 0 (offline)');
  const kind = Number(event) === 1 ? 'online' : 'offline';
  const uplink: Uplink = {
    source: 'ctwing',
    kind,
    imei: device,
    at: epochMsTime(body.timestamp, receivedAt),
    dedupKey: timestampKey(kind, device, body.timestamp),
  };
  return { ok: true, uplinks: [defined(uplink)] };
}

/** `IMEI` ("" or "undefined" for non-NB products), else the IMEI at the end of `deviceId` after `productId`. */
function readImei(body: Record<string, unknown>): string | undefined {
  const direct = imei(body.IMEI) ?? imei(body.imei);
  if (direct) return direct;
  const deviceId = id(body.deviceId);
  const productId = id(body.productId);
  if (!deviceId || !productId || !/^\d+$/.test(productId) || deviceId.length !== productId.length + 15) return undefined;
  return deviceId.startsWith(productId) ? imei(deviceId.slice(productId.length)) : undefined;
}

/** A sequence number (integer ≥ 0, as a number or digits); undefined when the push has none (-1, ""); null when malformed. */
function sequence(value: unknown): number | undefined | null {
  if (value === undefined || value === null || value === -1 || value === '' || value === '-1') return undefined;
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 0xffff_ffff ? n : null;
}

function timestampKey(kind: string, device: string, timestamp: unknown): string | undefined {
  const ms = typeof timestamp === 'string' && /^\d{1,15}$/.test(timestamp) ? Number(timestamp) : timestamp;
  return typeof ms === 'number' && Number.isInteger(ms) && ms > 0 && ms < 1e15 ? `ctwing:${kind}:${device}:${ms}` : undefined;
}
