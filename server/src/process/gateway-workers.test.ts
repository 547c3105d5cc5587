import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevicePaths, LiveConnectErrors, SessionPaths } from '@pest/shared';
import { createTestBackend, signIn, type TestBackend } from '../backend/testing.ts';
import { connected, connectLive, eventually } from '../gateway/live/testing/live-client.ts';
import { ended, within } from '../gateway/live/testing/live-test-gateway.ts';
import { runRedisTests, TEST_REDIS_URL } from '../gateway/live/testing/test-redis.ts';
import { spawnProduct } from './testing/spawn-product.ts';

/** The gateway workers the product's process has forked, by process id. */
function gatewayWorkers(product: ChildProcess): number[] {
  const pid = product.pid!;
  let children: string;
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
  } catch {
    return [];
  }
  return children
    .split(' ')
    .filter(Boolean)
    .map(Number)
    .filter((child) => {
      try {
        return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('gateway-worker.ts');
      } catch {
        return false;
      }
    });
}

describe.skipIf(!runRedisTests)('GATEWAY_WORKERS: several gateway processes on one port', () => {
  let backend: TestBackend;
  let product: ChildProcess;
  let url: string;
  let authorization: string;

  beforeAll(async () => {
    backend = await createTestBackend({ env: { SIMULATOR: 'off' } });
    const upstreamUrl = await backend.app.listen({ host: '127.0.0.1', port: 0 });
    ({ url, child: product } = await spawnProduct({ UPSTREAM_URL: upstreamUrl, GATEWAY_WORKERS: '2', REDIS_URL: TEST_REDIS_URL, LIVE_POLL_MS: '300' }));
    ({ authorization } = await signIn(backend.app, '13800000001'));
  });

  afterAll(async () => {
    product?.kill('SIGKILL');
    await backend?.close();
  });

  const listDevices = () =>
    fetch(`${url}${DevicePaths.list}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ current: 1, size: 5 }),
    });

  it('serves /api from two processes, and replaces one that dies while the other goes on answering', { timeout: 30_000 }, async () => {
    const [first, second] = await eventually(() => gatewayWorkers(product).length === 2 && gatewayWorkers(product), 10_000, 'two workers');
    for (let i = 0; i < 6; i++) expect((await listDevices()).status).toBe(200);

    process.kill(first!, 'SIGKILL');
    // Reaped, not only dead: until the primary has seen it go, it may still hand it a connection
    // (node:cluster's limit: that connection would wait for ever).
    await eventually(() => !existsSync(`/proc/${first}`), 5_000, 'the killed worker reaped');
    // Connections now go to the one left, until its replacement listens.
    for (let i = 0; i < 4; i++) expect((await listDevices()).status).toBe(200);
    const replaced = await eventually(() => {
      const workers = gatewayWorkers(product);
      return workers.length === 2 && workers;
    }, 10_000, 'a replacement worker');
    expect(replaced).toContain(second);
    expect(replaced).not.toContain(first);
    expect((await listDevices()).status).toBe(200);
  });

  it('ends a login\'s live sockets on every worker when it logs out through any of them', { timeout: 30_000 }, async () => {
    const { authorization: own } = await signIn(backend.app, '13800000001');
    const token = own.slice('Bearer '.length);
    // Several sockets, so that with two workers taking connections in turn both hold some.
    const clients = Array.from({ length: 4 }, () => connectLive(url, token));
    try {
      await Promise.all(clients.map(connected));
      const ends = clients.map(ended);
      const logout = await fetch(`${url}${SessionPaths.logout}`, { method: 'POST', headers: { authorization: own } });
      expect(logout.status).toBe(200);
      const endings = await within(Promise.all(ends), 2_000, 'every socket ended');
      expect(endings).toEqual(clients.map(() => ({ error: LiveConnectErrors.unauthorized, reason: 'io server disconnect' })));
    } finally {
      for (const client of clients) client.close();
    }
  });

  it('closes every worker and exits when asked to stop', { timeout: 30_000 }, async () => {
    const workers = gatewayWorkers(product);
    expect(workers).toHaveLength(2);
    const exited = new Promise<number | null>((resolve) => product.once('exit', resolve));
    product.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});
