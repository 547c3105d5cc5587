import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtFiles } from './built-files.ts';

describe('a built app served from the listing of its folder', () => {
  let dist: string;
  let outside: string;
  let app: FastifyInstance;
  let now = 0;

  beforeAll(async () => {
    outside = await mkdtemp(path.join(os.tmpdir(), 'pest-outside-'));
    await writeFile(path.join(outside, 'secret.txt'), 'not for the web');
    dist = await mkdtemp(path.join(os.tmpdir(), 'pest-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<title>app</title>');
    await writeFile(path.join(dist, 'assets', 'index-a1.js'), 'console.log(1)');
    const files = builtFiles(dist, () => now);
    app = Fastify();
    app.get('/app/*', async (request, reply) => {
      if (!(await files.send(request, reply, (request.params as { '*': string })['*']))) return reply.code(404).send('missing');
    });
  });
  afterAll(async () => {
    await app?.close();
    await rm(dist, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  it('serves a listed file with its type, caching fingerprinted assets for a year and revalidating the rest', async () => {
    const asset = await app.inject({ method: 'GET', url: '/app/assets/index-a1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await app.inject({ method: 'GET', url: '/app/index.html' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ method: 'HEAD', url: '/app/assets/index-a1.js' })).statusCode).toBe(200);
    // The browser's copy is still good: send answers 304 to its validator.
    const again = await app.inject({ method: 'GET', url: '/app/assets/index-a1.js', headers: { 'if-none-match': asset.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('serves nothing outside the listing: another spelling, a climb out of the folder, a directory', async () => {
    for (const url of [
      '/app/ASSETS/index-a1.js',
      `/app/..%2f..%2f${path.basename(outside)}%2fsecret.txt`,
      '/app/assets',
      '/app/assets/',
      '/app/assets/index-a1.js/',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('not for the web');
    }
  });

  it('serves a file of a build made while it runs once the listing may be refreshed, and not one deleted since', async () => {
    await writeFile(path.join(dist, 'assets', 'index-b2.js'), 'console.log(2)');
    // Just listed: a miss does not read the folder again at once (a flood of misses reads it once every two seconds).
    expect((await app.inject({ method: 'GET', url: '/app/assets/index-b2.js' })).statusCode).toBe(404);
    now += 2_000;
    const fresh = await app.inject({ method: 'GET', url: '/app/assets/index-b2.js' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toBe('console.log(2)');

    await rm(path.join(dist, 'assets', 'index-a1.js'));
    expect((await app.inject({ method: 'GET', url: '/app/assets/index-a1.js' })).statusCode).toBe(404);
  });
});
