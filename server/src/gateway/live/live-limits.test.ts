import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceRow, SubscribeAck } from '@pest/shared';
import { connected, outcome, type TestLiveClient } from './testing/live-client.ts';
import { startLiveTestGateway, within, type LiveTestGateway } from './testing/live-test-gateway.ts';

/** The caps on one user's live load and the scope check, against a real gateway and backend. */
describe('live hub limits: sockets per login and per user, subscriptions per user, scope', () => {
  let product: LiveTestGateway;
  let managerDevices: DeviceRow[];
  let foreignDevice: DeviceRow;

  beforeAll(async () => {
    product = await startLiveTestGateway({ LIVE_MAX_SOCKETS_PER_TOKEN: '2', LIVE_MAX_SOCKETS_PER_USER: '3', LIVE_MAX_SUBSCRIPTIONS_PER_USER: '3' });
    const manager = await product.login('13800000001');
    managerDevices = await product.devices(manager);
    const mine = new Set(managerDevices.map((device) => device.id));
    foreignDevice = (await product.devices(await product.login('admin'))).find((device) => !mine.has(device.id))!;
    expect(managerDevices.length).toBeGreaterThan(4);
    expect(foreignDevice).toBeDefined();
  });
  afterAll(async () => product?.close());

  // Paces the retries below; the release they wait for comes over real sockets, not at a time.
  const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
  /**
   * The server lets go of a closed socket and its subscriptions when the close reaches it, a moment
   * after the client's: what is refused for a limit is asked again until it is not, or 5 s pass.
   */
  const open = (token: string) =>
    within(
      (async () => {
        for (;;) {
          const client = product.client(token);
          const result = await outcome(client);
          if (result === 'connected') return client;
          if (!result.startsWith('too many')) throw new Error(result);
          await pause();
        }
      })(),
      5_000,
      'a socket within the caps',
    );
  const subscribeBeyondLimits = (subscribe: () => Promise<SubscribeAck>) =>
    within(
      (async () => {
        for (;;) {
          const ack = await subscribe();
          if (ack.ok || !ack.retryable) return ack;
          await pause();
        }
      })(),
      5_000,
      'a subscription that is not refused for a limit',
    );
  const closeAll = (clients: TestLiveClient[]) => clients.forEach((client) => client.close());

  it('refuses the socket past the cap of one login, then of the user, saying which; a closed one frees its place', async () => {
    const first = await product.login('13800000001');
    const second = await product.login('13800000001');
    const a = product.client(first);
    const b = product.client(first);
    await Promise.all([connected(a), connected(b)]);
    expect(await within(outcome(product.client(first)), 5_000, 'refusal')).toBe('too many live connections: at most 2 per login');

    const c = product.client(second);
    await connected(c);
    expect(await within(outcome(product.client(second)), 5_000, 'refusal')).toBe('too many live connections: at most 3 per user');
    const admin = await open(await product.login('admin'));

    a.close();
    const d = await open(second);
    closeAll([b, c, d, admin]);
  });

  it('refuses a subscription past the user’s cap of distinct ones, as retryable; one already held costs nothing', async () => {
    const client = await open(await product.login('13800000001'));
    const [d1, d2, d3, d4] = managerDevices;
    for (const device of [d1!, d2!, d3!]) {
      expect(await subscribeBeyondLimits(() => client.subscribe('device', { id: device.id }))).toMatchObject({ ok: true });
    }
    expect(await client.subscribe('device', { id: d4!.id })).toEqual({
      ok: false,
      retryable: true,
      message: 'too many live subscriptions: at most 3 different ones per user',
    });
    expect(await client.subscribe('device', { id: d1!.id })).toMatchObject({ ok: true });

    // Another socket of the same user: the cap is the user's.
    const other = await open(await product.login('13800000001'));
    expect(await other.subscribe('device', { id: d2!.id })).toMatchObject({ ok: true });
    expect(await other.subscribe('alarmOverview', {})).toMatchObject({ ok: false, retryable: true });

    const { key } = (await client.subscribe('device', { id: d3!.id })) as { key: string };
    client.socket.emit('unsubscribe', { key });
    expect(await subscribeBeyondLimits(() => other.subscribe('alarmOverview', {}))).toMatchObject({ ok: true });
    closeAll([client, other]);
  });

  it('refuses a device of another organisation, and gives it to a user who may see it', async () => {
    const manager = await open(await product.login('13800000001'));
    const admin = await open(await product.login('admin'));
    const ack = await subscribeBeyondLimits(() => manager.subscribe('device', { id: foreignDevice.id }));
    expect(ack).toMatchObject({ ok: false, message: expect.stringContaining('404') });
    expect(ack).not.toHaveProperty('retryable');
    expect(await admin.subscribe('device', { id: foreignDevice.id })).toMatchObject({ ok: true });
    // The refusal took no place: the manager's whole cap is there.
    for (const device of managerDevices.slice(0, 3)) {
      expect(await subscribeBeyondLimits(() => manager.subscribe('device', { id: device.id }))).toMatchObject({ ok: true });
    }
    closeAll([manager, admin]);
  });
});
