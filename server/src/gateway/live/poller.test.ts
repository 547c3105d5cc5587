import { Type } from '@sinclair/typebox';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveState, LiveUpdate } from '@pest/shared';
import { createManualClock, type ManualClock } from '../../clock/manual-clock.ts';
import { createMemoryLiveStore } from './live-store.ts';
import { PollerRegistry } from './poller-registry.ts';
import type { TopicDefinition } from './topic.ts';
import { UpstreamFailureError, UpstreamRefusedError, UpstreamUnauthorizedError, type UpstreamClient } from './upstream-client.ts';

type Source = { value: number; fail: Error | null; refused?: string; calls: number; tokens: string[]; at: number[] };

/** A topic whose "upstream" is a counter the test controls: what matters here is the poller. */
function counterTopic(source: Source): TopicDefinition {
  return {
    params: Type.Object({}),
    poll: async (_upstream, token, _params, now) => {
      source.calls += 1;
      source.at.push(now.getTime());
      source.tokens.push(token);
      if (token === source.refused) throw new UpstreamUnauthorizedError('401');
      if (source.fail) throw source.fail;
      return source.value;
    },
    diff: (previous, next) => (previous === next ? null : { value: next }),
    full: (snapshot) => ({ value: snapshot }),
  };
}

const INTERVAL = 1_000;

describe('PollerRegistry', () => {
  let source: Source;
  let clock: ManualClock;
  let sent: { event: string; payload: LiveUpdate | LiveState }[];
  let dropped: string[];
  let registry: PollerRegistry;

  beforeEach(() => {
    clock = createManualClock(0);
    source = { value: 1, fail: null, calls: 0, tokens: [], at: [] };
    sent = [];
    dropped = [];
    registry = new PollerRegistry({
      store: createMemoryLiveStore(),
      upstream: {} as UpstreamClient,
      broadcast: (event, payload) => sent.push({ event, payload }),
      onUnauthorized: (token) => dropped.push(token),
      owner: 'test',
      intervalMs: INTERVAL,
      backoff: { baseMs: INTERVAL, capMs: 8 * INTERVAL },
      logger: pino({ level: 'silent' }),
      clock,
      // The top of every jitter range, so each backoff wait is known exactly.
      random: () => 1,
    });
  });
  afterEach(async () => {
    await registry.close();
  });

  const subscribe = (socket: string, token = `token-${socket}`) =>
    registry.subscribe(socket, token, 'key', 'alarmOverview', counterTopic(source), {});
  const updates = () => sent.filter((s) => s.event === 'live:update').map((s) => s.payload as LiveUpdate);
  const states = () => sent.filter((s) => s.event === 'live:state').map((s) => s.payload as LiveState);

  it('polls once per interval however many sockets share the key, and stops at the last', async () => {
    for (let i = 0; i < 100; i++) subscribe(`s${i}`);
    expect(registry.size).toBe(1);
    await clock.advance(0);
    await clock.advance(INTERVAL * 5);
    expect(source.calls).toBe(6);

    for (let i = 0; i < 99; i++) await registry.unsubscribe(`s${i}`, 'key');
    expect(registry.size).toBe(1);
    await registry.unsubscribe('s99', 'key');
    expect(registry.size).toBe(0);
    expect(clock.pending).toBe(0);
    await clock.advance(INTERVAL * 5);
    expect(source.calls).toBe(6);
  });

  it('pushes the whole state first, then only changes, numbered without gaps', async () => {
    subscribe('a');
    await clock.advance(0);
    await clock.advance(INTERVAL * 2);
    source.value = 2;
    await clock.advance(INTERVAL);
    expect(updates()).toMatchObject([
      { seq: 1, full: true, data: { value: 1 } },
      { seq: 2, data: { value: 2 } },
    ]);
    expect(updates()[1]!.full).toBeUndefined();
  });

  it('marks the key stale once while the upstream fails, backs off, and recovers', async () => {
    subscribe('a');
    await clock.advance(0);
    source.fail = new UpstreamFailureError('down');
    await clock.advance(INTERVAL);
    const firstFailure = source.calls;
    expect(states()).toMatchObject([{ key: 'key', state: 'stale' }]);
    expect(states()[0]!.asOf).toBe(updates()[0]!.asOf);

    // Backoff: waits of 1, 2, 4, 8, 8… intervals (the ceiling doubles, capped at 8), so the polls
    // after the failure at 1 s come at 2, 4, 8, 16 and 24 s, and the stale state is sent once.
    await clock.advance(INTERVAL * 30);
    expect(source.at.slice(firstFailure)).toEqual([2, 4, 8, 16, 24].map((s) => s * INTERVAL));
    expect(states()).toHaveLength(1);

    source.fail = null;
    source.value = 5;
    // The next wait was 8 intervals (at 32 s); from there it polls every interval again.
    await clock.advance(INTERVAL * 8);
    expect(source.at.slice(firstFailure + 5)).toEqual([32, 33, 34, 35, 36, 37, 38, 39].map((s) => s * INTERVAL));
    expect(states().at(-1)).toMatchObject({ state: 'live' });
    expect(updates().at(-1)).toMatchObject({ seq: 2, data: { value: 5 } });
  });

  it('marks nothing stale when the upstream refuses the question (a device gone), and backs off', async () => {
    subscribe('a');
    await clock.advance(0);
    source.fail = new UpstreamRefusedError('HTTP 404 设备不存在');
    const before = source.calls;
    await clock.advance(INTERVAL * 30);
    expect(states()).toEqual([]);
    expect(source.at.slice(before)).toEqual([1, 2, 4, 8, 16, 24].map((s) => s * INTERVAL));
  });

  it('polls at once when woken after the upstream is seen to be back', async () => {
    const poller = subscribe('a');
    await clock.advance(0);
    source.fail = new UpstreamFailureError('down');
    await clock.advance(INTERVAL * 20);
    source.fail = null;
    const before = source.calls;
    poller.wake();
    await clock.advance(0);
    expect(source.calls).toBe(before + 1);
    expect(states().at(-1)).toMatchObject({ state: 'live' });
  });

  it('drops a refused token and goes on at once with another subscriber’s', async () => {
    subscribe('a', 'revoked');
    subscribe('b', 'good');
    source.refused = 'revoked';
    await clock.advance(0);
    expect(dropped).toEqual(['revoked']);
    expect(source.tokens).toEqual(['revoked', 'good']);
    expect(updates()).toHaveLength(1);
    await registry.unsubscribe('a', 'key');
    await clock.advance(INTERVAL);
    expect(source.tokens).toEqual(['revoked', 'good', 'good']);
  });

  it('survives an upstream that throws anything at all', async () => {
    subscribe('a');
    source.fail = new TypeError('boom');
    await clock.advance(0);
    await clock.advance(INTERVAL * 3);
    source.fail = null;
    await clock.advance(INTERVAL * 4);
    expect(updates()).toHaveLength(1);
  });
});
