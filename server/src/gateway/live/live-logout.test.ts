import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountPaths, LiveConnectErrors } from '@pest/shared';
import { loadConfig } from '../../config.ts';
import { createGateway } from '../create-gateway.ts';
import { connected, eventually, outcome } from './testing/live-client.ts';
import { ended, startLiveTestGateway, within, type LiveTestGateway } from './testing/live-test-gateway.ts';
import { redisAvailable, runRedisTests, TEST_REDIS_URL } from './testing/test-redis.ts';

const REDIS_URL = TEST_REDIS_URL;

/**
 * A logout through the gateway ends that token's sockets within a second, also when another session
 * of the same user shares the poller (the poller then never sees the token refused) and also on
 * another gateway process sharing Redis. The periodic recheck (every 30 s) does not come round within these tests.
 */
describe('live hub: a logout ends its token’s sockets at once', () => {
  let product: LiveTestGateway;

  beforeAll(async () => {
    product = await startLiveTestGateway();
  });
  afterAll(async () => product?.close());

  it('disconnects the logged-out session’s socket within 1 s, keeps the other session’s, and refuses the token afterwards', async () => {
    const staying = await product.login('13800000001');
    const leaving = await product.login('13800000001');
    const stays = product.client(staying);
    await connected(stays);
    // First subscriber: the shared poller polls with the staying session's token.
    const { key } = (await stays.subscribe('alarmOverview', {})) as { key: string };
    const leaves = product.client(leaving);
    await connected(leaves);
    expect(await leaves.subscribe('alarmOverview', {})).toEqual({ ok: true, key });
    await eventually(() => leaves.updates.some((update) => update.full), 10_000, 'the full state');

    const end = ended(leaves);
    expect(await product.logout(leaving)).toBe(200);
    const loggedOutAt = Date.now();
    expect(await within(end, 1_000, 'disconnect after logout')).toEqual({ error: LiveConnectErrors.unauthorized, reason: 'io server disconnect' });
    expect(Date.now() - loggedOutAt).toBeLessThan(1_000);

    expect(await within(outcome(product.client(leaving)), 5_000, 'answer')).toBe(LiveConnectErrors.unauthorized);
    expect(stays.socket.connected).toBe(true);
    const seen = stays.updates.length;
    expect(await stays.subscribe('alarmOverview', {})).toMatchObject({ ok: true });
    await eventually(() => stays.updates.length > seen, 5_000, 'the staying session still served');
  });

  it("ends every socket of an account the administrator disables, within 1 s, and brings none back when it is enabled", async () => {
    const leaving = await product.login('13800000001');
    const client = product.client(leaving);
    await connected(client);
    expect(await client.subscribe('alarmOverview', {})).toMatchObject({ ok: true });
    const end = ended(client);
    const admin = await product.login('admin');
    const post = (path: string, body: object) =>
      fetch(`${product.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const disabled = await post(AccountPaths.userDisable, { id: 3 });
    expect(disabled.status).toBe(200);
    const disabledAt = Date.now();
    expect(await within(end, 1_000, 'disconnect after disabling')).toEqual({ error: LiveConnectErrors.unauthorized, reason: 'io server disconnect' });
    expect(Date.now() - disabledAt).toBeLessThan(1_000);
    expect((await post(AccountPaths.userEnable, { id: 3 })).status).toBe(200);
    expect(await within(outcome(product.client(leaving)), 5_000, 'answer')).toBe(LiveConnectErrors.unauthorized);
  });

  it('ignores a logout the upstream refused', async () => {
    const token = await product.login('13800000001');
    const client = product.client(token);
    await connected(client);
    expect(await product.logout('not-a-token')).toBe(401);
    expect(await client.subscribe('alarmOverview', {})).toMatchObject({ ok: true });
  });
});

describe.skipIf(!runRedisTests)('live hub over Redis: a logout on one gateway ends the token’s sockets on another', () => {
  it(`reaches Redis at ${REDIS_URL}`, () => expect(redisAvailable).toBe(true));

  let product: LiveTestGateway;
  let secondUrl: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    product = await startLiveTestGateway({ REDIS_URL });
    const second = await createGateway({
      upstreamUrl: `http://127.0.0.1:${(product.backend.app.server.address() as AddressInfo).port}`,
      consoleDist: '/nonexistent',
      logger: pino({ level: 'silent' }),
      config: loadConfig({ LIVE_POLL_MS: '200', REDIS_URL }),
    });
    await second.listen({ host: '127.0.0.1', port: 0 });
    secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
    close = () => second.close();
  });
  afterAll(async () => {
    await close?.();
    await product?.close();
  });

  it('disconnects within 1 s and refuses a reconnect there', async () => {
    // Subscribed first: the second gateway's poller polls with this session's token, never the other's.
    const staying = product.client(await product.login('13800000001'), secondUrl);
    await connected(staying);
    expect(await staying.subscribe('alarmOverview', {})).toMatchObject({ ok: true });
    const token = await product.login('13800000001');
    const elsewhere = product.client(token, secondUrl);
    await connected(elsewhere);
    // The second gateway has validated the token and remembers it as good.
    expect(await elsewhere.subscribe('alarmOverview', {})).toMatchObject({ ok: true });

    const end = ended(elsewhere);
    expect(await product.logout(token)).toBe(200);
    expect((await within(end, 1_000, 'disconnect on the other gateway')).reason).toBe('io server disconnect');
    expect(await within(outcome(product.client(token, secondUrl)), 5_000, 'answer')).toBe(LiveConnectErrors.unauthorized);
    expect(staying.socket.connected).toBe(true);
  });
});
