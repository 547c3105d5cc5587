import { createHmac, timingSafeEqual } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import { JobOrderPaths } from '@pest/shared';

/**
 * Links to a job order's PDF report. The browser opens them itself (a new tab, a fetch for the
 * zip), without the bearer header, so the link carries its own proof: an HMAC over the id, the
 * disposition and the expiry. Whoever was shown the link in the list may open it until then.
 */
export type Disposition = 'inline' | 'attachment';

export const ReportLinkQuery = Type.Object({
  disposition: Type.Union([Type.Literal('inline'), Type.Literal('attachment')]),
  expires: Type.Integer({ minimum: 0, description: 'Unix time in seconds' }),
  signature: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$', description: 'base64url HMAC-SHA256' }),
});
export type ReportLinkQuery = Static<typeof ReportLinkQuery>;
export const ReportFileParams = Type.Object({ file: Type.String({ pattern: '^[1-9]\\d{0,9}\\.pdf$' }) });

/** A link lives at least this long; expiries are whole hours, so a list reloaded within one gives the same links. */
const LIFETIME_SECONDS = 3600;

export interface ReportLinks {
  url(jobOrderId: number, disposition: Disposition, nowMs?: number): string;
  verify(jobOrderId: number, query: ReportLinkQuery, nowMs?: number): boolean;
}

/**
 * Signs with REPORT_URL_SECRET, or the key kept in the data directory when it is unset, so links
 * outlive a restart and hold in every process of the deployment.
 */
export function reportLinks(secretText: string): ReportLinks {
  const secret = Buffer.from(secretText);
  const sign = (jobOrderId: number, disposition: Disposition, expires: number) =>
    createHmac('sha256', secret).update(`${jobOrderId}:${disposition}:${expires}`).digest();

  return {
    url(jobOrderId, disposition, nowMs = Date.now()) {
      const expires = (Math.floor(nowMs / 1000 / LIFETIME_SECONDS) + 2) * LIFETIME_SECONDS;
      const query = new URLSearchParams({ disposition, expires: String(expires), signature: sign(jobOrderId, disposition, expires).toString('base64url') });
      return `${JobOrderPaths.report}/${jobOrderId}.pdf?${query}`;
    },
    verify(jobOrderId, { disposition, expires, signature }, nowMs = Date.now()) {
      if (expires * 1000 <= nowMs) return false;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(jobOrderId, disposition, expires);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
