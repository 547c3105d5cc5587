import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiMessages } from '@pest/shared';
import { registerProxy } from './proxy.ts';
import { openRawConnection, rawRequest } from './testing.ts';
import { BUFFERED_BODY_MAX_BYTES } from './upstream-forwarder.ts';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0).reverse()) await app.close();
});

async function listen(app: FastifyInstance): Promise<string> {
  apps.push(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function gatewayTo(upstream: FastifyInstance, options: { timeoutMs?: number } = {}): Promise<string> {
  const upstreamUrl = await listen(upstream);
  const gateway = Fastify();
  await gateway.register((api) => registerProxy(api, upstreamUrl, options), { prefix: '/api' });
  return listen(gateway);
}

describe('the /api forwarder', () => {
  it('sends a small answer whole, with its length and the header rewrites, and keeps connection headers to their hop', async () => {
    const upstream = Fastify();
    let seen: Record<string, unknown> = {};
    upstream.post('/api/echo', async (request, reply) => {
      seen = request.headers;
      return reply.header('keep-alive', 'timeout=5').header('connection', 'x-upstream-hop').header('x-upstream-hop', '1').send({ status: 200, data: request.body });
    });
    const gatewayUrl = await gatewayTo(upstream);

    // By hand: fetch would not send a Connection header of ours.
    const connection = await openRawConnection(gatewayUrl);
    const headers = { 'content-type': 'application/json', connection: 'x-client-hop', 'x-client-hop': 'secret', 'x-forwarded-for': '10.9.9.9' };
    connection.send(rawRequest('POST', '/api/echo?page=2', headers, JSON.stringify({ 点检: 1 })));
    const response = await connection.response();
    connection.close();
    expect(JSON.parse(response.body)).toEqual({ status: 200, data: { 点检: 1 } });
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(response.body)));
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-upstream-hop']).toBeUndefined();
    expect(seen).toMatchObject({ 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http', 'x-request-id': expect.any(String) });
    expect(seen['x-client-hop']).toBeUndefined();
  });

  it('closes a connection whose body the upstream answered without reading, so the next request on it is not stuck behind it', async () => {
    const upstream = Fastify();
    // As the reference backend refuses a request without a session before it reads the body.
    upstream.addHook('onRequest', async (_request, reply) => reply.code(401).send({ status: 401 }));
    upstream.post('/api/guarded', async () => ({ status: 200 }));
    const gatewayUrl = await gatewayTo(upstream);

    const body = JSON.stringify({ x: '['.repeat(900_000) });
    const answers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const first = await fetch(`${gatewayUrl}/api/guarded`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        await first.arrayBuffer();
        // Sent right after, on a connection of the same client's pool.
        const next = await fetch(`${gatewayUrl}/api/guarded`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', signal: AbortSignal.timeout(5_000) });
        await next.arrayBuffer();
        return [first.status, next.status];
      }),
    );
    expect(answers).toEqual(Array.from({ length: 8 }, () => [401, 401]));
  });

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
    const gatewayUrl = await gatewayTo(upstream);

    const controller = new AbortController();
    const answer = fetch(`${gatewayUrl}/api/slow`, { signal: controller.signal }).catch((error: Error) => error);
    await expect.poll(() => arrived, { interval: 20 }).toBe(true);
    controller.abort();
    expect(await answer).toBeInstanceOf(Error);
    await expect.poll(() => upstreamSawClose, { timeout: 2_000, interval: 20 }).toBe(true);
  });

  it('passes the path and query on as the client sent them', async () => {
    const upstream = Fastify();
    upstream.get('/api/*', async (request) => ({ url: request.url }));
    const gatewayUrl = await gatewayTo(upstream);
    const url = '/api/admin/%E8%AE%BE%E5%A4%87?ids=1&ids=2&name=a%26b';
    expect(await (await fetch(gatewayUrl + url)).json()).toEqual({ url });
  });

  it('streams a large answer as it arrives instead of holding it whole', async () => {
    const upstream = Fastify();
    let finish = () => {};
    const firstPart = Buffer.alloc(BUFFERED_BODY_MAX_BYTES * 2, 'a');
    upstream.get('/api/export', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'application/octet-stream' });
      reply.raw.write(firstPart);
      finish = () => reply.raw.end('end');
    });
    const gatewayUrl = await gatewayTo(upstream);

    const response = await fetch(`${gatewayUrl}/api/export`);
    const reader = response.body!.getReader();
    let received = 0;
    // The first part arrives while the upstream still holds the rest back.
    while (received < firstPart.length) received += (await reader.read()).value!.length;
    finish();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) received += chunk.value.length;
    expect(received).toBe(firstPart.length + 3);
  });

  it('cuts the client connection when the upstream fails halfway through a streamed answer, so it is not taken for whole', async () => {
    const upstream = Fastify();
    upstream.get('/api/export', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(BUFFERED_BODY_MAX_BYTES * 4) });
      reply.raw.write(Buffer.alloc(BUFFERED_BODY_MAX_BYTES * 2), () => reply.raw.destroy());
    });
    const gatewayUrl = await gatewayTo(upstream);
    const response = await fetch(`${gatewayUrl}/api/export`);
    expect(response.status).toBe(200);
    await expect(response.arrayBuffer()).rejects.toThrow();
  });

  it('answers 504 in the envelope when the upstream does not answer in time, and 502 when it cannot be reached', async () => {
    const upstream = Fastify();
    upstream.get('/api/slow', () => new Promise(() => {}));
    const gatewayUrl = await gatewayTo(upstream, { timeoutMs: 300 });
    const slow = await fetch(`${gatewayUrl}/api/slow`);
    expect(slow.status).toBe(504);
    expect(await slow.json()).toEqual({ status: 504, message: ApiMessages.upstreamTimeout, data: null });

    const gateway = Fastify();
    // Port 9 (discard) is closed on loopback: connections are refused at once.
    await gateway.register((api) => registerProxy(api, 'http://127.0.0.1:9'), { prefix: '/api' });
    const down = await fetch(`${await listen(gateway)}/api/anything`);
    expect(down.status).toBe(502);
    expect(await down.json()).toEqual({ status: 502, message: ApiMessages.upstreamUnavailable, data: null });
  });

  it('refuses a path that would leave /api upstream', async () => {
    const upstream = Fastify();
    upstream.get('/*', async (request) => ({ reached: request.url }));
    const connection = await openRawConnection(await gatewayTo(upstream));
    // By hand: fetch would resolve the dot segments itself.
    connection.send(rawRequest('GET', '/api/%2e%2e/internal', {}));
    expect((await connection.response()).status).toBe(400);
    connection.close();
  });
});
