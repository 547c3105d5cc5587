import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { SessionEndpoints } from '@pest/shared';
import { UpstreamUnauthorizedError, type UpstreamClient } from './upstream-client.ts';

export interface LiveUser {
  id: number;
  account: string;
}

/** Names a token in rooms, counters and messages between gateways without spreading the token itself. */
export function tokenId(token: string): string {
  return createHash('sha256').update(token).digest('base64url').slice(0, 32);
}

/** lru-cache holds no null; a refused or revoked token is remembered as `{ user: null }`. */
interface Answer {
  user: LiveUser | null;
}

/**
 * Far more tokens than one gateway process holds sockets for; lru-cache allocates its index for
 * this many up front (about 2 MB), and a token pushed out is only asked again.
 */
const MAX_TOKENS = 50_000;

/** Lookups `known` starts at once; the tokens beyond wait for a later request. */
const MAX_LOOKUPS_IN_FLIGHT = 16;

/**
 * Who a token belongs to, asked of the upstream (selectById) and remembered briefly, so a burst
 * of connections or the periodic re-check costs one upstream call per token, not one per socket:
 * lru-cache's fetch hands every caller that misses while a lookup is under way that same lookup.
 * `validate` returns null for a token the upstream refuses and throws when the upstream cannot
 * answer (nothing is remembered then); `fresh` asks the upstream even when an answer is remembered
 * (still sharing a lookup already under way); `revoke` records that a token was just logged out or
 * refused elsewhere. `now` is a clock in milliseconds that never reads 0: lru-cache takes an entry
 * stored at time 0 for one that never expires.
 */
export function createTokenValidator(upstream: UpstreamClient, ttlMs: number, now: () => number = Date.now) {
  const cache = new LRUCache<string, Answer, string>({
    max: MAX_TOKENS,
    ttl: ttlMs,
    // Read the clock on every look, not once per millisecond through a timer: tests drive `now`.
    ttlResolution: 0,
    perf: { now },
    fetchMethod: async (_id, _stale, { context: token }) => {
      try {
        const info = await upstream.call(token, SessionEndpoints.userInfo);
        return { user: { id: info.id, account: info.account } };
      } catch (error) {
        if (error instanceof UpstreamUnauthorizedError) return { user: null };
        throw error;
      }
    },
  });
  const validate = async (token: string, { fresh = false } = {}): Promise<LiveUser | null> => {
    const id = tokenId(token);
    try {
      return (await cache.forceFetch(id, { context: token, forceRefresh: fresh })).user;
    } catch (error) {
      // A revocation during the lookup replaces it (lru-cache aborts the lookup and its callers
      // get the abort): the revocation is newer than whatever the upstream was about to say.
      const revoked = cache.get(id);
      if (revoked) return revoked.user;
      throw error;
    }
  };
  const revoke = (id: string) => void cache.set(id, { user: null });
  let lookingUp = 0;
  /**
   * Who a token belongs to as far as is known now, without waiting: for the per-person limit of
   * every /api request, which must not wait on the upstream. Unknown (never asked, or the answer
   * expired) starts a lookup for the next request and answers undefined; a refused token is
   * undefined too. At most MAX_LOOKUPS_IN_FLIGHT lookups run at once, so a flood of made-up
   * tokens costs the upstream a handful of calls, not one each.
   */
  const known = (token: string): LiveUser | undefined => {
    const id = tokenId(token);
    // A stale answer is still the same person: kept while it is asked again.
    const answer = cache.peek(id, { allowStale: true });
    if ((!answer || cache.getRemainingTTL(id) <= 0) && lookingUp < MAX_LOOKUPS_IN_FLIGHT) {
      lookingUp++;
      void validate(token)
        .catch(() => undefined)
        .finally(() => lookingUp--);
    }
    return answer?.user ?? undefined;
  };
  return { validate, revoke, known };
}

export type TokenValidator = ReturnType<typeof createTokenValidator>;
