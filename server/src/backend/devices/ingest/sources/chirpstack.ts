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
  isoTime,
  isRecord,
  reception,
  type Ignored,
  type Reception,
} from './fields.ts';

/**
 * ChirpStack v4 integration events, JSON marshaler: the same body on the MQTT topic
 * `application/{applicationId}/device/{devEui}/event/{event}` and in the HTTP integration's
 * `POST ?event={event}`. Fields as in ChirpStack's docs ("Event types", integration.proto):
 * `deviceInfo.devEui` (hex), `data` (base64 FRMPayload), `object` (the device profile's codec),
 * `rxInfo[].rssi/snr/gatewayId`, `time` (RFC 3339), `deduplicationId` (UUID).
 *
 * The JSON is protobuf's mapping, which leaves out fields at their zero value: an absent
 * `fCnt` is 0 (a device's first uplink after joining), an absent `data` an empty payload,
 * absent flags are false. An absent `fPort` stays unknown: port 0 never carries application data.
 */

/** Events that carry no uplink: answered `ignored` (see isIgnored in fields.ts) so callers acknowledge and drop them. */
export const CHIRPSTACK_IGNORED_EVENTS: readonly string[] = ['join', 'ack', 'txack', 'log', 'location', 'integration'];

/** An uplink has at most this many gateways' metadata (a real one has a handful). */
const MAX_RX_INFO = 100;

/**
 * One ChirpStack event as an `up` or `status` Uplink; the other events answer `ignored`;
 * an unknown event or a malformed body answers `{ ok: false, reason }`. Never throws.
 * `receivedAt` (the arrival time) stands in for a missing or unreadable `time`.
 */
export function parseChirpStackEvent(event: 'up' | 'status' | string, body: unknown, receivedAt?: Date): ParsedMessage | Ignored {
  return guarded(() => {
    const now = arrival(receivedAt);
    if (event === 'up') return parseUp(body, now);
    if (event === 'status') return parseStatus(body, now);
    if (CHIRPSTACK_IGNORED_EVENTS.includes(event)) return ignored(`ChirpStack '${event}' event ignored: not an uplink`);
    return failed(`unknown ChirpStack event '${String(event).slice(0, 32)}'`);
  });
}

interface Common {
  devEui: string;
  at: Date;
  deduplicationId?: string;
}

/** What every event has: the device, the time, the deduplication id. A string is the reason it is malformed. */
function readCommon(body: unknown, receivedAt: Date): Common | string {
  if (!isRecord(body)) return 'body is not a JSON object';
  if (!isRecord(body.deviceInfo)) return 'deviceInfo is missing';
  const eui = devEui(body.deviceInfo.devEui);
  if (!eui) return 'deviceInfo.devEui is not a DevEUI (16 hex digits)';
  const deduplicationId = body.deduplicationId === undefined ? undefined : id(body.deduplicationId);
  if (body.deduplicationId !== undefined && !deduplicationId) return 'deduplicationId is not a short id';
  return { devEui: eui, at: isoTime(body.time, receivedAt), deduplicationId };
}

function parseUp(body: unknown, receivedAt: Date): ParsedMessage {
  const common = readCommon(body, receivedAt);
  if (typeof common === 'string') return failed(common);
  const b = body as Record<string, unknown>;

  const payload = b.data === undefined || b.data === '' ? undefined : base64Bytes(b.data);
  if (b.data !== undefined && b.data !== '' && !payload) return failed('data is not base64 of at most 1024 bytes');
  const decoded = b.object === undefined || b.object === null ? undefined : decodedObject(b.object);
  if (b.object !== undefined && b.object !== null && !decoded) return failed('object is not a JSON object of bounded size');
  const fPort = b.fPort === undefined ? undefined : integer(b.fPort, 0, 255);
  if (b.fPort !== undefined && fPort === undefined) return failed('fPort is not 0–255');
  const fCnt = b.fCnt === undefined ? 0 : integer(b.fCnt, 0, 0xffff_ffff);
  if (fCnt === undefined) return failed('fCnt is not a 32-bit counter');

  const receptions = readRxInfo(b.rxInfo);
  if (typeof receptions === 'string') return failed(receptions);

  const uplink: Uplink = {
    source: 'chirpstack',
    kind: 'up',
    devEui: common.devEui,
    fPort,
    fCnt,
    payload,
    decoded,
    ...bestReception(receptions),
    at: common.at,
    // The status event of the same frame carries the same deduplicationId: the kind keeps them apart.
    dedupKey: common.deduplicationId && `chirpstack:up:${common.deduplicationId}`,
  };
  return { ok: true, uplinks: [defined(uplink)] };
}

function readRxInfo(rxInfo: unknown): Reception[] | string {
  if (rxInfo === undefined) return [];
  if (!Array.isArray(rxInfo) || rxInfo.length > MAX_RX_INFO) return 'rxInfo is not a list of gateways';
  const receptions: Reception[] = [];
  for (const rx of rxInfo) {
    if (!isRecord(rx)) return 'rxInfo has an entry that is not an object';
    const gateway = rx.gatewayId === undefined ? undefined : id(rx.gatewayId);
    if (rx.gatewayId !== undefined && !gateway) return 'rxInfo has a gatewayId that is not a short id';
    const heard = reception(rx.rssi, rx.snr, gateway);
    if (!heard) return 'rxInfo has an rssi or snr that is not a plausible number';
    receptions.push(heard);
  }
  return receptions;
}

/**
 * The answer to the network server's DevStatusReq: `batteryLevel` in percent (a float), unless
 * the device is on external power or cannot measure it — then there is no battery to report,
 * but the event still says the device was heard.
 */
function parseStatus(body: unknown, receivedAt: Date): ParsedMessage {
  const common = readCommon(body, receivedAt);
  if (typeof common === 'string') return failed(common);
  const b = body as Record<string, unknown>;

  for (const flag of ['batteryLevelUnavailable', 'externalPowerSource'] as const) {
    if (b[flag] !== undefined && typeof b[flag] !== 'boolean') return failed(`${flag} is not a boolean`);
  }
  const level = b.batteryLevel;
  if (level !== undefined && (typeof level !== 'number' || !Number.isFinite(level) || level < 0 || level > 100)) {
    return failed('batteryLevel is not a percentage');
  }
  const networkBattery =
    typeof level === 'number' && b.batteryLevelUnavailable !== true && b.externalPowerSource !== true ? Math.round(level) : undefined;

  const uplink: Uplink = {
    source: 'chirpstack',
    kind: 'status',
    devEui: common.devEui,
    networkBattery,
    at: common.at,
    dedupKey: common.deduplicationId && `chirpstack:status:${common.deduplicationId}`,
  };
  return { ok: true, uplinks: [defined(uplink)] };
}
