import { createHmac, timingSafeEqual } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';

/**
 * Links to private images (risk photos, floor plans, uploaded pictures). Browsers load them with
 * <img> and canvas, which send no bearer header, so a link carries its own proof: an HMAC over
 * the path, the expiry and the user it was made for. Whoever holds a link may use it until it
 * expires, and only while that user may still see the image (see image-access.ts).
 */
export type LinkLifetime = 'screen' | 'export';

/**
 * Screens get an hour; exported spreadsheets 30 days, as long as such a file is meant to be
 * worked with. Expiries are rounded up to a step, so a page reloaded within one gets the same
 * links and the browser's cached images.
 */
const LIFETIMES: Record<LinkLifetime, { seconds: number; stepSeconds: number }> = {
  screen: { seconds: 3600, stepSeconds: 15 * 60 },
  export: { seconds: 30 * 86_400, stepSeconds: 86_400 },
};

/** The query a signed link adds to its path; all optional here, so a missing part is a refused link (403), not a malformed request. */
export const SignedLinkQuery = Type.Object({
  expires: Type.Optional(Type.String({ maxLength: 12, description: 'Unix time in seconds' })),
  viewer: Type.Optional(Type.String({ maxLength: 12, description: 'The user the link was made for' })),
  signature: Type.Optional(Type.String({ maxLength: 64, description: 'base64url HMAC-SHA256' })),
});
export type SignedLinkQuery = Static<typeof SignedLinkQuery>;

export interface VerifiedLink {
  viewerId: number;
  /** Seconds the link has left, for the answer's max-age. */
  remainingSeconds: number;
}

export interface SignedLinks {
  sign(path: string, viewerId: number, lifetime: LinkLifetime, nowMs?: number): string;
  /** Who a valid, unexpired link to `path` was made for; null for anything else. */
  verify(path: string, query: { expires?: string; viewer?: string; signature?: string }, nowMs?: number): VerifiedLink | null;
}

export function signedLinks(secret: string): SignedLinks {
  // Labelled, so a signature made here can never pass for a report link under the same secret.
  const sign = (path: string, expires: number, viewerId: number) =>
    createHmac('sha256', secret).update(`image-link\n${path}\n${expires}\n${viewerId}`).digest();

  return {
    sign(path, viewerId, lifetime, nowMs = Date.now()) {
      const { seconds, stepSeconds } = LIFETIMES[lifetime];
      const expires = Math.ceil((nowMs / 1000 + seconds) / stepSeconds) * stepSeconds;
      const query = new URLSearchParams({ expires: String(expires), viewer: String(viewerId), signature: sign(path, expires, viewerId).toString('base64url') });
      return `${path}?${query}`;
    },
    verify(path, query, nowMs = Date.now()) {
      if (!query.expires || !query.viewer || !query.signature || !/^\d{1,12}$/.test(query.expires) || !/^[1-9]\d{0,9}$/.test(query.viewer)) return null;
      const expires = Number(query.expires);
      const viewerId = Number(query.viewer);
      const remainingSeconds = expires - Math.floor(nowMs / 1000);
      if (remainingSeconds <= 0) return null;
      const given = Buffer.from(query.signature, 'base64url');
      const expected = sign(path, expires, viewerId);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { viewerId, remainingSeconds };
    },
  };
}
