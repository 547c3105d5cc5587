import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmPaths, DISPLAY_HEARTBEAT_MS, DisplayPaths, displayScopeToken, LiveConnectErrors, type AlarmOverviewChange, type DisplayLinkSaveResult } from '@pest/shared';
import { createManualClock } from '../../clock/manual-clock.ts';
import { testDriver } from '../../backend/db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../../backend/testing.ts';
import { loadConfig } from '../../config.ts';
import { createGateway } from '../create-gateway.ts';
import { connected, connectLive, eventually, outcome, refused, type TestLiveClient } from './testing/live-client.ts';
import { ended, within } from './testing/live-test-gateway.ts';

const POLL_MS = 3_000;
const DEMO_ORGANISATION_ID = 1;

/**
 * A control-room TV's socket with a display token: it gets the board's topic for its own scope,
 * and once its link is revoked it is gone within one display heartbeat, whether a poller sees the
 * refusal or only the token recheck can (the hub's default interval, on a manual clock).
 */
describe(`live hub with display tokens on ${testDriver}`, () => {
  const clock = createManualClock();
  let backend: TestBackend;
  let gateway: FastifyInstance;
  let url: string;
  let admin: { authorization: string };
  const clients: TestLiveClient[] = [];
  const client = (token: string) => {
    const c = connectLive(url, token);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    backend = await createTestBackend({ env: { SIMULATOR: 'off' } });
    const upstreamUrl = await backend.app.listen({ host: '127.0.0.1', port: 0 });
    gateway = await createGateway({
      upstreamUrl,
      consoleDist: '/nonexistent',
      logger: pino({ level: 'silent' }),
      config: loadConfig({ LIVE_POLL_MS: String(POLL_MS) }),
      // No recheck interval given: the product's default is what is tested.
      liveTiming: { clock },
    });
    url = await gateway.listen({ host: '127.0.0.1', port: 0 });
    admin = await signIn(backend.app, 'admin');
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await gateway?.close();
    await backend?.close();
  });

  const createLink = async (scopes: object[]) => {
    const response = await backend.app.inject({
      method: 'POST',
      url: DisplayPaths.save,
      headers: admin,
      payload: { name: '监控中心', scopes, dwellSeconds: 60, expiresAt: null },
    });
    return response.json<{ data: DisplayLinkSaveResult }>().data;
  };

  it('serves alarmOverview to each scope of a link as a viewer of its own', async () => {
    const { token } = await createLink([
      { customerIds: [DEMO_ORGANISATION_ID], areaIds: [] },
      { customerIds: [], areaIds: [] },
    ]);
    const first = client(token!);
    const second = client(displayScopeToken(token!, 1));
    await Promise.all([connected(first), connected(second)]);
    const [a, b] = await Promise.all([first.subscribe('alarmOverview', {}), second.subscribe('alarmOverview', {})]);
    expect(a).toMatchObject({ ok: true });
    expect(b).toMatchObject({ ok: true });
    expect((a as { key: string }).key).not.toBe((b as { key: string }).key);
    await clock.advance(0);
    const [firstState, secondState] = await Promise.all(
      [first, second].map((c) => eventually(() => c.updates.find((update) => update.full), 10_000, 'the full state')),
    );
    // One organisation's board is not the whole provider's.
    expect(firstState!.data).not.toEqual(secondState!.data);
  });

  it('refuses a topic the link may not watch and keeps its socket, its other subscription and its token', async () => {
    const { token } = await createLink([{ customerIds: [], areaIds: [] }]);
    const screen = client(token!);
    await connected(screen);
    expect(await screen.subscribe('alarmOverview', {})).toMatchObject({ ok: true });
    await clock.advance(0);
    const board = await eventually(() => screen.updates.find((update) => update.full), 10_000, 'the board');
    const disconnects: string[] = [];
    screen.socket.on('disconnect', (reason) => disconnects.push(reason));

    // The upstream answers a display token 403 outside its few endpoints; the token itself is fine.
    expect(await within(screen.subscribe('device', { id: 1 }), 5_000, 'the refusal')).toMatchObject({ ok: false, message: expect.stringContaining('HTTP 403') });
    expect(screen.socket.connected).toBe(true);

    const open = (board.data as AlarmOverviewChange).unhandled!.records.find((alarm) => alarm.state === 'open')!;
    const acknowledged = await backend.app.inject({ method: 'POST', url: AlarmPaths.acknowledge, headers: admin, payload: { ids: [open.id] } });
    expect(acknowledged.json()).toMatchObject({ data: { changed: 1 } });
    await clock.advance(POLL_MS);
    const change = await eventually(() => screen.updates.find((update) => !update.full), 10_000, 'the board keeps updating');
    expect((change.data as AlarmOverviewChange).unacknowledged).toBe((board.data as AlarmOverviewChange).unacknowledged! - 1);

    expect(await outcome(client(token!))).toBe('connected');
    expect(disconnects).toEqual([]);
  });

  it(`drops a revoked link's sockets within DISPLAY_HEARTBEAT_MS, subscribed or not, and refuses it afterwards`, async () => {
    const { link, token } = await createLink([
      { customerIds: [], areaIds: [] },
      { customerIds: [DEMO_ORGANISATION_ID], areaIds: [] },
    ]);
    const watching = client(token!);
    // Another scope's token with no subscription: no poller asks with it, only the recheck can find it ended.
    const idle = client(displayScopeToken(token!, 1));
    await Promise.all([connected(watching), connected(idle)]);
    expect(await watching.subscribe('alarmOverview', {})).toMatchObject({ ok: true });
    const watchingEnd = ended(watching);
    const idleEnd = ended(idle);

    const revoked = await backend.app.inject({ method: 'POST', url: DisplayPaths.revoke, headers: admin, payload: { id: link.id } });
    expect(revoked.statusCode).toBe(200);
    await clock.advance(DISPLAY_HEARTBEAT_MS);
    const gone = { error: LiveConnectErrors.unauthorized, reason: 'io server disconnect' };
    expect(await within(watchingEnd, 5_000, 'the subscribed socket to go')).toEqual(gone);
    expect(await within(idleEnd, 5_000, 'the idle socket to go')).toEqual(gone);
    expect(await refused(client(token!))).toBe(LiveConnectErrors.unauthorized);
    expect(await refused(client(displayScopeToken(token!, 1)))).toBe(LiveConnectErrors.unauthorized);
  });
});
