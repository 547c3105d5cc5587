import type { FastifyInstance } from 'fastify';
import { ApiMessages } from '@pest/shared';
import { sendApiEnvelope } from './api-errors.ts';

/**
 * /api requests one login may have in flight through this gateway. A console screen sends a
 * dozen at most; a script sending hundreds at once is refused here, before any of them costs an
 * upstream round trip (the upstream has its own per-user limits on the heavy calls).
 */
export const API_REQUESTS_IN_FLIGHT_PER_TOKEN = 24;
/**
 * A refusal is sent after the wait it asks for. Answered at once, a client that ignores
 * Retry-After comes straight back: measured, 200 such clients then made ~4,000 refusals a second
 * and pushed /healthz's p99 to 0.5 s. Held, they cost a timer each.
 */
const RETRY_AFTER_SECONDS = 1;

export function limitRequestsPerToken(api: FastifyInstance, max = API_REQUESTS_IN_FLIGHT_PER_TOKEN): void {
  const inFlight = new Map<string, number>();
  api.addHook('onRequest', (request, reply, done) => {
    const token = request.headers.authorization;
    if (!token) return done();
    const count = inFlight.get(token) ?? 0;
    if (count >= max) {
      setTimeout(() => {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        sendApiEnvelope(reply, 429, ApiMessages.tooManyRequests);
      }, RETRY_AFTER_SECONDS * 1_000);
      return;
    }
    inFlight.set(token, count + 1);
    reply.raw.once('close', () => {
      const left = (inFlight.get(token) ?? 1) - 1;
      if (left === 0) inFlight.delete(token);
      else inFlight.set(token, left);
    });
    done();
  });
}
