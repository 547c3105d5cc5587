import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiMessages } from '@pest/shared';

/** An event loop this late means the gateway is overloaded: it stops taking new work until it catches up. */
const MAX_EVENT_LOOP_DELAY_MS = 1_000;
const RETRY_AFTER_SECONDS = 5;

/**
 * Load shedding by @fastify/under-pressure: while the event loop lags, API requests are answered
 * 503 in the envelope at once instead of queueing behind the lag. The apps' own files are not
 * shed: they cost a file read, and a TV or browser that loads during a spike would otherwise show
 * the envelope's raw JSON instead of an app that asks again. /healthz still answers (the process
 * is alive; restarting it would not help), and /readyz says "not ready" so a load balancer sends
 * traffic elsewhere.
 */
export async function registerPressure(app: FastifyInstance): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: MAX_EVENT_LOOP_DELAY_MS,
    retryAfter: RETRY_AFTER_SECONDS,
    // A value returned here is what the plugin sends; nothing returned lets the request through.
    pressureHandler: ((request, reply) => {
      if (!request.url.startsWith('/api/')) return undefined;
      reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS));
      return { status: 503, message: ApiMessages.serverBusy, data: null };
    }) as (request: FastifyRequest, reply: FastifyReply) => void,
  });
}
