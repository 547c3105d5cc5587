import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DisplayPaths, SessionPaths } from '@pest/shared';
import { testDriver } from '../backend/db/testing.ts';
import { DEMO_PASSWORD } from '../demo/seed/users.ts';
import { XLSX_TYPE } from '../backend/exports/xlsx-download.ts';
import { createTestBackend, type TestBackend } from '../backend/testing.ts';
import { loadConfig } from '../config.ts';
import { createGateway } from '../gateway/create-gateway.ts';
import { oversizedBody, requestArbitrary, type FuzzRequest } from './arbitraries.ts';
import { fuzzRoutes, type FuzzRoute } from './openapi-routes.ts';

/**
 * Malformed requests to every route of the OpenAPI document, through the real gateway to the
 * reference backend on a test database, with an admin token, a display link's token (its
 * rotation's second scope), without one and with a junk one.
 * Every answer must come within 5 s, below 500, and as the JSON envelope (a file download apart),
 * and both servers must still answer at the end. Replay a run with FUZZ_SEED (printed), widen it
 * with FUZZ_RUNS (cases per route).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 100);
const ANSWER_LIMIT_MS = 5_000;
/** Routes fuzzed at once: enough to keep both servers busy, few enough for a 2-core machine. */
const CONCURRENCY = 4;

const silent = pino({ level: 'silent' });

describe(`HTTP fuzz of every route on ${testDriver}`, () => {
  let backend: TestBackend;
  let gateway: FastifyInstance;
  let consoleDist: string;
  let baseUrl: string;
  let upstreamUrl: string;
  let routes: FuzzRoute[];
  const tokens = { admin: '', sessionEnding: '', display: '' };

  beforeAll(async () => {
    backend = await createTestBackend();
    upstreamUrl = await backend.app.listen({ host: '127.0.0.1', port: 0 });
    consoleDist = await mkdtemp(path.join(os.tmpdir(), 'pest-fuzz-console-'));
    await writeFile(path.join(consoleDist, 'index.html'), '<!doctype html><div id="root"></div>');
    gateway = await createGateway({ upstreamUrl, consoleDist, logger: silent, config: loadConfig({}) });
    baseUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });
    routes = fuzzRoutes(backend.app.swagger() as unknown as Parameters<typeof fuzzRoutes>[0]);
    // Logout ends the session it is sent with: it gets a session of its own.
    tokens.admin = await signIn();
    tokens.sessionEnding = await signIn();
    tokens.display = `${await createDisplayLink(tokens.admin)}.1`;
  });
  afterAll(async () => {
    // A connection left hanging by a failed case must not hold the close up.
    const closing = gateway?.close();
    gateway?.server.closeAllConnections();
    await closing;
    await backend?.close();
    if (consoleDist) await rm(consoleDist, { recursive: true, force: true });
  });

  async function signIn(): Promise<string> {
    const response = await fetch(`${baseUrl}${SessionPaths.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: DEMO_PASSWORD }),
    });
    return (await response.json() as { data: { token: string } }).data.token;
  }

  async function createDisplayLink(admin: string): Promise<string> {
    const response = await fetch(`${baseUrl}${DisplayPaths.save}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ name: '模糊测试', scopes: [{ customerIds: [], areaIds: [] }, { customerIds: [1], areaIds: [] }], dwellSeconds: 60, expiresAt: null }),
    });
    return (await response.json() as { data: { token: string } }).data.token;
  }

  const tally = { requests: 0, serverErrors: 0, unanswered: 0, byStatus: new Map<number, number>() };

  /** Sends one request; the problem with its answer, or null when it is a proper answer. */
  async function exchange(request: FuzzRequest): Promise<string | null> {
    const headers: Record<string, string> = {};
    if (request.auth === 'admin') headers.authorization = `Bearer ${request.url.startsWith(SessionPaths.logout) ? tokens.sessionEnding : tokens.admin}`;
    if (request.auth === 'display') headers.authorization = `Bearer ${tokens.display}`;
    if (request.auth === 'junk') headers.authorization = 'Bearer not-a-token';
    if (request.body) headers['content-type'] = request.body.contentType;
    const started = performance.now();
    tally.requests++;
    let status: number;
    let contentType: string;
    let bytes: Buffer;
    try {
      const response = await fetch(`${baseUrl}${request.url}`, {
        method: request.method,
        headers,
        body: request.body?.text,
        // Past the limit the answer is wrong anyway; waiting longer would only slow the run.
        signal: AbortSignal.timeout(ANSWER_LIMIT_MS + 1_000),
      });
      status = response.status;
      contentType = response.headers.get('content-type') ?? '';
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      tally.unanswered++;
      return `no answer: ${(error as Error).message}`;
    }
    const ms = performance.now() - started;
    tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
    if (status >= 500) tally.serverErrors++;
    return problemWith(status, contentType, bytes, ms);
  }

  it(
    'answers every malformed request below 500, within 5 s, in the envelope, and keeps answering',
    async () => {
      const started = performance.now();
      const failures: string[] = [];
      const seedOf = new Map(routes.map((route, index) => [route, SEED + index]));

      await inPool(routes, CONCURRENCY, async (route) => {
        let firstProblem: string | null = null;
        const details = await fc.check(
          fc.asyncProperty(requestArbitrary(route), async (request) => {
            const problem = await exchange(request);
            firstProblem ??= problem && `${problem} ← ${describeRequest(request)}`;
            return problem === null;
          }),
          // The first failure is reported as sent: shrinking would resend it, slow answers included, many times.
          { seed: seedOf.get(route), numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        );
        if (details.failed) {
          failures.push(`${route.label} (FUZZ_SEED=${SEED}, route seed ${seedOf.get(route)}): ${firstProblem}`);
        }
        if (route.method === 'GET') return;
        for (const auth of ['admin', 'none'] as const) {
          const request = { method: route.method, url: route.path.replace(/\{[^}]+\}/g, 'x'), body: oversizedBody(route), auth };
          const problem = await exchange(request);
          if (problem) failures.push(`${route.label}: ${problem} ← ${describeRequest(request)}`);
        }
      });

      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const statuses = [...tally.byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ');
      console.log(
        `HTTP fuzz: ${tally.requests} requests to ${routes.length} routes in ${seconds} s, ${tally.serverErrors} answered 5xx, ${tally.unanswered} unanswered (FUZZ_SEED=${SEED}, ${RUNS_PER_ROUTE} cases per route); by status ${statuses}`,
      );
      expect(routes.length).toBeGreaterThan(50);
      expect(failures).toEqual([]);

      // Both servers still answer, and the admin session still works.
      expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
      expect((await fetch(`${upstreamUrl}/healthz`)).status).toBe(200);
      const user = await fetch(`${baseUrl}${SessionPaths.userInfo}`, { headers: { authorization: `Bearer ${tokens.admin}` } });
      expect((await user.json() as { status: number }).status).toBe(200);
    },
    240_000,
  );
});

