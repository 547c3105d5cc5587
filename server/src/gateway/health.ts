import type { FastifyInstance } from 'fastify';

const READINESS_TIMEOUT_MS = 2_000;

let healthy = true;

/** The process met an error it cannot recover from and is shutting down: health checks say so. */
export function markUnhealthy(): void {
  healthy = false;
}

/**
 * /healthz: the process is up and not shutting down after a fatal error. /readyz: it can serve,
 * i.e. it is healthy, not overloaded (see pressure.ts) and the upstream answers. Any upstream answer below 500 counts, since an
 * external upstream need not have a /healthz of its own.
 */
export function registerHealth(app: FastifyInstance, upstreamUrl: string): void {
  app.get('/healthz', async (_request, reply) =>
    healthy ? { status: 'ok' } : reply.code(503).send({ status: 'unhealthy', reason: 'shutting down after a fatal error' }),
  );
  app.get('/readyz', async (_request, reply) => {
    if (!healthy) return reply.code(503).send({ status: 'unhealthy', reason: 'shutting down after a fatal error' });
    if (app.isUnderPressure?.()) return reply.code(503).send({ status: 'overloaded', reason: 'the event loop is lagging' });
    return (await upstreamAnswers(upstreamUrl))
      ? { status: 'ok' }
      : reply.code(503).send({ status: 'unavailable', reason: 'upstream does not answer' });
  });
}

export async function upstreamAnswers(upstreamUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${upstreamUrl}/healthz`, { signal: AbortSignal.timeout(READINESS_TIMEOUT_MS) });
    await response.body?.cancel();
    return response.status < 500;
  } catch {
    return false;
  }
}
