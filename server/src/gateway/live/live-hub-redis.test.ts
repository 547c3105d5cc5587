import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevicePaths, type DeviceChange, type DeviceRow } from '@pest/shared';
import { createTestBackend, signIn, type TestBackend } from '../../backend/testing.ts';
import { loadConfig } from '../../config.ts';
import { spawnProduct } from '../../process/testing/spawn-product.ts';
import { createGateway } from '../create-gateway.ts';
import { connected, connectLive, eventually, type TestLiveClient } from './testing/live-client.ts';
import { redisAvailable, runRedisTests, TEST_REDIS_URL } from './testing/test-redis.ts';

const POLL_MS = 300;
const REDIS_URL = TEST_REDIS_URL;

describe.skipIf(!runRedisTests)('live hub scaled out over Redis: two gateway processes', () => {
  it(`reaches Redis at ${REDIS_URL}`, () => expect(redisAvailable).toBe(true));

  let backend: TestBackend;
  let upstreamUrl: string;
  let killed: ChildProcess;
  let gateway: FastifyInstance;
  const urls: string[] = [];
  const clients: TestLiveClient[] = [];
  let token: string;
  let device: DeviceRow;
  let polls = 0;

  beforeAll(async () => {
    backend = await createTestBackend({ env: { SIMULATOR: 'off' } });
    upstreamUrl = await backend.app.listen({ host: '127.0.0.1', port: 0 });
    backend.app.server.on('request', (request) => {
      if (request.url === DevicePaths.get || request.url?.startsWith(`${DevicePaths.get}?`)) polls += 1;
    });
    const env = { LIVE_POLL_MS: String(POLL_MS), REDIS_URL };
    const first = await spawnProduct({ ...env, UPSTREAM_URL: upstreamUrl });
    killed = first.child;
    urls.push(first.url);
    gateway = await createGateway({ upstreamUrl, consoleDist: '/nonexistent', logger: pino({ level: 'silent' }), config: loadConfig(env) });
    await gateway.listen({ host: '127.0.0.1', port: 0 });
    urls.push(`http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`);
    token = (await signIn(backend.app, '13800000001')).authorization.slice('Bearer '.length);
    const list = await backend.app.inject({
      method: 'POST',
      url: DevicePaths.list,
      headers: { authorization: `Bearer ${token}` },
      payload: { current: 1, size: 10 },
    });
    device = list.json<{ data: { records: DeviceRow[] } }>().data.records[4]!;
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    killed?.kill('SIGKILL');
    await gateway?.close();
    await backend?.close();
  });

  it('polls once per interval in total, updates clients on both, and survives the polling process', async () => {
    const onFirst = connectLive(urls[0]!, token);
    clients.push(onFirst);
    await connected(onFirst);
    await onFirst.subscribe('device', { id: device.id });
    await eventually(() => onFirst.updates.find((u) => u.full), 10_000, 'first gateway polls');

    const onSecond = connectLive(urls[1]!, token);
    clients.push(onSecond);
    await connected(onSecond);
    await onSecond.subscribe('device', { id: device.id });
    await eventually(() => onSecond.updates.find((u) => u.full), 10_000, 'second gateway catches up from Redis');

    const before = polls;
    // Real time on purpose: the pollers are in two OS processes and the lock that makes one of
    // them poll expires on Redis's clock, which no test clock moves; hence a range, not a count.
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 10));
    expect(polls - before).toBeLessThanOrEqual(11);
    expect(polls - before).toBeGreaterThanOrEqual(5);

    const battery = device.remainingPower === 41 ? 42 : 41;
    await backend.db.query('update devices set remaining_power = $1 where id = $2', [battery, device.id]);
    const changed = (c: TestLiveClient, percent: number) => () =>
      c.updates.find((u) => !u.full && (u.data as DeviceChange).device?.remainingPower === percent);
    await eventually(changed(onFirst, battery), 10_000, 'first client updated');
    await eventually(changed(onSecond, battery), 10_000, 'second client updated');

    // The first gateway holds the lock. It dies without a word; the second takes over.
    killed.kill('SIGKILL');
    await new Promise((resolve) => killed.once('exit', resolve));
    const closedAt = Date.now();
    const next = battery === 41 ? 43 : 44;
    await backend.db.query('update devices set remaining_power = $1 where id = $2', [next, device.id]);
    await eventually(changed(onSecond, next), 10_000, 'the second gateway takes over');
    // Two intervals for the lock to pass, plus one poll and its way to the client.
    expect(Date.now() - closedAt).toBeLessThan(POLL_MS * 3 + 500);
  });
});
