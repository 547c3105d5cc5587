import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import {
  LIVE_PATH,
  LiveConnectErrors,
  LiveEvents,
  type LiveState,
  type LiveTopic,
  type LiveTopicParams,
  type LiveUpdate,
  type SubscribeAck,
} from '../contract/live.ts';
import { sequenceVerdict } from '../rules/liveSequence.ts';
import { backoffDelay, type BackoffOptions } from './backoff.ts';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'unauthorized';

export interface LiveClientState {
  status: LiveStatus;
  /** The oldest last-good time among subscriptions whose upstream is failing; null when none is. */
  staleSince: string | null;
}

export interface LiveTopicHandlers<T extends LiveTopic> {
  /** A change (or, with `full`, the whole state) to apply on top of what the page holds. */
  onUpdate(update: LiveUpdate<T>): void;
  /**
   * Changes may have been missed (a reconnect, a sequence gap): fetch the snapshot over HTTP again.
   * The subscription is renewed once what this returns settles, so pushes apply on top of it.
   */
  onResync(): void | Promise<void>;
}

/** Redials and retried subscriptions: from about a second, doubling, never more than 30 s apart. */
export const LIVE_RETRY_BACKOFF: BackoffOptions = { baseMs: 1_000, capMs: 30_000 };
/** A subscribe unanswered this long means the connection is broken: it is dropped and dialled again. */
export const SUBSCRIBE_TIMEOUT_MS = 10_000;

export type Connect = (url: string, options: Partial<ManagerOptions & SocketOptions>) => Socket;

export interface LiveClientOptions {
  /** socket.io-client's `io`; tests pass a fake. */
  connect?: Connect;
  random?: () => number;
}

interface Subscription {
  topic: LiveTopic;
  params: unknown;
  handlers: LiveTopicHandlers<LiveTopic>;
  key: string | null;
  lastSeq: number | null;
  /** Changes may have been missed since the last subscribe: resync before the next. */
  missed: boolean;
  /** Bumped by every renewal and by unsubscribing, so a late answer to an older one is ignored. */
  generation: number;
  refusals: number;
  retryTimer: ReturnType<typeof setTimeout> | null;
}

/**
 * One socket to the gateway's live hub for one token, shared by everything on the page that
 * watches a topic; the console and the wallboard both use it. It dials again after every
 * disconnect that is not its own, the server's included (a gateway restart), with the one
 * backoff; it resubscribes after every reconnect and on a sequence gap, each time after the
 * subscriber's resync; and it stops, as "unauthorized", only when the server says the token is
 * refused (a connect_error or live:error carrying LiveConnectErrors.unauthorized).
 */
export class LiveClient {
  private readonly socket: Socket;
  private readonly random: () => number;
  private readonly subscriptions = new Set<Subscription>();
  private readonly staleKeys = new Map<string, string | null>();
  private readonly listeners = new Set<() => void>();
  private state: LiveClientState = { status: 'connecting', staleSince: null };
  private everConnected = false;
  private failures = 0;
  private redialTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(url: string, token: string, { connect = io, random = Math.random }: LiveClientOptions = {}) {
    this.random = random;
    this.socket = connect(url, {
      path: LIVE_PATH,
      auth: { token },
      transports: ['websocket'],
      forceNew: true,
      // Redials are this class's, with the one backoff; socket.io's own would be a second formula.
      reconnection: false,
    });
    this.socket.on('connect', () => this.onConnect());
    this.socket.on('disconnect', (reason) => {
      // Ours (close, a dropped broken connection) is handled where it is done.
      if (reason !== 'io client disconnect') this.connectionLost();
    });
    this.socket.on('connect_error', (error: Error) => {
      if (this.stopped) return;
      if (error.message === LiveConnectErrors.unauthorized) return this.refused();
      this.setStatus(this.everConnected ? 'reconnecting' : 'connecting');
      this.redialLater();
    });
    this.socket.on(LiveEvents.error, (payload: { message?: unknown } | null) => {
      if (payload?.message === LiveConnectErrors.unauthorized) this.refused();
    });
    this.socket.on(LiveEvents.update, (update: LiveUpdate) => this.onUpdate(update));
    this.socket.on(LiveEvents.state, (state: LiveState) => this.onState(state));
  }

  subscribe<T extends LiveTopic>(topic: T, params: LiveTopicParams<T>, handlers: LiveTopicHandlers<T>): () => void {
    const subscription: Subscription = {
      topic,
      params,
      handlers: handlers as unknown as LiveTopicHandlers<LiveTopic>,
      key: null,
      lastSeq: null,
      missed: false,
      generation: 0,
      refusals: 0,
      retryTimer: null,
    };
    this.subscriptions.add(subscription);
    if (this.socket.connected) this.renew(subscription);
    return () => {
      if (!this.subscriptions.delete(subscription)) return;
      this.cancel(subscription);
      this.release(subscription.key);
    };
  }

  getState = (): LiveClientState => this.state;

  listen = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  close(): void {
    this.stop();
    this.subscriptions.clear();
    this.listeners.clear();
    this.socket.removeAllListeners();
  }

  private onConnect(): void {
    this.failures = 0;
    this.everConnected = true;
    this.staleKeys.clear();
    this.publish({ status: 'live', staleSince: null });
    for (const subscription of this.subscriptions) this.renew(subscription);
  }

