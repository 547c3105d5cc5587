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

describe('the field app at /field/', () => {
  let consoleDist: string;
  let fieldDist: string;
  let gateway: FastifyInstance;

  beforeAll(async () => {
    consoleDist = await mkdtemp(path.join(os.tmpdir(), 'pest-console-'));
    await writeFile(path.join(consoleDist, 'index.html'), '<title>console</title>');
    fieldDist = await mkdtemp(path.join(os.tmpdir(), 'pest-field-'));
    await mkdir(path.join(fieldDist, 'assets'));
    await writeFile(path.join(fieldDist, 'index.html'), '<title>现场服务</title><script src="./assets/index-f1.js"></script>');
    await writeFile(path.join(fieldDist, 'assets', 'index-f1.js'), 'console.log(1)');
    await writeFile(path.join(fieldDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    await writeFile(path.join(fieldDist, 'manifest.webmanifest'), '{"name":"现场服务","scope":"./","start_url":"./"}');
    gateway = await createGateway({ upstreamUrl: UNUSED_UPSTREAM, consoleDist, logger: silent, config: loadConfig({ FIELD_DIST: fieldDist }) });
  });
  afterAll(async () => {
    await gateway?.close();
    await rm(consoleDist, { recursive: true, force: true });
    await rm(fieldDist, { recursive: true, force: true });
  });

  it('serves its page revalidated, under a CSP that lets it run its service worker', async () => {
    const page = await gateway.inject({ method: 'GET', url: '/field/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>现场服务</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/worker-src 'self'/);
    expect(csp).toContain("script-src 'self';");
    // Photos are shown from the phone's own storage before they are sent.
    expect(csp).toMatch(/img-src [^;]*blob:/);
    // Nothing may forbid the camera (扫码, photos) or the location (开始服务).
    expect(String(page.headers['permissions-policy'] ?? '')).not.toMatch(/camera=\(\)|geolocation=\(\)/);
  });

  it('revalidates the service worker and the manifest, so a deployment reaches the phones', async () => {
    const worker = await gateway.inject({ method: 'GET', url: '/field/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toContain('javascript');
    const manifest = await gateway.inject({ method: 'GET', url: '/field/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('caches its fingerprinted assets for a year', async () => {
    const asset = await gateway.inject({ method: 'GET', url: '/field/assets/index-f1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('redirects the bare path to the folder, and answers 404 for a missing file rather than the console page', async () => {
    const bare = await gateway.inject({ method: 'GET', url: '/field?x=1' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/field/?x=1');
    const missing = await gateway.inject({ method: 'GET', url: '/field/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('console');
  });

  it('explains how to build it when it is not built', async () => {
    const unbuilt = await createGateway({ upstreamUrl: UNUSED_UPSTREAM, consoleDist, logger: silent, config: loadConfig({ FIELD_DIST: path.join(fieldDist, 'missing') }) });
    try {
      const page = await unbuilt.inject({ method: 'GET', url: '/field/' });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain('npm run build');
    } finally {
      await unbuilt.close();
    }
  });
});
