import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@pest/shared';
import { sendApiError, sendApiNotFound } from './api-errors.ts';
import { limitApiBodies } from './body-limit.ts';
import { registerProxy } from './proxy.ts';
import { limitRequestsPerToken } from './token-concurrency.ts';

/** /api: bodies within their limits go upstream; whatever the gateway answers itself is an envelope. */
export async function registerApi(app: FastifyInstance, upstreamUrl: string): Promise<void> {
  await app.register(
    async (api) => {
      api.setErrorHandler(sendApiError);
      api.setNotFoundHandler(sendApiNotFound);
      limitRequestsPerToken(api);
      limitApiBodies(api);
      await registerProxy(api, upstreamUrl);
    },
    { prefix: API_BASE },
  );
}
