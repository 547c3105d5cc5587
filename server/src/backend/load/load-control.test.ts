import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_PERMISSIONS, ApiMessages, ChartEndpoints, ChartPaths, SummaryEndpoints, SummaryPaths, type Endpoint } from '@pest/shared';
import { createStatementQueue } from '../db/statement-queue.ts';
import { sendErrorEnvelope } from '../error-handler.ts';
import { createFairLimiter } from './fair-limiter.ts';
import { registerLoadControl } from './load-control.ts';

/** A statement that keeps the "database" busy for `ms` (PGlite would block; the queue is the same). */
const work = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let app: FastifyInstance;
afterEach(async () => {
  vi.useRealTimers();
  await app?.close();
});

/**
 * Statements, deadlines and Retry-After waits on fake time: only setTimeout and Date are faked,
 * so the statement queue's setImmediate and inject's streams run as they do in production.
 */
const fakeTime = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
/** Moves fake time in small steps until the promise settles, letting real callbacks run between. */
async function settled<T>(promise: Promise<T>): Promise<T> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  while (!done) await vi.advanceTimersByTimeAsync(10);
  return promise;
}

/**
 * A heavy route whose handler runs `statements` statements of `statementMs` each through the
 * statement queue, as a chart does through the database, counting those that ran.
 */
async function heavyApp({ perUser = 2, timeoutMs = 5_000, statements = 5, statementMs = 50 } = {}) {
  const queue = createStatementQueue();
  const counts = { handlers: 0, statements: 0 };
  app = Fastify();
  app.setErrorHandler(sendErrorEnvelope);
  app.decorateRequest('scope', null);
  app.addHook('onRequest', async (request) => {
    request.scope = { userId: Number(request.headers['x-user'] ?? 1), isAdmin: true, customerId: null, permissions: new Set(ALL_PERMISSIONS) };
  });
  const load = registerLoadControl(app, { limiter: createFairLimiter({ perUser, total: 4, queuePerUser: 1 }), timeoutMs });
  const handler = async () => {
    counts.handlers++;
    for (let i = 0; i < statements; i++) {
      await queue(() => work(statementMs));
      counts.statements++;
    }
    return { status: 200, message: 'ok', data: counts.handlers };
  };
  // The policy comes from the endpoint in the route's config, as endpointRoute puts it there.
  // (Widened: Fastify's route types recurse too deep over a whole endpoint's schema types.)
  app.post(ChartPaths.yearPests, { config: { endpoint: ChartEndpoints.yearPests as Endpoint } }, handler);
  app.post(SummaryPaths.pestSummaryExport, { config: { endpoint: SummaryEndpoints.pestSummaryExport as Endpoint } }, handler);
  await app.ready();
  return { counts, load };
}

const post = (url: string, body: object, user = 1) =>
  app.inject({ method: 'POST', url, payload: body, headers: { 'x-user': String(user) } });

describe('load control of heavy routes', () => {
  it('answers 503 at the deadline and runs none of the request’s statements after it', async () => {
    fakeTime();
    const { counts, load } = await heavyApp({ timeoutMs: 120, statements: 10, statementMs: 50 });
    const response = await settled(post(ChartPaths.yearPests, { a: 1 }));
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 503, message: ApiMessages.queryTimeout, data: null });
    // Two statements of 50 ms fit in 120; the third was running at the deadline.
    expect(counts.statements).toBe(2);
    await vi.advanceTimersByTimeAsync(1_000);
    // That one ends (PGlite cannot stop a running statement); no other starts.
    expect(counts.statements).toBe(3);
    expect(load.stats()).toEqual({ running: 0, waiting: 0, shared: 0 });
  });

  it('refuses a user’s calls beyond the running and waiting slots with 429 after the Retry-After it asks, but not another user’s', async () => {
    fakeTime();
    await heavyApp({ perUser: 1 });
    const start = Date.now();
    const timed = (request: ReturnType<typeof post>) => request.then((answer) => ({ answer, after: Date.now() - start }));
    const answers = await settled(
      Promise.all([
        timed(post(ChartPaths.yearPests, { n: 1 })),
        timed(post(ChartPaths.yearPests, { n: 2 })),
        timed(post(ChartPaths.yearPests, { n: 3 })),
        timed(post(ChartPaths.yearPests, { n: 4 }, 2)),
      ]),
    );
    // One of the user's three runs, one waits, one is refused; the other user is not held up.
    expect(answers.slice(0, 3).map(({ answer }) => answer.statusCode).sort()).toEqual([200, 200, 429]);
    expect(answers[3]!.answer.statusCode).toBe(200);
    const refused = answers.find(({ answer }) => answer.statusCode === 429)!;
    // Sent once the wait it asks for has passed (fake time moves in steps of 10 ms).
    expect(refused.after).toBeGreaterThanOrEqual(2_000);
    expect(refused.after).toBeLessThanOrEqual(2_010);
    expect(refused.answer.headers['retry-after']).toBe('2');
    expect(refused.answer.json().message).toBe(ApiMessages.tooManyHeavyRequests);
  });

  it('shares one answer among identical calls of one user in flight, but not among users or downloads', async () => {
    fakeTime();
    const { counts } = await heavyApp({ perUser: 4 });
    const same = await settled(Promise.all([post(ChartPaths.yearPests, { n: 1 }), post(ChartPaths.yearPests, { n: 1 }), post(ChartPaths.yearPests, { n: 1 })]));
    expect(same.map((answer) => answer.json().data)).toEqual([1, 1, 1]);
    expect(counts.handlers).toBe(1);
    await settled(Promise.all([post(ChartPaths.yearPests, { n: 1 }, 1), post(ChartPaths.yearPests, { n: 1 }, 2)]));
    expect(counts.handlers).toBe(3);
    await settled(Promise.all([post(SummaryPaths.pestSummaryExport, { n: 1 }), post(SummaryPaths.pestSummaryExport, { n: 1 })]));
    expect(counts.handlers).toBe(5);
  });

  it('stops a request’s statements when its client goes away', async () => {
    const { counts, load } = await heavyApp({ statements: 20, statementMs: 50 });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const controller = new AbortController();
    const request = fetch(`http://127.0.0.1:${port}${ChartPaths.yearPests}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      signal: controller.signal,
    }).catch(() => null);
    await expect.poll(() => counts.statements, { interval: 10 }).toBeGreaterThanOrEqual(2);
    controller.abort();
    await request;
    await expect.poll(() => load.stats().running, { interval: 10 }).toBe(0);
    const after = counts.statements;
    // Real time here: the client's close travels through real sockets, which fake timers would stall.
    await work(300);
    expect(counts.statements).toBeLessThanOrEqual(after + 1);
    expect(counts.statements).toBeLessThan(20);
  });
});
