import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
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

/**
 * Two gateway processes of one deployment share everything in Redis, the in-process one's prefix
 * derived like the spawned one's from the same UPSTREAM_URL; a third gateway in front of another
 * database (another deployment) on the same Redis shares nothing with them.
 */
describe.skipIf(!runRedisTests)('live hub scaled out over Redis: two gateway processes', () => {
  it(`reaches Redis at ${REDIS_URL}`, () => expect(redisAvailable).toBe(true));

  let backend: TestBackend;
  let otherBackend: TestBackend;
  let other: FastifyInstance;
  let otherUrl: string;
  let redis: Redis;
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
    gateway = await createGateway({ upstreamUrl, consoleDist: '/nonexistent', logger: pino({ level: 'silent' }), config: loadConfig({ ...env, UPSTREAM_URL: upstreamUrl }) });
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
    await other?.close();
    await otherBackend?.close();
    redis?.disconnect();
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

  it('keeps another deployment on the same Redis apart: its broadcasts, polls and keys', async () => {
    otherBackend = await createTestBackend({ env: { SIMULATOR: 'off' } });
    const otherUpstream = await otherBackend.app.listen({ host: '127.0.0.1', port: 0 });
    const ours = loadConfig({ LIVE_POLL_MS: String(POLL_MS), REDIS_URL, UPSTREAM_URL: upstreamUrl });
    const theirs = loadConfig({ LIVE_POLL_MS: String(POLL_MS), REDIS_URL, UPSTREAM_URL: otherUpstream });
    expect(theirs.redisPrefix).not.toBe(ours.redisPrefix);
    other = await createGateway({ upstreamUrl: otherUpstream, consoleDist: '/nonexistent', logger: pino({ level: 'silent' }), config: theirs });
    otherUrl = await other.listen({ host: '127.0.0.1', port: 0 });

    // The same account and device in both databases: the same subscription key, as in the issue.
    const ourClient = connectLive(urls[1]!, token);
    const theirClient = connectLive(otherUrl, (await signIn(otherBackend.app, '13800000001')).authorization.slice('Bearer '.length));
    clients.push(ourClient, theirClient);
    await Promise.all([connected(ourClient), connected(theirClient)]);
    const [ourAck, theirAck] = await Promise.all([ourClient.subscribe('device', { id: device.id }), theirClient.subscribe('device', { id: device.id })]);
    expect(theirAck).toEqual(ourAck);
    const { key } = ourAck as { key: string };
    await eventually(() => ourClient.updates.find((u) => u.full) && theirClient.updates.find((u) => u.full), 10_000, 'both full states');

    const battery = (c: TestLiveClient, percent: number) => () => c.updates.find((u) => !u.full && (u.data as DeviceChange).device?.remainingPower === percent);
    // Neither the seed's value nor the ones the test above left in our database.
    const theirBattery = device.remainingPower === 7 ? 6 : 7;
    await otherBackend.db.query('update devices set remaining_power = $1 where id = $2', [theirBattery, device.id]);
    await eventually(battery(theirClient, theirBattery), 10_000, 'the other deployment polls its own database');
    // A later change of ours arrives after theirs would have: theirs never came.
    await backend.db.query('update devices set remaining_power = 8 where id = $1', [device.id]);
    await eventually(battery(ourClient, 8), 10_000, 'ours polls its own database');
    expect(ourClient.updates.filter((u) => (u.data as DeviceChange).device?.remainingPower === theirBattery)).toEqual([]);
    expect(theirClient.updates.filter((u) => (u.data as DeviceChange).device?.remainingPower === 8)).toEqual([]);

    redis = new Redis(REDIS_URL);
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: `*${key}*`, count: 1000 })) keys.push(...(batch as string[]));
    expect(keys.filter((k) => !k.startsWith(`${ours.redisPrefix}:`) && !k.startsWith(`${theirs.redisPrefix}:`))).toEqual([]);
    expect(keys).toEqual(expect.arrayContaining([`${ours.redisPrefix}:live:state:${key}`, `${theirs.redisPrefix}:live:state:${key}`]));
    // The rooms' channel is a pattern subscription, which Redis does not list; its siblings are.
    const channels = (await redis.pubsub('CHANNELS', '*socket.io*')) as string[];
    expect(channels).toEqual(expect.arrayContaining([`${ours.redisPrefix}:socket.io-request#/#`, `${theirs.redisPrefix}:socket.io-request#/#`]));
  });
});
