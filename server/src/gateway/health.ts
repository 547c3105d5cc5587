import type { FastifyInstance } from 'fastify';

const READINESS_TIMEOUT_MS = 2_000;

/**
 * /healthz: the process is up. /readyz: it can serve, i.e. the upstream answers. Any answer below
 * 500 counts, since an external upstream need not have a /healthz of its own.
 */
export function registerHealth(app: FastifyInstance, upstreamUrl: string): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) =>
    (await upstreamAnswers(upstreamUrl))
      ? { status: 'ok' }
      : reply.code(503).send({ status: 'unavailable', reason: 'upstream does not answer' }),
  );
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
