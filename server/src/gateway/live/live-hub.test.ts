import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AlarmPaths,
  DevicePaths,
  SessionPaths,
  type AlarmListChange,
  type AlarmOverviewChange,
  type DeviceChange,
  type DeviceListChange,
  type DeviceRow,
} from '@pest/shared';
import { createManualClock } from '../../clock/manual-clock.ts';
import { testDriver } from '../../backend/db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../../backend/testing.ts';
import { loadConfig } from '../../config.ts';
import { createGateway } from '../create-gateway.ts';
import { createCuttableProxy } from './testing/cuttable-proxy.ts';
import { connected, connectLive, eventually, refused, type TestLiveClient } from './testing/live-client.ts';

// The product's own interval: time only moves when a test moves the clock, so it costs nothing.
const POLL_MS = 3_000;
const RECHECK_MS = 60_000;
const silent = pino({ level: 'silent' });

/**
 * The hub's pollers, recovery probe and token recheck run on a manual clock: each test moves time
 * itself and counts exactly, while sockets, HTTP and the database keep their real I/O (the clock
 * waits for the work each timer starts).
 */
describe(`live hub: real gateway, reference backend on ${testDriver}, socket.io-client`, () => {
  const clock = createManualClock();
  let startedAt: number;
  let backend: TestBackend;
  let proxy: Awaited<ReturnType<typeof createCuttableProxy>>;
  let gateway: FastifyInstance;
  let url: string;
  let adminToken: string;
  let managerToken: string;
  let managerDevices: DeviceRow[];
  let foreignDevice: DeviceRow;
  /** Upstream requests by path, counted where the backend receives them. */
  const upstreamCalls = new Map<string, number>();
  /** Upstream requests by token, likewise. */
  const callsWith = new Map<string, number>();
  const clients: TestLiveClient[] = [];
  const client = (token: unknown, headers?: Record<string, string>) => {
    const c = connectLive(url, token, headers);
    clients.push(c);
    return c;
  };
  /** The recovery probe and the token recheck: the timers the hub holds with no poller running. */
  const HUB_TIMERS = 2;
  /** A round trip on the client's own socket: whatever the server sent before has arrived after it. */
  const flushed = (c: TestLiveClient) => c.subscribe('nope' as never, {} as never);

  beforeAll(async () => {
    backend = await createTestBackend({ env: { SIMULATOR: 'off' } });
    await backend.app.listen({ host: '127.0.0.1', port: 0 });
    backend.app.server.on('request', (request) => {
      const path = request.url!.split('?')[0]!;
      upstreamCalls.set(path, (upstreamCalls.get(path) ?? 0) + 1);
      const token = request.headers.authorization?.slice('Bearer '.length);
      if (token) callsWith.set(token, (callsWith.get(token) ?? 0) + 1);
    });
    proxy = await createCuttableProxy((backend.app.server.address() as AddressInfo).port);
    gateway = await createGateway({
      upstreamUrl: proxy.url,
      consoleDist: '/nonexistent',
      logger: silent,
      // A hundred sockets of one login below: past the caps meant for people (live-limits.test.ts).
      config: loadConfig({ LIVE_POLL_MS: String(POLL_MS), LIVE_MAX_SOCKETS_PER_USER: '200', LIVE_MAX_SOCKETS_PER_TOKEN: '200' }),
      liveTiming: { clock, tokenRecheckMs: RECHECK_MS },
    });
    startedAt = clock.now();
    await gateway.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;

    adminToken = (await signIn(backend.app, 'admin')).authorization.slice('Bearer '.length);
    managerToken = (await signIn(backend.app, '13800000001')).authorization.slice('Bearer '.length);
    const list = async (token: string) =>
      (
        await backend.app.inject({
          method: 'POST',
          url: DevicePaths.list,
          headers: { authorization: `Bearer ${token}` },
          payload: { current: 1, size: 5000, isCustomer: true },
        })
      ).json<{ data: { records: DeviceRow[] } }>().data.records;
    managerDevices = await list(managerToken);
    const mine = new Set(managerDevices.map((d) => d.id));
    foreignDevice = (await list(adminToken)).find((d) => !mine.has(d.id))!;
    expect(managerDevices.length).toBeGreaterThan(0);
    expect(foreignDevice).toBeDefined();
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await gateway?.close();
    await proxy?.close();
    await backend?.close();
  });

  /** A device reports: a direct write to the device's current state, as the report path makes. */
  const setBattery = (id: number, percent: number) =>
    backend.db.query('update devices set remaining_power = $1 where id = $2', [percent, id]);
  /** Closes every client so far and waits until the hub has stopped their pollers. */
  const closeAll = async () => {
    for (const c of clients.splice(0)) c.close();
    await eventually(() => clock.pending === HUB_TIMERS, 10_000, 'pollers stopped');
  };

  it('refuses a missing or garbage token and a foreign Origin', async () => {
    expect(await refused(client(undefined))).toBe('unauthorized');
    expect(await refused(client('not-a-token'))).toBe('unauthorized');
    const foreign = client(adminToken, { origin: 'https://evil.example' });
    await expect(refused(foreign)).resolves.toBeTypeOf('string');
    const sameOrigin = client(adminToken, { origin: url });
    await connected(sameOrigin);
  });

  it('disconnects a socket whose token its poller finds refused, at that poll', async () => {
    const token = (await signIn(backend.app, '13800000001')).authorization.slice('Bearer '.length);
    const c = client(token);
    await connected(c);
    await c.subscribe('alarmOverview', {});
    const disconnected = new Promise<string>((resolve) => c.socket.once('disconnect', (reason) => resolve(reason)));
    const loggedOut = await backend.app.inject({ method: 'POST', url: SessionPaths.logout, headers: { authorization: `Bearer ${token}` } });
    expect(loggedOut.statusCode).toBe(200);
    await clock.advance(0);
    expect(await disconnected).toBe('io server disconnect');
  });

  it('validates subscriptions', async () => {
    const c = client(managerToken);
    await connected(c);
    expect(await c.subscribe('device', { id: 'x' } as never)).toMatchObject({ ok: false });
    expect(await c.subscribe('nope' as never, {} as never)).toMatchObject({ ok: false, message: expect.stringContaining('unknown topic') });
  });

  it('pushes exactly the change of a device to its subscribers', async () => {
    const device = managerDevices[0]!;
    const c = client(managerToken);
    await connected(c);
    const ack = await c.subscribe('device', { id: device.id });
    expect(ack).toMatchObject({ ok: true });
    await clock.advance(0);
    await flushed(c);
    const [first] = c.updates;
    expect(first).toMatchObject({ full: true, data: { device: { id: device.id } } });

    // Nothing changed: a poll sends nothing.
    await clock.advance(POLL_MS);
    await flushed(c);
    expect(c.updates).toHaveLength(1);

    const percent = device.remainingPower === 7 ? 8 : 7;
    await setBattery(device.id, percent);
    await clock.advance(POLL_MS);
    await flushed(c);
    expect(c.updates).toHaveLength(2);
    const change = c.updates[1]!;
    expect(change.seq).toBe(first!.seq + 1);
    expect(change.full).toBeUndefined();
    expect((change.data as DeviceChange).device).toMatchObject({ id: device.id, remainingPower: percent });
    expect((change.data as DeviceChange).newEvents).toEqual([]);
  });

  it('updates rows in place on a device list page', async () => {
    const c = client(managerToken);
    await connected(c);
    await c.subscribe('deviceList', { current: 1, size: 10 });
    await clock.advance(0);
    await flushed(c);
    const first = c.updates.find((u) => u.full)!;
    const row = (first.data as DeviceListChange).rows[1]!;
    await setBattery(row.id, row.remainingPower === 3 ? 4 : 3);
    await clock.advance(POLL_MS);
    await flushed(c);
    const changes = c.updates.filter((u) => !u.full);
    expect(changes).toHaveLength(1);
    expect((changes[0]!.data as DeviceListChange).rows.map((r) => r.id)).toEqual([row.id]);
  });

  it('never sends one customer’s devices or alarms to another', async () => {
    const manager = client(managerToken);
    const admin = client(adminToken);
    await Promise.all([connected(manager), connected(admin)]);
    await manager.subscribe('alarmOverview', {});
    await manager.subscribe('deviceList', { current: 1, size: 100 });
    expect(await manager.subscribe('device', { id: foreignDevice.id })).toMatchObject({ ok: false, message: expect.stringContaining('404') });
    await admin.subscribe('device', { id: foreignDevice.id });
    await clock.advance(0);
    await flushed(admin);
    expect(admin.updates.filter((u) => u.full)).toHaveLength(1);

    await setBattery(foreignDevice.id, foreignDevice.remainingPower === 11 ? 12 : 11);
    await clock.advance(POLL_MS * 3);
    await Promise.all([flushed(admin), flushed(manager)]);
    expect(admin.updates.filter((u) => !u.full)).toHaveLength(1);

    const seen = JSON.stringify(manager.updates);
    expect(seen).not.toContain(`"customerId":${foreignDevice.customerId},`);
    for (const update of manager.updates) {
      if (update.topic === 'deviceList') for (const r of (update.data as DeviceListChange).rows) expect(r.customerId).not.toBe(foreignDevice.customerId);
      if (update.topic === 'device') throw new Error('the manager received a device outside his scope');
      if (update.topic === 'alarmOverview') {
        const data = update.data as AlarmOverviewChange;
        for (const alarm of [...data.newAlarms, ...(data.unhandled?.records ?? [])]) expect(alarm.boxId).not.toBe(foreignDevice.id);
      }
    }
  });

  it('pushes an acknowledgement to every list, bell and wallboard of its scope within one interval', async () => {
    await closeAll();
    const centre = client(managerToken);
    const bell = client(managerToken);
    const wallboard = client(adminToken);
    await Promise.all([connected(centre), connected(bell), connected(wallboard)]);
    await centre.subscribe('alarmList', { current: 1, size: 20, alarmOnly: true, states: ['open'], sort: 'urgency' });
    await bell.subscribe('alarmOverview', {});
    await wallboard.subscribe('alarmOverview', {});
    await clock.advance(0);
    await Promise.all([centre, bell, wallboard].map(flushed));
    const first = centre.updates[0]!.data as AlarmListChange;
    const alarm = first.rows[0]!;
    const overviewOf = (c: TestLiveClient) => c.updates[0]!.data as AlarmOverviewChange;
    expect(overviewOf(bell).unhandled!.records.find((r) => r.id === alarm.id)).toMatchObject({ state: 'open' });

    const acknowledged = await backend.app.inject({
      method: 'POST',
      url: AlarmPaths.acknowledge,
      headers: { authorization: `Bearer ${managerToken}` },
      payload: { ids: [alarm.id] },
    });
    expect(acknowledged.json()).toMatchObject({ data: { changed: 1 } });
    await clock.advance(POLL_MS);
    await Promise.all([centre, bell, wallboard].map(flushed));

    const listChange = centre.updates.at(-1)!.data as AlarmListChange;
    expect(listChange.ids).not.toContain(alarm.id);
    expect(listChange.counts).toEqual({ ...first.counts, open: first.counts!.open - 1, acknowledged: first.counts!.acknowledged + 1 });
    const bellChange = bell.updates.at(-1)!.data as AlarmOverviewChange;
    expect(bellChange.unhandled!.records.find((r) => r.id === alarm.id)).toMatchObject({ state: 'acknowledged', ackBy: expect.any(String) });
    expect(bellChange.unacknowledged).toBe(overviewOf(bell).unacknowledged! - 1);
    expect((wallboard.updates.at(-1)!.data as AlarmOverviewChange).unacknowledged).toBe(overviewOf(wallboard).unacknowledged! - 1);
  });

  it('goes stale when the upstream goes away and fresh within one interval of its return', async () => {
    await closeAll();
    const device = managerDevices[2]!;
    const c = client(managerToken);
    await connected(c);
    const { key } = (await c.subscribe('device', { id: device.id })) as { key: string };
    await clock.advance(0);
    await flushed(c);
    const first = c.updates.find((u) => u.key === key && u.full)!;

    await proxy.cut();
    await clock.advance(POLL_MS);
    await flushed(c);
    expect(c.states).toEqual([{ key, state: 'stale', asOf: first.asOf }]);
    // Long enough for the backoff to grow past several intervals; stale is said once.
    const calls = upstreamCalls.get(DevicePaths.get) ?? 0;
    await clock.advance(POLL_MS * 20);
    await flushed(c);
    expect(c.states).toHaveLength(1);
    await setBattery(device.id, device.remainingPower === 21 ? 22 : 21);

    await proxy.restore();
    // The recovery probe runs once per interval, so within one interval it has woken the poller.
    await clock.advance(POLL_MS);
    await flushed(c);
    expect(c.states.at(-1)).toMatchObject({ key, state: 'live' });
    expect(upstreamCalls.get(DevicePaths.get)).toBe(calls + 1);
    const fresh = c.updates.filter((u) => u.key === key && !u.full);
    expect(fresh).toHaveLength(1);
    expect((fresh[0]!.data as DeviceChange).device?.remainingPower).toBe(device.remainingPower === 21 ? 22 : 21);
  });

  it('polls the upstream exactly once per interval for 100 clients on one topic', async () => {
    // Earlier tests' pollers would poll the list too: they go first.
    await closeAll();
    const many = Array.from({ length: 100 }, () => client(adminToken));
    await Promise.all(many.map(connected));
    await Promise.all(many.map((c) => c.subscribe('deviceList', { current: 2, size: 20 })));
    // One poller for all of them.
    expect(clock.pending).toBe(HUB_TIMERS + 1);
    await clock.advance(0);
    await eventually(() => many.every((c) => c.updates.some((u) => u.full)), 15_000, 'every client has the page');

    const before = upstreamCalls.get(DevicePaths.list) ?? 0;
    await clock.advance(POLL_MS * 10);
    expect((upstreamCalls.get(DevicePaths.list) ?? 0) - before).toBe(10);
    await closeAll();
  });

  it('after 30 s offline, a client that resubscribes holds exactly the server’s state', async () => {
    const device = managerDevices[3]!;
    let c = client(managerToken);
    await connected(c);
    await c.subscribe('device', { id: device.id });
    await clock.advance(0);
    await eventually(() => c.updates.find((u) => u.full), 10_000, 'full state');
    await closeAll();

    await setBattery(device.id, device.remainingPower === 31 ? 32 : 31);
    await clock.advance(30_000);

    c = client(managerToken);
    await connected(c);
    await c.subscribe('device', { id: device.id });
    await clock.advance(0);
    const full = await eventually(() => c.updates.find((u) => u.full), 10_000, 'full state after reconnect');
    const snapshot = (
      await backend.app.inject({ method: 'GET', url: `${DevicePaths.get}?id=${device.id}`, headers: { authorization: `Bearer ${managerToken}` } })
    ).json<{ data: DeviceRow }>().data;
    expect((full.data as DeviceChange).device).toEqual(snapshot);
  });

  it('finds a token that ended elsewhere at the next recheck, not before', async () => {
    await closeAll();
    const token = (await signIn(backend.app, '13800000001')).authorization.slice('Bearer '.length);
    const c = client(token);
    await connected(c);
    const validatedAt = clock.now();
    // No subscription, so no poller sees the token refused: only the recheck can.
    const loggedOut = await backend.app.inject({ method: 'POST', url: SessionPaths.logout, headers: { authorization: `Bearer ${token}` } });
    expect(loggedOut.statusCode).toBe(200);
    const asked = callsWith.get(token);
    const disconnected = new Promise<string>((resolve) => c.socket.once('disconnect', (reason) => resolve(reason)));

    // Rechecks run every RECHECK_MS from the hub's start, and each asks the upstream afresh,
    // whatever answer the connection left in the token cache.
    const recheckAt = startedAt + Math.floor((validatedAt - startedAt) / RECHECK_MS + 1) * RECHECK_MS;
    await clock.advance(recheckAt - clock.now() - 1);
    expect(callsWith.get(token)).toBe(asked);
    expect(c.socket.connected).toBe(true);

    await clock.advance(1);
    expect(callsWith.get(token)).toBe(asked! + 1);
    expect(await disconnected).toBe('io server disconnect');
  });
});
