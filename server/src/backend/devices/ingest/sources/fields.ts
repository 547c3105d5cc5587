import type { ParsedMessage } from '../uplink.ts';

/**
 * Readers shared by the network-server parsers (chirpstack.ts, ttn.ts, ctwing.ts, onenet.ts).
 * Each takes a value of unknown type and answers `undefined` when it is not what the field must
 * be, so a parser can say which field was wrong instead of throwing.
 */

/** An application payload longer than this is refused (DeviceModelLimits.payloadBytes). */
export const MAX_PAYLOAD_BYTES = 1024;
/** Ids (DevEUI, IMEI, gateway, message ids) longer than this are refused. */
export const MAX_ID_CHARS = 64;
/** A decoded reading bigger than this (as JSON) is refused: it is a reading, not a document. */
export const MAX_DECODED_JSON_CHARS = 16_384;

/**
 * A message the source sent that is simply not an uplink (a join, a downlink ack, a command
 * response): the caller acknowledges it (HTTP 200, MQTT ack) and moves on, unlike a malformed
 * message, which it refuses (HTTP 400) and logs.
 */
export type Ignored = { ok: false; reason: string; ignored: true };

export const ignored = (reason: string): Ignored => ({ ok: false, reason, ignored: true });
export const failed = (reason: string): ParsedMessage => ({ ok: false, reason });

/** Whether a parser's answer is a message to acknowledge and drop rather than an error. */
export function isIgnored(result: ParsedMessage): result is Ignored {
  return !result.ok && (result as Partial<Ignored>).ignored === true;
}

/** The object without its undefined fields, so an Uplink lists only what the source said. */
export function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A DevEUI as 16 lower-case hex digits, whatever case the source wrote it in. */
export function devEui(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length !== 16) return undefined;
  const lower = value.toLowerCase();
  return /^[0-9a-f]{16}$/.test(lower) ? lower : undefined;
}

export function imei(value: unknown): string | undefined {
  return typeof value === 'string' && /^\d{15}$/.test(value) ? value : undefined;
}

/** A non-empty id of at most MAX_ID_CHARS printable characters. */
export function id(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_ID_CHARS) return undefined;
  return /^[\x21-\x7e]+$/.test(value) ? value : undefined;
}

export function integer(value: unknown, min: number, max: number): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

export function finite(value: unknown, min: number, max: number): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : undefined;
}

/**
 * Base64 as the network servers write it (standard alphabet, padded), strictly: Buffer alone
 * would skip junk characters and decode half a payload. Re-encoding must give back the input,
 * which also refuses non-zero padding bits. Undefined when invalid or over MAX_PAYLOAD_BYTES.
 */
export function base64Bytes(value: unknown): Buffer | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > Math.ceil(MAX_PAYLOAD_BYTES / 3) * 4) return undefined;
  if (value.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return undefined;
  const bytes = Buffer.from(value, 'base64');
  return bytes.length <= MAX_PAYLOAD_BYTES && bytes.toString('base64') === value ? bytes : undefined;
}

/** Hex digits in pairs, either case; undefined when invalid or over MAX_PAYLOAD_BYTES. */
export function hexBytes(value: unknown): Buffer | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_PAYLOAD_BYTES * 2) return undefined;
  return /^(?:[0-9a-fA-F]{2})+$/.test(value) ? Buffer.from(value, 'hex') : undefined;
}

/** A reading the network server decoded: a plain JSON object of bounded size. */
export function decodedObject(value: unknown): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  try {
    const json = JSON.stringify(value);
    return json !== undefined && json.length <= MAX_DECODED_JSON_CHARS ? value : undefined;
  } catch {
    return undefined; // a cycle or a BigInt: not something JSON.parse made
  }
}

/** RFC 3339 as the servers write it: nanoseconds allowed, a zone required (no local times). */
const ISO_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
const EARLIEST = Date.UTC(2000, 0, 1);
/** Server clocks ahead by more than this are not believed. */
const FUTURE_SLACK_MS = 24 * 3600_000;

/**
 * When the server received a message, or `receivedAt` (the caller's arrival time) when the
 * server's time is missing, unreadable or implausible (before 2000, or a day ahead of us): a bad
 * clock on the server must not make a good uplink fail, nor land it decades away.
 */
export function isoTime(value: unknown, receivedAt: Date): Date {
  if (typeof value !== 'string' || value.length > 40) return receivedAt;
  const match = ISO_TIME.exec(value);
  if (!match) return receivedAt;
  // Date.parse reads milliseconds; more digits are cut so no engine has to guess at them.
  return plausible(Date.parse(`${match[1]}${(match[2] ?? '').slice(0, 4)}${match[3]}`), receivedAt);
}

/** Whether a string is an RFC 3339 time as the servers write it (for keys built from it). */
export function isIsoTime(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 40 && ISO_TIME.test(value);
}

/** The same for milliseconds since the epoch, as a number or a string of digits. */
export function epochMsTime(value: unknown, receivedAt: Date): Date {
  const ms = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof ms === 'number' && Number.isInteger(ms) ? plausible(ms, receivedAt) : receivedAt;
}

function plausible(ms: number, receivedAt: Date): Date {
  return Number.isFinite(ms) && ms >= EARLIEST && ms <= receivedAt.getTime() + FUTURE_SLACK_MS ? new Date(ms) : receivedAt;
}

/** One gateway's hearing of an uplink. */
export interface Reception {
  rssi?: number;
  snr?: number;
  gateway?: string;
}

/** Reads one gateway's RSSI (dBm) and SNR (dB); undefined when either is present but not a plausible number. */
export function reception(rssi: unknown, snr: unknown, gateway: string | undefined): Reception | undefined {
  const r = rssi === undefined ? undefined : finite(rssi, -200, 50);
  const s = snr === undefined ? undefined : finite(snr, -50, 50);
  if ((rssi !== undefined && r === undefined) || (snr !== undefined && s === undefined)) return undefined;
  return { rssi: r, snr: s, gateway };
}

/** The gateway that heard the uplink best (highest RSSI; the first on a tie or when none has one). */
export function bestReception(receptions: Reception[]): Reception {
  let best: Reception | undefined;
  for (const r of receptions) if (!best || (r.rssi ?? -Infinity) > (best.rssi ?? -Infinity)) best = r;
  return best ?? {};
}

/** The caller's arrival time, or now when it gave none (or an invalid Date). */
export function arrival(receivedAt: Date | undefined): Date {
  return receivedAt instanceof Date && !Number.isNaN(receivedAt.getTime()) ? receivedAt : new Date();
}

/**
 * Runs a parser so that it never throws, whatever `unknown` turns out to be (a Proxy, a getter
 * that throws): the subscriber and the webhooks must get an answer for every message.
 */
export function guarded<T>(parse: () => T): T | ParsedMessage {
  try {
    return parse();
  } catch {
    return failed('unreadable message');
  }
}
