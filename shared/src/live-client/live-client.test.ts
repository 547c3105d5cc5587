import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveConnectErrors, LiveEvents, type LiveUpdate, type SubscribeAck } from '../contract/live.ts';
import { LiveClient, SUBSCRIBE_TIMEOUT_MS, type LiveTopicHandlers } from './live-client.ts';

type Handler = (...args: unknown[]) => void;

/** socket.io-client's Socket as far as the client uses it, driven by the test in the server's place. */
class FakeSocket {
  connected = false;
  dials = 1;
  readonly sent: { event: string; payload: unknown; answer?: (error: Error | null, ack?: SubscribeAck) => void }[] = [];
  private readonly handlers = new Map<string, Handler[]>();

  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  connect() {
    this.dials += 1;
    return this;
  }
  disconnect() {
    if (this.connected) {
      this.connected = false;
      this.fire('disconnect', 'io client disconnect');
    }
    return this;
  }
  emit(event: string, payload: unknown) {
    this.sent.push({ event, payload });
    return this;
  }
  timeout(ms: number) {
    return {
      emit: (event: string, payload: unknown, callback: (error: Error | null, ack?: SubscribeAck) => void) => {
        let answered = false;
        const answer = (error: Error | null, ack?: SubscribeAck) => {
          if (answered) return;
          answered = true;
          clearTimeout(timer);
          callback(error, ack);
        };
        const timer = setTimeout(() => answer(new Error('operation has timed out')), ms);
        this.sent.push({ event, payload, answer });
      },
    };
  }

  // The server's side.
  accept() {
    this.connected = true;
    this.fire('connect');
  }
  refuse(message: string) {
    this.fire('connect_error', new Error(message));
  }
  hangUp(reason = 'io server disconnect') {
    this.connected = false;
    this.fire('disconnect', reason);
  }
  push(event: string, payload: unknown) {
    this.fire(event, payload);
  }
  subscribes() {
    return this.sent.filter((frame) => frame.event === LiveEvents.subscribe);
  }
  /** Answers the latest subscribe. */
  ack(ack: SubscribeAck) {
    this.subscribes().at(-1)!.answer!(null, ack);
  }
  private fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
}

const update = (seq: number, full = false): LiveUpdate<'alarmOverview'> => ({
  key: 'k1',
  topic: 'alarmOverview',
  seq,
  asOf: '2026-03-01T08:00:00.000Z',
  full,
  data: { newAlarms: [] },
});

