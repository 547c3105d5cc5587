import { createHmac } from 'node:crypto';

/**
 * DingTalk's custom robot "加签": base64 of HMAC-SHA256 keyed with the secret over
 * `${timestamp}\n${secret}`, sent url-encoded in the query with the timestamp (ms). DingTalk refuses
 * a timestamp more than an hour away from its clock.
 */
export function dingTalkSign(secret: string, timestamp: number): string {
  return encodeURIComponent(createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64'));
}

/** The robot URL with its signature: the channel's URL (carrying access_token) plus timestamp and sign. */
export function signedDingTalkUrl(url: string, secret: string | null, timestamp: number): string {
  if (!secret) return url;
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}timestamp=${timestamp}&sign=${dingTalkSign(secret, timestamp)}`;
}

/**
 * Our webhook's signature header: `sha256=` and the hex HMAC-SHA256, keyed with the channel's
 * secret, of `${timestamp}.${rawBody}`. The timestamp (X-Timestamp, ms) is inside the signed text,
 * so a receiver that also checks its age refuses a replayed delivery.
 */
export function webhookSignature(secret: string, timestamp: number, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}
