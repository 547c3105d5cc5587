import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiMessages, APP_CONFIG_PATH, DevicePaths, headerLeaves, IntegrationPaths, JobOrderPaths, SessionPaths, WEBHOOK_MAX_BYTES, type PointCheckRow, type TableHeaderNode } from '@pest/shared';
import { testDriver } from '../backend/db/testing.ts';
import { createTestBackend, type TestBackend } from '../backend/testing.ts';
import { loadConfig } from '../config.ts';
import { createGateway } from './create-gateway.ts';
import { openRawConnection, rawRequest } from './testing.ts';

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
  let gatewayUrl: string;

  beforeAll(async () => {
    backend = await createTestBackend();
    upstreamUrl = await backend.app.listen({ host: '127.0.0.1', port: 0 });
    consoleDist = await makeConsoleDist();
    gateway = await gatewayFor(upstreamUrl, consoleDist);
    gatewayUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });
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
      expect(loggedIn.headers['cache-control']).toBe('no-store');
      const { token } = loggedIn.json().data;

      const user = await gateway.inject({ method: 'GET', url: SessionPaths.userInfo, headers: { authorization: `Bearer ${token}` } });
      expect(user.json()).toMatchObject({ status: 200, data: { id: 1, account: 'admin' } });
    });

    it('passes the backend 401 through unchanged', async () => {
      const response = await gateway.inject({ method: 'GET', url: SessionPaths.userInfo });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 401, message: ApiMessages.sessionExpired, data: null });
    });

    it("passes the console's Accept-Language on: a point-check sheet in English for en, in Chinese by default and for a language it does not speak", async () => {
      const { token } = (await login('192.0.2.40')).json<{ data: { token: string } }>().data;
      const [sheet] = await backend.db.query<{ sheetId: number; deviceTypeId: number }>(
        `select c.job_order_id as "sheetId", pt.device_type_id as "deviceTypeId"
         from point_check_values v join point_checks c on c.job_order_id = v.job_order_id and c.point_id = v.point_id join points pt on pt.id = c.point_id
         where v.metric = 'catch' limit 1`,
      );
      const ask = (url: string, language?: string) =>
        gateway.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${token}`, ...(language ? { 'accept-language': language } : {}) },
          payload: { current: 1, size: 10, ...sheet },
        });
      const leafNames = async (language?: string) => headerLeaves((await ask(JobOrderPaths.pointCheckHeader, language)).json<{ data: TableHeaderNode[] }>().data).map((leaf) => leaf.name);

      const chinese = await leafNames();
      expect(chinese.slice(0, 2)).toEqual(['点位编号', '区域']);
      expect(chinese.at(-1)).toBe('设备状况');
      expect(await leafNames('fr-FR,de;q=0.8')).toEqual(chinese);
      const english = await leafNames('en-US,en;q=0.9,zh-CN;q=0.8');
      expect(english.slice(0, 2)).toEqual(['Point code', 'Region']);
      expect(english).toContain('Subtotal');
      expect(english.at(-1)).toBe('Device condition');

      const rows = (await ask(JobOrderPaths.pointCheckRows, 'en')).json<{ data: { records: PointCheckRow[]; totalRow: PointCheckRow } }>().data;
      expect(rows.totalRow.pointCode).toBe('Total');
      for (const row of rows.records) expect(['Intact', 'Damaged', 'Missing', 'Moved']).toContain(row.condition);

      const exported = await ask(JobOrderPaths.pointCheckExport, 'en');
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toContain(encodeURIComponent('Point check-'));
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
      const [top, leaves] = [1, 2].map((row) => workbook.worksheets[0]!.getRow(row).values as unknown[]);
      expect(top!.slice(1, 3)).toEqual(['Point code', 'Region']);
      expect(leaves).toContain('Subtotal');
    });

    it('forwards the client address, so the login limit is per client and cannot be dodged with X-Forwarded-For', async () => {
      // From loopback, as a client on the gateway's own machine: the backend believes loopback hops,
      // so an appended header would have let the forged entry through.
      for (let i = 0; i < 20; i++) await login('127.0.0.1', { 'x-forwarded-for': `10.0.0.${i}` });
      expect((await login('127.0.0.1', { 'x-forwarded-for': '10.0.0.99' })).statusCode).toBe(429);
      expect((await login('192.0.2.21')).statusCode).toBe(200);
    });
  });

  describe('request bodies', () => {
    const overOneMiB = JSON.stringify({ current: 1, size: 10, filler: 'x'.repeat(1024 * 1024) });
    const json = (authorization?: string) => ({ 'content-type': 'application/json', ...(authorization ? { authorization } : {}) });
    const chunked = (body: string) => `${[body.slice(0, 1000), body.slice(1000)].map((part) => `${Buffer.byteLength(part).toString(16)}\r\n${part}\r\n`).join('')}0\r\n\r\n`;
    let authorization: string;
    beforeAll(async () => {
      authorization = `Bearer ${(await login('192.0.2.40')).json().data.token}`;
    });

    it('refuses a body over 1 MiB with 413 in the envelope, and the same connection answers the next request at once', async () => {
      const connection = await openRawConnection(gatewayUrl);
      connection.send(rawRequest('POST', DevicePaths.list, json(authorization), overOneMiB));
      const refused = await connection.response();
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toEqual({ status: 413, message: ApiMessages.payloadTooLarge, data: null });
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.headers.connection).not.toBe('close');

      connection.send(rawRequest('GET', SessionPaths.userInfo, { authorization }));
      const next = await connection.response(2_000);
      expect(next.status).toBe(200);
      expect(JSON.parse(next.body)).toMatchObject({ status: 200, data: { account: 'admin' } });
      expect(connection.ended).toBe(false);
      connection.close();
    });

    it('answers 401 first when a route that needs a session gets one without a token', async () => {
      const connection = await openRawConnection(gatewayUrl);
      connection.send(rawRequest('POST', DevicePaths.list, json(), overOneMiB));
      const refused = await connection.response();
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body)).toEqual({ status: 401, message: ApiMessages.sessionExpired, data: null });
      connection.send(rawRequest('GET', SessionPaths.userInfo, { authorization }));
      expect((await connection.response(2_000)).status).toBe(200);
      connection.close();
    });

    it('answers 413 to login, device reports, webhooks and uploads, which carry their own credentials', async () => {
      const connection = await openRawConnection(gatewayUrl);
      for (const [path, body] of [
        [SessionPaths.login, overOneMiB],
        [DevicePaths.report, JSON.stringify({ filler: 'x'.repeat(5000) })],
        // Within 1 MiB but over a webhook's limit: streamed on, the backend's early refusal cut the body and came back a 502.
        [`${IntegrationPaths.webhook}/1`, JSON.stringify({ filler: 'x'.repeat(WEBHOOK_MAX_BYTES) })],
      ] as const) {
        connection.send(rawRequest('POST', path, json(), body));
        const refused = await connection.response();
        expect(refused.status, path).toBe(413);
        expect(JSON.parse(refused.body), path).toEqual({ status: 413, message: ApiMessages.payloadTooLarge, data: null });
      }
      connection.close();
    });

    it('counts a chunked body as it arrives: over the limit refused, within it forwarded', async () => {
      const connection = await openRawConnection(gatewayUrl);
      connection.send(rawRequest('POST', DevicePaths.list, { ...json(authorization), 'transfer-encoding': 'chunked' }, chunked(overOneMiB)));
      expect((await connection.response()).status).toBe(413);
      const small = JSON.stringify({ current: 1, size: 2, isCustomer: true, filler: 'x'.repeat(2000) });
      connection.send(rawRequest('POST', DevicePaths.list, { ...json(authorization), 'transfer-encoding': 'chunked' }, chunked(small)));
      const forwarded = await connection.response(2_000);
      expect(forwarded.status).toBe(200);
      expect(JSON.parse(forwarded.body)).toMatchObject({ status: 200, data: { records: expect.any(Array) } });
      connection.close();
    });

    it('answers its own refusals under /api in the envelope', async () => {
      const badUrl = await gateway.inject({ method: 'GET', url: '/api/%zz' });
      expect(badUrl.statusCode).toBe(400);
      expect(badUrl.json()).toEqual({ status: 400, message: ApiMessages.badRequest, data: null });
      const unknownMethod = await gateway.inject({ method: 'PROPFIND', url: '/api/anything' });
      expect(unknownMethod.statusCode).toBe(404);
      expect(unknownMethod.json()).toEqual({ status: 404, message: ApiMessages.notFound, data: null });
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
      // The live socket is same-origin: no other ws:/wss: host may be reached.
      expect(csp).toContain("connect-src 'self';");
      expect(page.headers['referrer-policy']).toBe('same-origin');

      const wallboard = await gateway.inject({ method: 'GET', url: '/wallboard/?token=abc&phone=138' });
      expect(wallboard.headers['referrer-policy']).toBe('no-referrer');
    });
  });

  it('lets pages connect to the configured live origins besides their own, over HTTP and WebSocket', async () => {
    const withOrigins = await gatewayFor(upstreamUrl, consoleDist, { LIVE_ALLOWED_ORIGINS: 'https://screen.example.com' });
    const csp = (await withOrigins.inject({ method: 'GET', url: '/' })).headers['content-security-policy'] as string;
    expect(csp).toContain("connect-src 'self' https://screen.example.com wss://screen.example.com;");
    await withOrigins.close();
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

  it('publishes neither the OpenAPI UI nor its document by default', async () => {
    expect((await gateway.inject({ method: 'GET', url: '/api-docs/' })).statusCode).toBe(404);
    // No such route upstream: an unknown /api path, refused without a session.
    expect((await gateway.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(401);
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

describe('gateway in front of a stand-in upstream', () => {
  const noConsole = path.join(os.tmpdir(), 'no-console-here');
  let upstream: FastifyInstance;
  let upstreamUrl: string;
  let gateway: FastifyInstance;
  beforeAll(async () => {
    // An upstream that answers with the headers it was sent, and serves an API docs page.
    upstream = Fastify();
    upstream.all('/api/*', async (request) => ({ status: 200, message: 'ok', data: request.headers }));
    upstream.get('/api/kept', async (_request, reply) => reply.header('cache-control', 'private, max-age=60').send({ status: 200, message: 'ok', data: null }));
    upstream.get('/api-docs/', async (_request, reply) => reply.type('text/html').send('<!doctype html><title>docs</title>'));
    upstreamUrl = await upstream.listen({ host: '127.0.0.1', port: 0 });
    gateway = await gatewayFor(upstreamUrl, noConsole);
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  const forwardedFor = async (target: FastifyInstance, remoteAddress: string, sent?: string) => {
    const response = await target.inject({ method: 'GET', url: '/api/echo', remoteAddress, headers: sent ? { 'x-forwarded-for': sent } : {} });
    return response.json().data['x-forwarded-for'];
  };

  it('tells the upstream the client address, protocol and the host the browser used', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/echo', remoteAddress: '192.0.2.30', headers: { host: 'console.example.com' } });
    expect(response.json().data).toMatchObject({
      'x-forwarded-for': '192.0.2.30',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': 'console.example.com',
    });
  });

  it('replaces a client X-Forwarded-For with the address it saw, unless TRUST_PROXY names the hop that sent it', async () => {
    expect(await forwardedFor(gateway, '127.0.0.1', '10.9.9.9')).toBe('127.0.0.1');
    expect(await forwardedFor(gateway, '192.0.2.30', '10.9.9.9, 10.8.8.8')).toBe('192.0.2.30');

    const behindProxy = await gatewayFor(upstreamUrl, noConsole, { TRUST_PROXY: '192.0.2.30' });
    // The trusted hop's own entry is believed, not what the client wrote before it.
    expect(await forwardedFor(behindProxy, '192.0.2.30', '10.9.9.9, 203.0.113.7')).toBe('203.0.113.7');
    expect(await forwardedFor(behindProxy, '192.0.2.31', '203.0.113.7')).toBe('192.0.2.31');
    await behindProxy.close();

    const oneHop = await gatewayFor(upstreamUrl, noConsole, { TRUST_PROXY: '1' });
    expect(await forwardedFor(oneHop, '192.0.2.50', '10.9.9.9, 203.0.113.8')).toBe('203.0.113.8');
    await oneHop.close();
  });

  it('marks API answers no-store unless the upstream says how to cache them', async () => {
    expect((await gateway.inject({ method: 'GET', url: '/api/echo' })).headers['cache-control']).toBe('no-store');
    expect((await gateway.inject({ method: 'GET', url: '/api/kept' })).headers['cache-control']).toBe('private, max-age=60');
  });

  it('shows the upstream API docs only with API_DOCS=on', async () => {
    expect((await gateway.inject({ method: 'GET', url: '/api-docs/' })).statusCode).toBe(404);
    const withDocs = await gatewayFor(upstreamUrl, noConsole, { API_DOCS: 'on' });
    const docs = await withDocs.inject({ method: 'GET', url: '/api-docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('<title>docs</title>');
    await withDocs.close();
  });
});