describe('LiveClient', () => {
  let socket: FakeSocket;
  let options: Record<string, unknown>;
  let client: LiveClient;
  const statuses: string[] = [];
  /** random() = 1: every wait is its whole ceiling, so the schedule is exact. */
  const start = () => {
    client = new LiveClient('http://gateway', 'the-token', {
      connect: (_url, given) => {
        options = given;
        return socket as unknown as Socket;
      },
      random: () => 1,
    });
    client.listen(() => statuses.push(client.getState().status));
  };
  const handlers = (): LiveTopicHandlers<'alarmOverview'> & { updates: number[]; resyncs: number } => {
    const recorded = {
      updates: [] as number[],
      resyncs: 0,
      onUpdate: (pushed: LiveUpdate<'alarmOverview'>) => void recorded.updates.push(pushed.seq),
      onResync: () => void (recorded.resyncs += 1),
    };
    return recorded;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    socket = new FakeSocket();
    statuses.length = 0;
    start();
  });
  afterEach(() => {
    client.close();
    vi.useRealTimers();
  });

  it('connects with the token over websocket, with socket.io’s own reconnection off', () => {
    expect(options).toMatchObject({ path: '/live', auth: { token: 'the-token' }, transports: ['websocket'], reconnection: false });
    expect(client.getState()).toEqual({ status: 'connecting', staleSince: null });
    socket.accept();
    expect(client.getState().status).toBe('live');
  });

  it('dials again after the server hangs up (a gateway restart), after the backoff and not before', () => {
    socket.accept();
    socket.hangUp('io server disconnect');
    expect(client.getState().status).toBe('reconnecting');
    vi.advanceTimersByTime(999);
    expect(socket.dials).toBe(1);
    vi.advanceTimersByTime(1);
    expect(socket.dials).toBe(2);
    socket.accept();
    expect(statuses).toEqual(['live', 'reconnecting', 'live']);
  });

  it('backs off 1, 2, 4 … s up to 30 s while the gateway refuses or is away, and starts again after a connection', () => {
    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      socket.refuse(attempt % 2 ? 'websocket error' : LiveConnectErrors.unavailable);
      const before = socket.dials;
      let waited = 0;
      while (socket.dials === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(client.getState().status).toBe('connecting');
    socket.accept();
    socket.hangUp('transport close');
    vi.advanceTimersByTime(1_000);
    expect(socket.dials).toBe(9);
  });

  it('is unauthorized, and stops, only when the server refuses the token', () => {
    socket.refuse(LiveConnectErrors.unauthorized);
    expect(client.getState().status).toBe('unauthorized');
    vi.advanceTimersByTime(120_000);
    expect(socket.dials).toBe(1);
  });

  it('is unauthorized when told so before a disconnect (logout elsewhere), and does not redial', () => {
    socket.accept();
    socket.push(LiveEvents.error, { message: LiveConnectErrors.unauthorized });
    socket.hangUp('io server disconnect');
    expect(client.getState().status).toBe('unauthorized');
    vi.advanceTimersByTime(120_000);
    expect(socket.dials).toBe(1);
  });

  it('redials after any other error the server gives before hanging up', () => {
    socket.accept();
    socket.push(LiveEvents.error, { message: 'frame refused: nested deeper than 16' });
    socket.hangUp('io server disconnect');
    vi.advanceTimersByTime(1_000);
    expect(socket.dials).toBe(2);
    expect(client.getState().status).toBe('reconnecting');
  });

  it('subscribes once connected, applies updates in sequence, and resyncs then resubscribes on a gap', () => {
    const topic = handlers();
    client.subscribe('alarmOverview', {}, topic);
    expect(socket.subscribes()).toHaveLength(0);
    socket.accept();
    expect(socket.subscribes()[0]!.payload).toEqual({ topic: 'alarmOverview', params: {} });
    socket.ack({ ok: true, key: 'k1' });
    for (const pushed of [update(5, true), update(6), update(6), update(8)]) socket.push(LiveEvents.update, pushed);
    expect(topic.updates).toEqual([5, 6]);
    expect(topic.resyncs).toBe(1);
    expect(socket.subscribes()).toHaveLength(2);
    socket.ack({ ok: true, key: 'k1' });
    socket.push(LiveEvents.update, update(8, true));
    expect(topic.updates).toEqual([5, 6, 8]);
  });

  it('after a reconnect, resubscribes only once the subscriber’s resync has settled', async () => {
    let settle = () => {};
    const resyncs: string[] = [];
    client.subscribe('alarmOverview', {}, {
      onUpdate: () => {},
      onResync: () => new Promise<void>((resolve) => (resyncs.push('asked'), (settle = resolve))),
    });
    socket.accept();
    socket.ack({ ok: true, key: 'k1' });
    socket.hangUp('transport close');
    vi.advanceTimersByTime(1_000);
    socket.accept();
    expect(resyncs).toEqual(['asked']);
    expect(socket.subscribes()).toHaveLength(1);
    settle();
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.subscribes()).toHaveLength(2);
  });

  it('drops and redials a connection whose subscribe goes unanswered', () => {
    client.subscribe('alarmOverview', {}, handlers());
    socket.accept();
    vi.advanceTimersByTime(SUBSCRIBE_TIMEOUT_MS);
    expect(socket.connected).toBe(false);
    expect(client.getState().status).toBe('reconnecting');
    vi.advanceTimersByTime(1_000);
    expect(socket.dials).toBe(2);
  });

  it('asks again later for a subscription refused for a limit, never for one refused outright', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    client.subscribe('alarmOverview', {}, handlers());
    client.subscribe('device', { id: 99 }, { onUpdate: () => {}, onResync: () => {} });
    socket.accept();
    const [overview, device] = socket.subscribes();
    overview!.answer!(null, { ok: false, retryable: true, message: 'too many live subscriptions' });
    device!.answer!(null, { ok: false, message: 'refused by the upstream (HTTP 404)' });
    vi.advanceTimersByTime(1_000);
    expect(socket.subscribes().map((frame) => frame.payload)).toEqual([
      { topic: 'alarmOverview', params: {} },
      { topic: 'device', params: { id: 99 } },
      { topic: 'alarmOverview', params: {} },
    ]);
    vi.advanceTimersByTime(60_000);
    expect(socket.subscribes()).toHaveLength(3);
    expect(warn).toHaveBeenCalledWith('live: device refused: refused by the upstream (HTTP 404)');
  });

  it('reports the oldest stale time of its subscriptions, and live again', () => {
    client.subscribe('alarmOverview', {}, handlers());
    socket.accept();
    socket.ack({ ok: true, key: 'k1' });
    socket.push(LiveEvents.state, { key: 'k1', state: 'stale', asOf: '2026-03-01T08:00:00.000Z' });
    socket.push(LiveEvents.state, { key: 'someone-else', state: 'stale', asOf: '2020-01-01T00:00:00.000Z' });
    expect(client.getState()).toEqual({ status: 'live', staleSince: '2026-03-01T08:00:00.000Z' });
    socket.push(LiveEvents.state, { key: 'k1', state: 'live', asOf: '2026-03-01T08:01:00.000Z' });
    expect(client.getState()).toEqual({ status: 'live', staleSince: null });
  });

  it('unsubscribes a key on the server when its last subscription here goes', () => {
    const first = client.subscribe('alarmOverview', {}, handlers());
    const second = client.subscribe('alarmOverview', {}, handlers());
    socket.accept();
    for (const frame of socket.subscribes()) frame.answer!(null, { ok: true, key: 'k1' });
    first();
    expect(socket.sent.filter((frame) => frame.event === LiveEvents.unsubscribe)).toEqual([]);
    second();
    expect(socket.sent.filter((frame) => frame.event === LiveEvents.unsubscribe)).toEqual([{ event: LiveEvents.unsubscribe, payload: { key: 'k1' } }]);
  });
});
