import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createGateway } from './create-gateway.ts';

const silent = pino({ level: 'silent' });
// Nothing listens there: these tests never reach /api.
const UNUSED_UPSTREAM = 'http://127.0.0.1:9';

async function makeDist(prefix: string, html: string, asset: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), html);
  await writeFile(path.join(dir, 'assets', asset), 'console.log(1)');
  return dir;
}

describe('wallboard at /wallboard/', () => {
  let consoleDist: string;
  let wallboardDist: string;
  let gateway: FastifyInstance;

  beforeAll(async () => {
    consoleDist = await makeDist('pest-console-', '<title>console</title>', 'index-c0.js');
    wallboardDist = await makeDist('pest-wallboard-', '<title>wallboard</title><script src="/wallboard/assets/index-w1.js"></script>', 'index-w1.js');
    gateway = await createGateway({ upstreamUrl: UNUSED_UPSTREAM, consoleDist, logger: silent, config: loadConfig({ WALLBOARD_DIST: wallboardDist }) });
  });
  afterAll(async () => {
    await gateway?.close();
    await rm(consoleDist, { recursive: true, force: true });
    await rm(wallboardDist, { recursive: true, force: true });
  });

  it('serves its page with no referrer and revalidation, whatever the query', async () => {
    const page = await gateway.inject({ method: 'GET', url: '/wallboard/?token=abc&phone=138' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>wallboard</title>');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-cache');
    // No eval on the TV either: the board draws nothing that needs it.
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.headers['content-security-policy']).not.toContain('unsafe-eval');
    // A display link's page too: its token must not leave in a Referer either.
    const displayPage = await gateway.inject({ method: 'GET', url: '/wallboard/?display=dl_abc' });
    expect(displayPage.headers['referrer-policy']).toBe('no-referrer');
  });

  it('caches its fingerprinted assets for a year', async () => {
    const asset = await gateway.inject({ method: 'GET', url: '/wallboard/assets/index-w1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['referrer-policy']).toBe('no-referrer');
  });

  it('redirects the bare path to the folder, keeping the query', async () => {
    const bare = await gateway.inject({ method: 'GET', url: '/wallboard?token=abc&phone=138' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/wallboard/?token=abc&phone=138');
  });

  it('answers 404 for a missing file rather than the console page', async () => {
    const missing = await gateway.inject({ method: 'GET', url: '/wallboard/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('console');
    const consolePage = await gateway.inject({ method: 'GET', url: '/dataSheet/riskSummary' });
    expect(consolePage.body).toContain('<title>console</title>');
  });

  it('explains how to build it when it is not built', async () => {
    const unbuilt = await createGateway({
      upstreamUrl: UNUSED_UPSTREAM,
      consoleDist,
      logger: silent,
      config: loadConfig({ WALLBOARD_DIST: path.join(wallboardDist, 'missing') }),
    });
    try {
      const page = await unbuilt.inject({ method: 'GET', url: '/wallboard/' });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain('npm run build');
    } finally {
      await unbuilt.close();
    }
  });
});
