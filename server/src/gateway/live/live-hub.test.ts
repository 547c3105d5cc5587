import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevicePaths, SessionPaths, type DeviceChange, type DeviceListChange, type DeviceRow, type AlarmOverviewChange } from '@pest/shared';
import { testDriver } from '../../backend/db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../../backend/testing.ts';
import { loadConfig } from '../../config.ts';
import { createGateway } from '../create-gateway.ts';
import { createCuttableProxy } from './testing/cuttable-proxy.ts';
import { connected, connectLive, eventually, refused, type TestLiveClient } from './testing/live-client.ts';

const POLL_MS = 200;
const silent = pino({ level: 'silent' });

describe(`live hub: real gateway, reference backend on ${testDriver}, socket.io-client`, () => {
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
  const clients: TestLiveClient[] = [];
  const client = (token: unknown, headers?: Record<string, string>) => {
    const c = connectLive(url, token, headers);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    backend = await createTestBackend({ env: { SIMULATOR: 'off' } });
    await backend.app.listen({ host: '127.0.0.1', port: 0 });
    backend.app.server.on('request', (request) => {
      const path = request.url!.split('?')[0]!;
      upstreamCalls.set(path, (upstreamCalls.get(path) ?? 0) + 1);
    });
    proxy = await createCuttableProxy((backend.app.server.address() as AddressInfo).port);
    gateway = await createGateway({
      upstreamUrl: proxy.url,
      consoleDist: '/nonexistent',
      logger: silent,
      // A hundred sockets of one login below: past the caps meant for people (live-limits.test.ts).
      config: loadConfig({ LIVE_POLL_MS: String(POLL_MS), LIVE_MAX_SOCKETS_PER_USER: '200', LIVE_MAX_SOCKETS_PER_TOKEN: '200' }),
    });
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

  it('refuses a missing or garbage token and a foreign Origin', async () => {
    expect(await refused(client(undefined))).toBe('unauthorized');
    expect(await refused(client('not-a-token'))).toBe('unauthorized');
    const foreign = client(adminToken, { origin: 'https://evil.example' });
    await expect(refused(foreign)).resolves.toBeTypeOf('string');
    const sameOrigin = client(adminToken, { origin: url });
    await connected(sameOrigin);
  });

  it('disconnects a socket whose token stops being valid', async () => {
    const token = (await signIn(backend.app, '13800000001')).authorization.slice('Bearer '.length);
    const c = client(token);
    await connected(c);
    await c.subscribe('alarmOverview', {});
    const disconnected = new Promise<string>((resolve) => c.socket.once('disconnect', (reason) => resolve(reason)));
    const loggedOut = await backend.app.inject({ method: 'POST', url: SessionPaths.logout, headers: { authorization: `Bearer ${token}` } });
    expect(loggedOut.statusCode).toBe(200);
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
    const first = await eventually(() => c.updates.find((u) => u.full), 10_000, 'full state');
    expect((first.data as DeviceChange).device).toMatchObject({ id: device.id });

    const percent = device.remainingPower === 7 ? 8 : 7;
    await setBattery(device.id, percent);
    const change = await eventually(() => c.updates.find((u) => !u.full && (u.data as DeviceChange).device), 10_000, 'device change');
    expect(change.seq).toBe(first.seq + 1);
    expect((change.data as DeviceChange).device).toMatchObject({ id: device.id, remainingPower: percent });
    expect((change.data as DeviceChange).newEvents).toEqual([]);
  });

  it('updates rows in place on a device list page', async () => {
    const c = client(managerToken);
    await connected(c);
    await c.subscribe('deviceList', { current: 1, size: 10 });
    const first = await eventually(() => c.updates.find((u) => u.full), 10_000, 'full page');
    const row = (first.data as DeviceListChange).rows[1]!;
    await setBattery(row.id, row.remainingPower === 3 ? 4 : 3);
    const change = await eventually(() => c.updates.find((u) => !u.full), 10_000, 'row change');
    expect((change.data as DeviceListChange).rows.map((r) => r.id)).toEqual([row.id]);
  });

  it('never sends one customer’s devices or alarms to another', async () => {
    const manager = client(managerToken);
    const admin = client(adminToken);
    await Promise.all([connected(manager), connected(admin)]);
    await manager.subscribe('alarmOverview', {});
    await manager.subscribe('deviceList', { current: 1, size: 100 });
    expect(await manager.subscribe('device', { id: foreignDevice.id })).toMatchObject({ ok: false, message: expect.stringContaining('404') });
    await admin.subscribe('device', { id: foreignDevice.id });
    await eventually(() => admin.updates.find((u) => u.full), 10_000, 'admin full state');

    await setBattery(foreignDevice.id, foreignDevice.remainingPower === 11 ? 12 : 11);
    await eventually(() => admin.updates.find((u) => !u.full), 10_000, 'admin sees the change');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 3));

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

  it('goes stale when the upstream goes away and fresh when it is back', async () => {
    const device = managerDevices[2]!;
    const c = client(managerToken);
    await connected(c);
    const { key } = (await c.subscribe('device', { id: device.id })) as { key: string };
    const first = await eventually(() => c.updates.find((u) => u.key === key && u.full), 10_000, 'full state');

    await proxy.cut();
    const stale = await eventually(() => c.states.find((s) => s.key === key && s.state === 'stale'), 10_000, 'stale');
    expect(stale.asOf).toBe(first.asOf);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 10));
    await setBattery(device.id, device.remainingPower === 21 ? 22 : 21);

    await proxy.restore();
    const restoredAt = Date.now();
    await eventually(() => c.states.find((s) => s.key === key && s.state === 'live'), 10_000, 'live again');
    // The recovery probe notices the upstream within one interval, whatever the backoff had grown to.
    expect(Date.now() - restoredAt).toBeLessThan(POLL_MS * 2 + 500);
    const fresh = await eventually(() => c.updates.find((u) => u.key === key && !u.full), 10_000, 'fresh data');
    expect((fresh.data as DeviceChange).device?.remainingPower).toBe(device.remainingPower === 21 ? 22 : 21);
  });

  it('polls the upstream once per interval for 100 clients on one topic', async () => {
    // Earlier tests' list pages would be polled too: they go first.
    for (const c of clients.splice(0)) c.close();
    const many = Array.from({ length: 100 }, () => client(adminToken));
    await Promise.all(many.map(connected));
    await Promise.all(many.map((c) => c.subscribe('deviceList', { current: 2, size: 20 })));
    await eventually(() => many.every((c) => c.updates.some((u) => u.full)), 15_000, 'every client has the page');

    const before = upstreamCalls.get(DevicePaths.list) ?? 0;
    const windowMs = POLL_MS * 10;
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const polls = (upstreamCalls.get(DevicePaths.list) ?? 0) - before;
    // One poller: about windowMs / POLL_MS polls (a poll takes some time, so a few fewer).
    expect(polls).toBeGreaterThanOrEqual(5);
    expect(polls).toBeLessThanOrEqual(11);
    for (const c of many) c.close();
  });

  it('after 30 s offline, a client that resubscribes holds exactly the server’s state', async () => {
    const device = managerDevices[3]!;
    let c = client(managerToken);
    await connected(c);
    await c.subscribe('device', { id: device.id });
    await eventually(() => c.updates.find((u) => u.full), 10_000, 'full state');
    c.close();

    await setBattery(device.id, device.remainingPower === 31 ? 32 : 31);
    await new Promise((resolve) => setTimeout(resolve, 30_000));

    c = client(managerToken);
    await connected(c);
    await c.subscribe('device', { id: device.id });
    const full = await eventually(() => c.updates.find((u) => u.full), 10_000, 'full state after reconnect');
    const snapshot = (
      await backend.app.inject({ method: 'GET', url: `${DevicePaths.get}?id=${device.id}`, headers: { authorization: `Bearer ${managerToken}` } })
    ).json<{ data: DeviceRow }>().data;
    expect((full.data as DeviceChange).device).toEqual(snapshot);
  }, 60_000);
});
