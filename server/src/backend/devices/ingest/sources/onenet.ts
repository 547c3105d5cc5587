import { createHash, timingSafeEqual } from 'node:crypto';
import type { ParsedMessage, Uplink } from '../uplink.ts';
import {
  arrival,
  base64Bytes,
  decodedObject,
  defined,
  epochMsTime,
  failed,
  guarded,
  hexBytes,
  id,
  ignored,
  imei,
  isRecord,
  type Ignored,
} from './fields.ts';

/**
 * China Mobile OneNET HTTP push (数据推送 / HTTP推送 of the multi-protocol and NB-IoT products),
 * per OneNET's developer manual (open.iot.10086.cn …/httppush/develop-manual.html) and its
 * official receiver SDKs:
 *
 * - URL verification: `GET ?msg=…&nonce=…&signature=…`, answered with `msg` when
 *   signature = Base64(MD5(token + nonce + msg)) (oneNetVerificationReply).
 * - Pushes: `POST {"msg": …, "nonce": "…", "msg_signature": "…"}`, or in the newer envelope
 *   `{"msg": "<JSON text>", "nonce", "signature", "time", "id"}`, signed the same way over msg.
 *   When msg is JSON text the signature covers that text exactly. When msg is an object (older
 *   envelope) it covers msg's compact serialisation, which the SDKs rebuild from the parsed body
 *   as we do; a value whose serialisation JSON.parse cannot round-trip (`25.0`) fails the check.
 * - msg is one message, or an array of them when the push batches (数据压缩).
 *   type 1 data point: `imei` (NB-IoT) / `dev_id`, `ds_id`, `value`, `at` (ms).
 *   type 2 online/offline: `status` 1 / 0, `login_type`, `at`.  type 7 command result: ignored.
 *
 * Safe mode (安全模式: AES-encrypted `enc_msg`) is deliberately not implemented: configure the
 * push in plaintext mode; the token signature authenticates it. Devices known only by their
 * OneNET `dev_id` (no IMEI) are refused: the pipeline matches NB-IoT devices by IMEI.
 */

/** A push whose signature does not match the token: the webhook answers 401, not 400. */
export type Unauthorised = { ok: false; reason: 'signature'; unauthorised: true };
const UNAUTHORISED: Unauthorised = { ok: false, reason: 'signature', unauthorised: true };

export function isUnauthorised(result: ParsedMessage): result is Unauthorised {
  return !result.ok && (result as Partial<Unauthorised>).unauthorised === true;
}

const MAX_MSG_CHARS = 1024 * 1024;
const MAX_BATCH = 1000;

/**
 * Whether `signature` is Base64(MD5(token + nonce + msg)), compared in constant time. A signature
 * taken from a query string may have had its '+' decoded to ' ', or still be URL-encoded; both
 * are undone, and '=' padding is optional, as OneNET's SDKs do. An empty token authorises nothing.
 */
