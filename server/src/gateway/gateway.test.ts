import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiMessages, APP_CONFIG_PATH, SessionPaths } from '@pest/shared';
import { testDriver } from '../backend/db/testing.ts';
import { createTestBackend, type TestBackend } from '../backend/testing.ts';
import { loadConfig } from '../config.ts';
import { createGateway } from './create-gateway.ts';

const silent = pino({ level: 'silent' });
const INDEX_HTML = '<!doctype html><div id="root"></div><script type="module" src="/assets/index-4f2a9c.js"></script>';

/** A stand-in for apps/console/dist as Vite builds it. */
async function makeConsoleDist(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pest-console-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(dir, 'assets/index-4f2a9c.js'), 'console.log(1)');
  await writeFile(path.join(dir, 'favicon.ico'), '');
  return dir;
}

const gatewayFor = (upstreamUrl: string, consoleDist: string, env: Record<string, string> = {}) =>
  createGateway({ upstreamUrl, consoleDist, logger: silent, config: loadConfig(env) });

describe(`gateway in front of the reference backend on ${testDriver}`, () => {
  let backend: TestBackend;
  let upstreamUrl: string;
  let consoleDist: string;
  let gateway: FastifyInstance;

  beforeAll(async () => {
    backend = await createTestBackend();
    upstreamUrl = await backend.app.listen({ host: '127.0.0.1', port: 0 });
    consoleDist = await makeConsoleDist();
    gateway = await gatewayFor(upstreamUrl, consoleDist);
  });
  afterAll(async () => {
    await gateway?.close();
    await backend?.close();
    await rm(consoleDist, { recursive: true, force: true });
  });

  const login = (remoteAddress: string, headers: Record<string, string> = {}) =>
    gateway.inject({ method: 'POST', url: SessionPaths.login, payload: { account: 'admin', password: '123456' }, remoteAddress, headers });

  describe('/api', () => {
    it('proxies login and the signed-in user end to end', async () => {
      const loggedIn = await login('192.0.2.10');
      expect(loggedIn.statusCode).toBe(200);
      expect(loggedIn.headers['x-content-type-options']).toBe('nosniff');
      const { token } = loggedIn.json().data;

      const user = await gateway.inject({ method: 'GET', url: SessionPaths.userInfo, headers: { authorization: `Bearer ${token}` } });
      expect(user.json()).toMatchObject({ status: 200, data: { id: 1, account: 'admin' } });
    });

    it('passes the backend 401 through unchanged', async () => {
      const response = await gateway.inject({ method: 'GET', url: SessionPaths.userInfo });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 401, message: ApiMessages.sessionExpired, data: null });
    });

    it('forwards the client address, so the login limit is per client and cannot be dodged with X-Forwarded-For', async () => {
      for (let i = 0; i < 20; i++) await login('192.0.2.20', { 'x-forwarded-for': `10.0.0.${i}` });
      expect((await login('192.0.2.20', { 'x-forwarded-for': '10.0.0.99' })).statusCode).toBe(429);
      expect((await login('192.0.2.21')).statusCode).toBe(200);
    });
  });

  describe('console', () => {
    it('serves index.html at / and for deep links, never cached', async () => {
      for (const url of ['/', '/dataSheet/riskSummary', '/equipment/equipmentDetail?id=7']) {
        const response = await gateway.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toBe(INDEX_HTML);
      }
    });

    it('caches fingerprinted assets for a year and revalidates other files', async () => {
      const asset = await gateway.inject({ method: 'GET', url: '/assets/index-4f2a9c.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const favicon = await gateway.inject({ method: 'GET', url: '/favicon.ico' });
      expect(favicon.headers['cache-control']).toBe('no-cache');
    });

    it('answers 404 for a missing file and for paths the console does not own', async () => {
      for (const url of ['/assets/missing-123.js', '/live/anything', '/readyz/x']) {
        expect((await gateway.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
      expect((await gateway.inject({ method: 'POST', url: '/dataSheet/riskSummary' })).statusCode).toBe(404);
    });

    it('sends a CSP without inline scripts, and no referrer from the wallboard', async () => {
      const page = await gateway.inject({ method: 'GET', url: '/' });
      const csp = page.headers['content-security-policy'] as string;
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(page.headers['referrer-policy']).toBe('same-origin');

      const wallboard = await gateway.inject({ method: 'GET', url: '/wallboard/?token=abc&phone=138' });
      expect(wallboard.headers['referrer-policy']).toBe('no-referrer');
    });
  });

  it('serves the runtime settings uncached', async () => {
    const response = await gateway.inject({ method: 'GET', url: APP_CONFIG_PATH });
    expect(response.json()).toEqual({ wallboardUrl: '/wallboard/', adminUserIds: [1, 2] });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('reports health, and readiness while the upstream answers', async () => {
    expect((await gateway.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await gateway.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('shows the OpenAPI UI in development only', async () => {
    const docs = await gateway.inject({ method: 'GET', url: '/api-docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');

    const production = await gatewayFor(upstreamUrl, consoleDist, { NODE_ENV: 'production' });
    expect((await production.inject({ method: 'GET', url: '/api-docs/' })).statusCode).toBe(404);
    await production.close();
  });
});

describe('gateway with its upstream down', () => {
  let gateway: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    // Port 9 (discard) is closed on loopback: connections are refused at once.
    gateway = await gatewayFor('http://127.0.0.1:9', path.join(os.tmpdir(), 'no-console-here'));
    url = await gateway.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => gateway?.close());

  it('answers /api with a 502 envelope and /readyz with 503', async () => {
    // Over a real socket: inject surfaces the failed upload of the body as a rejection instead.
    const api = await fetch(url + SessionPaths.login, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: '123456' }),
    });
    expect(api.status).toBe(502);
    expect(await api.json()).toEqual({ status: 502, message: ApiMessages.upstreamUnavailable, data: null });
    expect((await gateway.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await gateway.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('tells how to build the console when it is missing', async () => {
    for (const url of ['/', '/dataSheet/riskSummary']) {
      const response = await gateway.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('npm run build');
    }
  });
});

describe('gateway forwarding headers', () => {
  let upstream: FastifyInstance;
  let gateway: FastifyInstance;
  beforeAll(async () => {
    // An upstream that answers with the headers it was sent.
    upstream = Fastify();
    upstream.all('/api/*', async (request) => ({ status: 200, message: 'ok', data: request.headers }));
    gateway = await gatewayFor(await upstream.listen({ host: '127.0.0.1', port: 0 }), path.join(os.tmpdir(), 'no-console-here'));
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('tells the upstream the client address, protocol and the host the browser used', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/echo', remoteAddress: '192.0.2.30', headers: { host: 'console.example.com' } });
    expect(response.json().data).toMatchObject({
      'x-forwarded-for': '192.0.2.30',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': 'console.example.com',
    });
  });
});
