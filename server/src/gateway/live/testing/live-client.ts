import { io, type Socket } from 'socket.io-client';
import { LIVE_PATH, LiveEvents, type LiveState, type LiveTopic, type LiveTopicParams, type LiveUpdate, type SubscribeAck } from '@pest/shared';

export interface TestLiveClient {
  socket: Socket;
  updates: LiveUpdate[];
  states: LiveState[];
  subscribe<T extends LiveTopic>(topic: T, params: LiveTopicParams<T>): Promise<SubscribeAck>;
  close(): void;
}

/** A real socket.io client, as the console uses it, that records everything it receives. */
export function connectLive(url: string, token: unknown, extraHeaders: Record<string, string> = {}): TestLiveClient {
  const socket = io(url, { path: LIVE_PATH, auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders });
  const client: TestLiveClient = {
    socket,
    updates: [],
    states: [],
    subscribe: (topic, params) => socket.emitWithAck(LiveEvents.subscribe, { topic, params }),
    close: () => void socket.disconnect(),
  };
  socket.on(LiveEvents.update, (update: LiveUpdate) => client.updates.push(update));
  socket.on(LiveEvents.state, (state: LiveState) => client.states.push(state));
  return client;
}

export function connected(client: TestLiveClient): Promise<void> {
  return new Promise((resolve, reject) => {
    if (client.socket.connected) return resolve();
    client.socket.once('connect', () => resolve());
    client.socket.once('connect_error', reject);
  });
}

export function refused(client: TestLiveClient): Promise<string> {
  return new Promise((resolve, reject) => {
    client.socket.once('connect', () => reject(new Error('connected, expected a refusal')));
    client.socket.once('connect_error', (error) => resolve(error.message));
  });
}

/** 'connected', or the connect_error's message. */
export function outcome(client: TestLiveClient): Promise<string> {
  return new Promise((resolve) => {
    if (client.socket.connected) return resolve('connected');
    client.socket.once('connect', () => resolve('connected'));
    client.socket.once('connect_error', (error) => resolve(error.message));
  });
}

/** Polls `check` until it returns something truthy, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => T | undefined | null | false, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
