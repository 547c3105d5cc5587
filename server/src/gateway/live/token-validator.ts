import { createHash } from 'node:crypto';
import { SessionPaths, type UserInfo } from '@pest/shared';
import { UpstreamUnauthorizedError, type UpstreamClient } from './upstream-client.ts';

export interface LiveUser {
  id: number;
  account: string;
}

/** Names a token in rooms, counters and messages between gateways without spreading the token itself. */
export function tokenId(token: string): string {
  return createHash('sha256').update(token).digest('base64url').slice(0, 32);
}

/**
 * Who a token belongs to, asked of the upstream (selectById) and remembered briefly, so a burst
 * of connections or the periodic re-check costs one upstream call per token, not one per socket.
 * `validate` returns null for a token the upstream refuses and throws when the upstream cannot
 * answer; `revoke` records that a token was just logged out or refused elsewhere.
 */
export function createTokenValidator(upstream: UpstreamClient, ttlMs: number, now: () => number = Date.now) {
  const cache = new Map<string, { user: LiveUser | null; until: number; at: number }>();
  const validate = async (token: string): Promise<LiveUser | null> => {
    const id = tokenId(token);
    const hit = cache.get(id);
    if (hit && hit.until > now()) return hit.user;
    const askedAt = now();
    let user: LiveUser | null;
    try {
      const info = await upstream.get<UserInfo>(token, SessionPaths.userInfo);
      user = { id: info.id, account: info.account };
    } catch (error) {
      if (!(error instanceof UpstreamUnauthorizedError)) throw error;
      user = null;
    }
    // Expired entries go when they are looked at again or at the next sweep; keep the map small.
    for (const [key, entry] of cache) if (entry.until <= now()) cache.delete(key);
    // A revocation that arrived while the upstream was being asked is newer than its answer.
    const revoked = cache.get(id);
    if (revoked && revoked.user === null && revoked.at >= askedAt) return null;
    cache.set(id, { user, until: now() + ttlMs, at: now() });
    return user;
  };
  const revoke = (id: string) => void cache.set(id, { user: null, until: now() + ttlMs, at: now() });
  return { validate, revoke };
}
export type TokenValidator = ReturnType<typeof createTokenValidator>;
