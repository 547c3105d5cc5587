import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes in base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the sessions table stores and looks up instead of the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a request presents: `Authorization: Bearer <token>`, or the bare token, which some callers of the original API send. */
export function presentedToken(authorization: string | undefined): string {
  return authorization?.replace(/^Bearer\s+/i, '').trim() ?? '';
}

/**
 * The session token of a request. Anything that cannot be a session token is null, so garbage
 * never reaches the database.
 */
export function tokenFromHeader(authorization: string | undefined): string | null {
  const token = presentedToken(authorization);
  return TOKEN_PATTERN.test(token) ? token : null;
}