/** A zip file ends with its central directory's end record (and a comment of at most 64 KiB). */
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

function problemWith(status: number, contentType: string, bytes: Buffer, ms: number): string | null {
  const text = bytes.toString('utf8');
  if (ms > ANSWER_LIMIT_MS) return `answered ${status} after ${Math.round(ms)} ms`;
  if (status >= 500) return `answered ${status}: ${text.slice(0, 200)}`;
  const json = contentType.startsWith('application/json');
  // A file download (xlsx, pdf, svg, a stored upload) is not an envelope, but a spreadsheet must be whole.
  if (status === 200 && contentType.startsWith(XLSX_TYPE)) {
    const end = bytes.lastIndexOf(ZIP_END);
    if (end === -1 || bytes.length - end > 22 + 0xffff) return `answered a truncated xlsx of ${bytes.length} bytes`;
  }
  if (status === 200 && !json) return null;
  if (!json) return `answered ${status} as ${contentType || 'no content type'}: ${text.slice(0, 200)}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `answered ${status} with broken JSON: ${text.slice(0, 200)}`;
  }
  const envelope = body as { status?: unknown; message?: unknown };
  if (typeof body !== 'object' || body === null || typeof envelope.status !== 'number' || typeof envelope.message !== 'string' || !('data' in body)) {
    return `answered ${status} outside the envelope: ${text.slice(0, 200)}`;
  }
  return null;
}

function describeRequest({ method, url, body, auth }: FuzzRequest): string {
  const sent = body ? ` ${body.contentType} ${body.text.length > 200 ? `${body.text.slice(0, 200)}… (${body.text.length} characters)` : body.text}` : '';
  return `${method} ${url.slice(0, 300)} [${auth}]${sent}`;
}

async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: size }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}