  /** The connection is gone (the server hung up, the network dropped, a subscribe went unanswered). */
  private connectionLost(): void {
    if (this.stopped) return;
    for (const subscription of this.subscriptions) {
      this.cancel(subscription);
      if (subscription.key) subscription.missed = true;
      subscription.key = null;
    }
    this.staleKeys.clear();
    this.publish({ status: this.everConnected ? 'reconnecting' : 'connecting', staleSince: null });
    this.redialLater();
  }

  private redialLater(): void {
    if (this.stopped || this.redialTimer) return;
    this.failures += 1;
    this.redialTimer = setTimeout(() => {
      this.redialTimer = null;
      if (!this.stopped && !this.socket.connected) this.socket.connect();
    }, backoffDelay(this.failures, LIVE_RETRY_BACKOFF, this.random));
  }

  /** The server refused the token: nothing more is tried with it. */
  private refused(): void {
    if (this.stopped) return;
    this.stop();
    this.publish({ status: 'unauthorized', staleSince: null });
  }

  private stop(): void {
    this.stopped = true;
    if (this.redialTimer) clearTimeout(this.redialTimer);
    this.redialTimer = null;
    for (const subscription of this.subscriptions) this.cancel(subscription);
    this.socket.disconnect();
  }

  /** Resync if changes may have been missed, then subscribe; answers to earlier renewals no longer count. */
  private renew(subscription: Subscription): void {
    this.cancel(subscription);
    const generation = subscription.generation;
    const current = () => !this.stopped && this.socket.connected && subscription.generation === generation && this.subscriptions.has(subscription);
    subscription.lastSeq = null;
    if (!subscription.missed) return this.send(subscription, current);
    subscription.missed = false;
    let resynced: void | Promise<void> = undefined;
    try {
      resynced = subscription.handlers.onResync();
    } catch {
      // The snapshot failed; pushes still bring the full state first.
    }
    if (!resynced) return this.send(subscription, current);
    resynced.catch(() => {}).then(() => current() && this.send(subscription, current));
  }

  private send(subscription: Subscription, current: () => boolean): void {
    this.socket
      .timeout(SUBSCRIBE_TIMEOUT_MS)
      .emit(LiveEvents.subscribe, { topic: subscription.topic, params: subscription.params }, (error: Error | null, ack: SubscribeAck) => {
        if (!current()) {
          // Unsubscribed while asking: let go of what the server started for it.
          if (!error && ack.ok && !this.subscriptions.has(subscription)) this.release(ack.key);
          return;
        }
        if (error) return this.dropConnection();
        if (ack.ok) {
          subscription.key = ack.key;
          subscription.refusals = 0;
          return;
        }
        console.warn(`live: ${subscription.topic} refused: ${ack.message}`);
        if (ack.retryable) this.retryLater(subscription);
      });
  }

  private dropConnection(): void {
    this.socket.disconnect();
    this.connectionLost();
  }

  /** A refusal for a limit (another tab's subscriptions may go): ask again later, with the backoff. */
  private retryLater(subscription: Subscription): void {
    subscription.refusals += 1;
    subscription.retryTimer = setTimeout(() => {
      subscription.retryTimer = null;
      this.renew(subscription);
    }, backoffDelay(subscription.refusals, LIVE_RETRY_BACKOFF, this.random));
  }

  private cancel(subscription: Subscription): void {
    subscription.generation += 1;
    if (subscription.retryTimer) clearTimeout(subscription.retryTimer);
    subscription.retryTimer = null;
  }

  /** Unsubscribes a key on the server once no subscription here uses it. */
  private release(key: string | null): void {
    if (!key || [...this.subscriptions].some((other) => other.key === key)) return;
    if (this.socket.connected) this.socket.emit(LiveEvents.unsubscribe, { key });
    if (this.staleKeys.delete(key)) this.publishStale();
  }

  private onUpdate(update: LiveUpdate): void {
    for (const subscription of this.subscriptions) {
      if (subscription.key !== update.key) continue;
      const verdict = sequenceVerdict(subscription.lastSeq, update);
      if (verdict === 'ignore') continue;
      if (verdict === 'resync') {
        subscription.missed = true;
        this.renew(subscription);
        continue;
      }
      subscription.lastSeq = update.seq;
      subscription.handlers.onUpdate(update);
    }
  }

  private onState(state: LiveState): void {
    if (![...this.subscriptions].some((subscription) => subscription.key === state.key)) return;
    if (state.state === 'stale') this.staleKeys.set(state.key, state.asOf);
    else this.staleKeys.delete(state.key);
    this.publishStale();
  }

  private publishStale(): void {
    const times = [...this.staleKeys.values()].map((asOf) => asOf ?? '');
    // A key stale before its first answer has no time: say "since now".
    const staleSince = times.length === 0 ? null : times.sort()[0] || new Date().toISOString();
    if (staleSince !== this.state.staleSince) this.publish({ ...this.state, staleSince });
  }

  private setStatus(status: LiveStatus): void {
    if (status !== this.state.status) this.publish({ ...this.state, status });
  }

  private publish(next: LiveClientState): void {
    if (next.status === this.state.status && next.staleSince === this.state.staleSince) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}
