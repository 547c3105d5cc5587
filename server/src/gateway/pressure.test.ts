import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ApiMessages } from '@pest/shared';
import { registerHealth } from './health.ts';
import { registerPressure } from './pressure.ts';

/** Blocks this thread, as a runaway computation in the gateway would. */
function blockEventLoop(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('gateway under pressure', () => {
  it('sheds /api work with a 503 envelope and reports not ready while its event loop lags, but serves the apps and stays alive', async () => {
    const app = Fastify();
    await registerPressure(app);
    // An upstream that answers: readiness then depends on the pressure alone.
    app.get('/upstream/healthz', async () => ({ status: 'ok' }));
    app.post('/api/thing', async () => ({ status: 200, message: 'ok', data: null }));
    app.get('/wallboard/', async (_request, reply) => reply.type('text/html').send('<!doctype html><div id="root"></div>'));
    registerHealth(app, 'http://127.0.0.1:0/upstream');
    await app.ready();

    blockEventLoop(1_500);
    // The plugin measures the lag on its own sampling timer, which runs once the loop is free.
    await expect.poll(() => app.isUnderPressure(), { timeout: 3_000, interval: 50 }).toBe(true);
    const api = await app.inject({ method: 'POST', url: '/api/thing' });
    expect(api.statusCode).toBe(503);
    expect(api.headers['retry-after']).toBe('5');
    expect(api.json()).toEqual({ status: 503, message: ApiMessages.serverBusy, data: null });
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    expect((await app.inject('/readyz')).json()).toMatchObject({ status: 'overloaded' });
    // An app's page still loads, and asks again for what was shed.
    const page = await app.inject('/wallboard/');
    expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html']);

    await expect.poll(() => app.isUnderPressure(), { timeout: 5_000, interval: 100 }).toBe(false);
    expect((await app.inject({ method: 'POST', url: '/api/thing' })).statusCode).toBe(200);
    await app.close();
  });
});
