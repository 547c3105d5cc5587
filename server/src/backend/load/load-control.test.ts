import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiMessages, ChartPaths, SummaryPaths } from '@pest/shared';
import { createStatementQueue } from '../db/statement-queue.ts';
import { sendErrorEnvelope } from '../error-handler.ts';
import { createFairLimiter } from './fair-limiter.ts';
import { registerLoadControl } from './load-control.ts';

/** A statement that keeps the "database" busy for `ms` (PGlite would block; the queue is the same). */
const work = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let app: FastifyInstance;
afterEach(async () => app?.close());

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
    request.scope = { userId: Number(request.headers['x-user'] ?? 1), isAdmin: true, customerId: null };
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
  app.post(ChartPaths.yearPests, handler);
  app.post(SummaryPaths.pestSummaryExport, handler);
  await app.ready();
  return { counts, load };
}

const post = (url: string, body: object, user = 1) =>
  app.inject({ method: 'POST', url, payload: body, headers: { 'x-user': String(user) } });

describe('load control of heavy routes', () => {
  it('answers 503 at the deadline and runs none of the request’s statements after it', async () => {
    const { counts, load } = await heavyApp({ timeoutMs: 120, statements: 10, statementMs: 50 });
    const started = performance.now();
    const response = await post(ChartPaths.yearPests, { a: 1 });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 503, message: ApiMessages.queryTimeout, data: null });
    expect(performance.now() - started).toBeLessThan(1_000);
    await work(200);
    expect(counts.statements).toBeLessThanOrEqual(3);
    expect(load.stats()).toEqual({ running: 0, waiting: 0, shared: 0 });
  });

  it('refuses a user’s calls beyond the running and waiting slots with 429 and Retry-After, but not another user’s', async () => {
    await heavyApp({ perUser: 1 });
    const answers = await Promise.all([
      post(ChartPaths.yearPests, { n: 1 }),
      post(ChartPaths.yearPests, { n: 2 }),
      post(ChartPaths.yearPests, { n: 3 }),
      post(ChartPaths.yearPests, { n: 4 }, 2),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429, 200]);
    expect(answers[2]!.headers['retry-after']).toBe('2');
    expect(answers[2]!.json().message).toBe(ApiMessages.tooManyHeavyRequests);
  });

  it('shares one answer among identical calls of one user in flight, but not among users or downloads', async () => {
    const { counts } = await heavyApp({ perUser: 4 });
    const same = await Promise.all([post(ChartPaths.yearPests, { n: 1 }), post(ChartPaths.yearPests, { n: 1 }), post(ChartPaths.yearPests, { n: 1 })]);
    expect(same.map((answer) => answer.json().data)).toEqual([1, 1, 1]);
    expect(counts.handlers).toBe(1);
    await Promise.all([post(ChartPaths.yearPests, { n: 1 }, 1), post(ChartPaths.yearPests, { n: 1 }, 2)]);
    expect(counts.handlers).toBe(3);
    await Promise.all([post(SummaryPaths.pestSummaryExport, { n: 1 }), post(SummaryPaths.pestSummaryExport, { n: 1 })]);
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
    await work(300);
    expect(counts.statements).toBeLessThanOrEqual(after + 1);
    expect(counts.statements).toBeLessThan(20);
  });
});
