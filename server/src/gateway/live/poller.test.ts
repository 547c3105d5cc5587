import { Type } from '@sinclair/typebox';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveState, LiveUpdate } from '@pest/shared';
import { createMemoryLiveStore } from './live-store.ts';
import { PollerRegistry } from './poller-registry.ts';
import type { TopicDefinition } from './topic.ts';
import { UpstreamFailureError, UpstreamUnauthorizedError, type UpstreamClient } from './upstream-client.ts';

/** A topic whose "upstream" is a counter the test controls: what matters here is the poller. */
function counterTopic(source: { value: number; fail: Error | null; calls: number; tokens: string[] }): TopicDefinition {
  return {
    params: Type.Object({}),
    poll: async (_upstream, token) => {
      source.calls += 1;
      source.tokens.push(token);
      if (source.fail) throw source.fail;
      return source.value;
    },
    diff: (previous, next) => (previous === next ? null : { value: next }),
    full: (snapshot) => ({ value: snapshot }),
  };
}

const INTERVAL = 1_000;

describe('PollerRegistry', () => {
  let source: { value: number; fail: Error | null; calls: number; tokens: string[] };
  let sent: { event: string; payload: LiveUpdate | LiveState }[];
  let dropped: string[];
  let registry: PollerRegistry;

  beforeEach(() => {
    vi.useFakeTimers();
    source = { value: 1, fail: null, calls: 0, tokens: [] };
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
    });
  });
  afterEach(async () => {
    await registry.close();
    vi.useRealTimers();
  });

  const subscribe = (socket: string, token = `token-${socket}`) =>
    registry.subscribe(socket, token, 'key', 'alarmOverview', counterTopic(source), {});
  const updates = () => sent.filter((s) => s.event === 'live:update').map((s) => s.payload as LiveUpdate);
  const states = () => sent.filter((s) => s.event === 'live:state').map((s) => s.payload as LiveState);

  it('polls once per interval however many sockets share the key, and stops at the last', async () => {
    for (let i = 0; i < 100; i++) subscribe(`s${i}`);
    expect(registry.size).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(INTERVAL * 5);
    expect(source.calls).toBe(6);

    for (let i = 0; i < 99; i++) await registry.unsubscribe(`s${i}`, 'key');
    expect(registry.size).toBe(1);
    await registry.unsubscribe('s99', 'key');
    expect(registry.size).toBe(0);
    await vi.advanceTimersByTimeAsync(INTERVAL * 5);
    expect(source.calls).toBe(6);
  });

  it('pushes the whole state first, then only changes, numbered without gaps', async () => {
    subscribe('a');
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(INTERVAL * 2);
    source.value = 2;
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(updates()).toMatchObject([
      { seq: 1, full: true, data: { value: 1 } },
      { seq: 2, data: { value: 2 } },
    ]);
    expect(updates()[1]!.full).toBeUndefined();
  });

  it('marks the key stale once while the upstream fails, backs off, and recovers', async () => {
    subscribe('a');
    await vi.advanceTimersByTimeAsync(0);
    source.fail = new UpstreamFailureError('down');
    await vi.advanceTimersByTimeAsync(INTERVAL);
    const firstFailure = source.calls;
    expect(states()).toMatchObject([{ key: 'key', state: 'stale' }]);
    expect(states()[0]!.asOf).toBe(updates()[0]!.asOf);

    // Backoff: waits of ≥ 0.5, 1, 2, 4, 4… intervals (capped at 8), so far fewer polls than ticks.
    await vi.advanceTimersByTimeAsync(INTERVAL * 30);
    expect(source.calls - firstFailure).toBeLessThan(12);
    expect(states()).toHaveLength(1);

    source.fail = null;
    source.value = 5;
    await vi.advanceTimersByTimeAsync(INTERVAL * 8);
    expect(states().at(-1)).toMatchObject({ state: 'live' });
    expect(updates().at(-1)).toMatchObject({ seq: 2, data: { value: 5 } });
  });

  it('polls at once when woken after the upstream is seen to be back', async () => {
    const poller = subscribe('a');
    await vi.advanceTimersByTimeAsync(0);
    source.fail = new UpstreamFailureError('down');
    await vi.advanceTimersByTimeAsync(INTERVAL * 20);
    source.fail = null;
    const before = source.calls;
    poller.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(source.calls).toBe(before + 1);
    expect(states().at(-1)).toMatchObject({ state: 'live' });
  });

  it('drops a refused token and goes on with another subscriber’s', async () => {
    subscribe('a', 'revoked');
    subscribe('b', 'good');
    source.fail = new UpstreamUnauthorizedError('401');
    await vi.advanceTimersByTimeAsync(0);
    expect(dropped).toEqual(['revoked']);
    await registry.unsubscribe('a', 'key');
    source.fail = null;
    await vi.advanceTimersByTimeAsync(10);
    expect(source.tokens.at(-1)).toBe('good');
    expect(updates()).toHaveLength(1);
  });

  it('survives an upstream that throws anything at all', async () => {
    subscribe('a');
    source.fail = new TypeError('boom');
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(INTERVAL * 3);
    source.fail = null;
    await vi.advanceTimersByTimeAsync(INTERVAL * 4);
    expect(updates()).toHaveLength(1);
  });
});
