import type { FastifyInstance } from 'fastify';
import { API_BASE, ApiMessages } from '@pest/shared';
import { sendApiEnvelope, sendApiError, sendApiNotFound } from './api-errors.ts';
import { limitApiBodies } from './body-limit.ts';
import { originAllowed } from './live/live-hub.ts';
import { registerProxy } from './proxy.ts';
import type { TokenValidator } from './live/token-validator.ts';
import { limitRequestsPerPerson, personOf } from './token-concurrency.ts';

/**
 * /api: bodies within their limits go upstream, and so do websockets from the pages the live hub
 * accepts (`allowedOrigins` and the gateway's own); whatever the gateway answers itself is an envelope.
 */
export async function registerApi(app: FastifyInstance, upstreamUrl: string, tokens: TokenValidator, allowedOrigins: readonly string[] = []): Promise<void> {
  await app.register(
    async (api) => {
      api.setErrorHandler(sendApiError);
      api.setNotFoundHandler(sendApiNotFound);
      // The websocket proxy forwards the browser's cookies but no Origin, so the upstream could not
      // tell a page on another site opening a socket with them: that page is refused here.
      // Hooks on /api take a callback, not a promise: they run on every proxied request.
      api.addHook('onRequest', (request, reply, done) => {
        if (request.headers.upgrade?.toLowerCase() === 'websocket' && !originAllowed(request.raw, allowedOrigins)) {
          sendApiEnvelope(reply, 403, ApiMessages.badRequest);
          return;
        }
        done();
      });
      limitRequestsPerPerson(api, personOf(tokens));
      limitApiBodies(api);
      await registerProxy(api, upstreamUrl, { websocket: true });
    },
    { prefix: API_BASE },
  );
}
