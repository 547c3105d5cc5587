import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerProxy } from './proxy.ts';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0).reverse()) await app.close();
});

async function listen(app: FastifyInstance): Promise<string> {
  apps.push(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('proxy to the upstream', () => {
  it('ends the upstream request when its client goes away, so the upstream can stop the work', async () => {
    const upstream = Fastify();
    let arrived = false;
    let upstreamSawClose = false;
    // Answers only after 10 s, unless its client (the gateway) hangs up first.
    upstream.get('/api/slow', (request, reply) => {
      arrived = true;
      const timer = setTimeout(() => reply.send({ status: 200 }), 10_000);
      reply.raw.once('close', () => {
        clearTimeout(timer);
        upstreamSawClose = !reply.raw.writableFinished;
      });
    });
    const upstreamUrl = await listen(upstream);

    const gateway = Fastify();
    await gateway.register((api) => registerProxy(api, upstreamUrl), { prefix: '/api' });
    const gatewayUrl = await listen(gateway);

    const controller = new AbortController();
    const answer = fetch(`${gatewayUrl}/api/slow`, { signal: controller.signal }).catch((error: Error) => error);
    await expect.poll(() => arrived, { interval: 20 }).toBe(true);
    controller.abort();
    expect(await answer).toBeInstanceOf(Error);
    await expect.poll(() => upstreamSawClose, { timeout: 2_000, interval: 20 }).toBe(true);
  });
});
