import { createHmac, timingSafeEqual } from 'node:crypto';
import { DEVICE_SIGNATURE_PREFIX } from '@pest/shared';

/** `sha256=` + hex HMAC-SHA256 of the raw body bytes under the device's secret. */
export function signReport(secret: string, body: Buffer | string): string {
  return DEVICE_SIGNATURE_PREFIX + createHmac('sha256', secret).update(body).digest('hex');
}

/** Whether `header` is the body's signature; compared in constant time so timing tells nothing. */
export function reportSignatureMatches(secret: string, body: Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signReport(secret, body));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
