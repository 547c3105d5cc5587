import { SessionPaths, type UserInfo } from '@pest/shared';
import { UpstreamUnauthorizedError, type UpstreamClient } from './upstream-client.ts';

export interface LiveUser {
  id: number;
  account: string;
}

/**
 * Who a token belongs to, asked of the upstream (selectById) and remembered briefly, so a burst
 * of connections or the periodic re-check costs one upstream call per token, not one per socket.
 * Returns null for a token the upstream refuses; throws when the upstream cannot answer.
 */
export function createTokenValidator(upstream: UpstreamClient, ttlMs: number, now: () => number = Date.now) {
  const cache = new Map<string, { user: LiveUser | null; until: number }>();
  return async function validate(token: string): Promise<LiveUser | null> {
    const hit = cache.get(token);
    if (hit && hit.until > now()) return hit.user;
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
    cache.set(token, { user, until: now() + ttlMs });
    return user;
  };
}
export type TokenValidator = ReturnType<typeof createTokenValidator>;