export function verifyOneNetSignature(token: string, nonce: string, msg: string, signature: string): boolean {
  if (typeof token !== 'string' || token.length === 0 || typeof nonce !== 'string' || typeof msg !== 'string') return false;
  if (typeof signature !== 'string' || signature.length > 64 || msg.length > MAX_MSG_CHARS) return false;
  let given = signature;
  if (given.includes('%')) {
    try {
      given = decodeURIComponent(given);
    } catch {
      return false;
    }
  }
  const expected = Buffer.from(createHash('md5').update(token + nonce + msg, 'utf8').digest('base64').replace(/=+$/, ''));
  const actual = Buffer.from(given.replace(/ /g, '+').replace(/=+$/, ''));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * The answer to OneNET's URL verification `GET ?msg&nonce&signature`: the `msg` to send back
 * (HTTP 200, text/plain), or undefined when the query is not signed with `token` (answer 401).
 */
export function oneNetVerificationReply(query: unknown, token: string): string | undefined {
  if (!isRecord(query)) return undefined;
  const { msg, nonce, signature } = query;
  if (typeof msg !== 'string' || typeof nonce !== 'string' || typeof signature !== 'string') return undefined;
  return verifyOneNetSignature(token, nonce, msg, signature) ? msg : undefined;
}

/**
 * One OneNET push as its uplinks (`up`, `online`, `offline`): `Unauthorised` when the signature
 * does not match `token` (answer 401), `{ ok: false, reason }` when the body is malformed (400),
 * `ignored` when it holds only command results. A batch with one malformed message is refused
 * whole, so OneNET redelivers it rather than part of it being lost. Never throws.
 */
export function parseOneNetPush(body: unknown, token: string, receivedAt?: Date): ParsedMessage | Ignored | Unauthorised {
  return guarded(() => parse(body, token, arrival(receivedAt)));
}

function parse(body: unknown, token: string, receivedAt: Date): ParsedMessage | Ignored | Unauthorised {
  if (!isRecord(body)) return failed('body is not a JSON object');
  if (body.enc_msg !== undefined) return failed('AES-encrypted pushes (safe mode) are not supported: configure the push as plaintext');
  const { msg, nonce } = body;
  if (typeof msg !== 'string' && !isRecord(msg) && !Array.isArray(msg)) return failed('msg is missing');
  const signature = body.signature ?? body.msg_signature;
  if (typeof nonce !== 'string' || typeof signature !== 'string' || !signatureMatches(token, nonce, msg, signature)) return UNAUTHORISED;

  let content: unknown = msg;
  if (typeof msg === 'string') {
    if (msg.length > MAX_MSG_CHARS) return failed('msg is too long');
    try {
      content = JSON.parse(msg);
    } catch {
      return failed('msg is not JSON');
    }
  }
  const messages = Array.isArray(content) ? content : [content];
  if (messages.length === 0 || messages.length > MAX_BATCH) return failed('msg holds no messages, or too many');

  const pushId = id(body.id);
  const uplinks: Uplink[] = [];
  const ignoredReasons: string[] = [];
  for (const [index, message] of messages.entries()) {
    const read = readMessage(message, receivedAt, pushId && `onenet:${pushId}:${index}`);
    if (typeof read === 'string') return failed(messages.length > 1 ? `msg[${index}]: ${read}` : read);
    if ('ignored' in read) ignoredReasons.push(read.reason);
    else uplinks.push(read);
  }
  return uplinks.length > 0 ? { ok: true, uplinks } : ignored(ignoredReasons[0] ?? 'nothing to read');
}

/** Over the text as sent; an object msg over its compact JSON, with and without non-ASCII escaped (\uXXXX). */
function signatureMatches(token: string, nonce: string, msg: unknown, signature: string): boolean {
  if (typeof msg === 'string') return verifyOneNetSignature(token, nonce, msg, signature);
  const json = JSON.stringify(msg);
  const escaped = json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return verifyOneNetSignature(token, nonce, json, signature) || (escaped !== json && verifyOneNetSignature(token, nonce, escaped, signature));
}

/** One message of the push as an Uplink, `ignored`, or the reason it is malformed. */
function readMessage(message: unknown, receivedAt: Date, fallbackKey: string | undefined): Uplink | Ignored | string {
  if (!isRecord(message)) return 'message is not an object';
  if (message.messageType !== undefined) return 'OneNET Studio messages (messageType) are not supported';
  const { type } = message;
  if (type === 7) return ignored('OneNET command result (type 7) ignored: not an uplink');
  if (type !== 1 && type !== 2) return `unsupported message type ${JSON.stringify(type)?.slice(0, 16)}`;
  const device = imei(message.imei);
  if (!device) return 'no IMEI (devices known only by dev_id are not supported)';
  const at = epochMsTime(message.at, receivedAt);
  // epochMsTime hands back receivedAt itself when `at` is unusable: then no key is built from it.
  const timeKey = at === receivedAt ? undefined : at.getTime();

  if (type === 2) {
    if (message.status !== 0 && message.status !== 1) return 'status is not 1 (online) or 0 (offline)';
    const kind = message.status === 1 ? 'online' : 'offline';
    return defined<Uplink>({ source: 'onenet', kind, imei: device, at, dedupKey: timeKey ? `onenet:${kind}:${device}:${timeKey}` : fallbackKey });
  }

  const dsId = message.ds_id === undefined ? undefined : id(message.ds_id);
  if (message.ds_id !== undefined && !dsId) return 'ds_id is not a short id';
  const value = readValue(message.value, dsId);
  if (typeof value === 'string') return value;
  return defined<Uplink>({
    source: 'onenet',
    kind: 'up',
    imei: device,
    ...value,
    at,
    // One data point per data stream and time; the push's id only when the platform gave no time.
    dedupKey: timeKey ? `onenet:up:${device}:${dsId ?? ''}:${timeKey}` : fallbackKey,
  });
}

/**
 * A data point's value: a hex string (how OneNET pushes an NB-IoT device's opaque resource) or
 * else base64 is payload bytes; an object is a decoded reading; a number or boolean is the
 * reading of its data stream, `{ [ds_id]: value }`. Anything else is refused.
 */
function readValue(value: unknown, dsId: string | undefined): Pick<Uplink, 'payload' | 'decoded'> | string {
  if (typeof value === 'string') {
    const payload = hexBytes(value) ?? base64Bytes(value);
    return payload ? { payload } : 'value is a string that is neither hex nor base64 of at most 1024 bytes';
  }
  if (isRecord(value)) {
    const decoded = decodedObject(value);
    return decoded ? { decoded } : 'value is an object too big to be a reading';
  }
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') {
    return dsId ? { decoded: { [dsId]: value } } : 'a numeric value needs its ds_id';
  }
  return 'value is missing or of an unsupported type';
}
