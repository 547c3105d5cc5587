import type { FastifyInstance } from 'fastify';
import { ApiMessages } from '@pest/shared';
import { sendApiEnvelope } from './api-errors.ts';
import type { TokenValidator } from './live/token-validator.ts';

/**
 * /api requests one person may have in flight through this gateway, over all their logins. A
 * console screen sends a dozen at most; a script sending hundreds at once is refused here, before
 * any of them costs an upstream round trip (the upstream has its own per-user limits on the heavy
 * calls). Per person, not per login: ten logins of one person would otherwise get ten shares
 * (measured: another user's calls p99 1.57 s with 200 clients over 10 logins of 2 people).
 */
export const API_REQUESTS_IN_FLIGHT_PER_PERSON = 24;
/**
 * A refusal is sent after the wait it asks for. Answered at once, a client that ignores
 * Retry-After comes straight back: measured, 200 such clients then made ~4,000 refusals a second
 * and pushed /healthz's p99 to 0.5 s. Held, they cost a timer each.
 */
const RETRY_AFTER_SECONDS = 1;

/**
 * Whose share a request takes: the person the token belongs to once the gateway knows it (the
 * live hub's cached userInfo lookup, asked in the background), the token itself until then or
 * when the upstream cannot say. A request never waits for the lookup.
 */
export function personOf(tokens: Pick<TokenValidator, 'known'>) {
  return (authorization: string): string => {
    const token = authorization.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : authorization;
    const user = tokens.known(token);
    return user ? `user:${user.id}` : `token:${authorization}`;
  };
}

export function limitRequestsPerPerson(api: FastifyInstance, keyOf: (authorization: string) => string, max = API_REQUESTS_IN_FLIGHT_PER_PERSON): void {
  const inFlight = new Map<string, number>();
  api.addHook('onRequest', (request, reply, done) => {
    const authorization = request.headers.authorization;
    if (!authorization) return done();
    // Kept for the release: the key may change (the lookup answers) while this request runs.
    const key = keyOf(authorization);
    const count = inFlight.get(key) ?? 0;
    if (count >= max) {
      setTimeout(() => {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        sendApiEnvelope(reply, 429, ApiMessages.tooManyRequests);
      }, RETRY_AFTER_SECONDS * 1_000);
      return;
    }
    inFlight.set(key, count + 1);
    reply.raw.once('close', () => {
      const left = (inFlight.get(key) ?? 1) - 1;
      if (left === 0) inFlight.delete(key);
      else inFlight.set(key, left);
    });
    done();
  });
}
