import { io, type Socket } from 'socket.io-client';
import {
  LIVE_PATH,
  LiveConnectErrors,
  LiveEvents,
  sequenceVerdict,
  type LiveState,
  type LiveTopic,
  type LiveTopicParams,
  type LiveUpdate,
  type SubscribeAck,
} from '@pest/shared';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'unauthorized';

export interface LiveSnapshot {
  status: LiveStatus;
  /** The oldest last-good time among subscriptions whose upstream is failing; null when none is. */
  staleSince: string | null;
}

export interface TopicHandlers<T extends LiveTopic> {
  /** A change (or, with `full`, the whole state) to apply on top of what the page holds. */
  onUpdate(update: LiveUpdate<T>): void;
  /** The page may have missed changes (reconnect, sequence gap): fetch the snapshot over HTTP again. */
  onResync(): void;
}

interface Subscription {
  topic: LiveTopic;
  params: unknown;
  handlers: TopicHandlers<LiveTopic>;
  key: string | null;
  lastSeq: number | null;
}

type Connect = (url: string, options: Parameters<typeof io>[1]) => Socket;

/**
 * One socket to the gateway's live hub for the signed-in user, shared by every component that
 * watches something. It resubscribes after every reconnect and asks pages to re-fetch their
 * snapshot first, and it notices a missed update by its sequence number.
 */
export class LiveConnection {
  private readonly socket: Socket;
  private readonly subscriptions = new Set<Subscription>();
  private readonly staleKeys = new Map<string, string | null>();
  private readonly listeners = new Set<() => void>();
  private snapshot: LiveSnapshot = { status: 'connecting', staleSince: null };
  private everConnected = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(url: string, token: string, connect: Connect = io) {
    this.socket = connect(url, {
      path: LIVE_PATH,
      auth: { token },
      transports: ['websocket'],
      // Forever, spread out: a gateway restart must not see every console reconnect at once.
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 30_000,
      randomizationFactor: 0.5,
    });
    this.socket.on('connect', () => this.onConnect());
    this.socket.on('disconnect', (reason) => {
      // The server closes a socket whose token it no longer accepts; socket.io would not retry.
      if (reason === 'io server disconnect') this.setStatus('unauthorized');
      else this.setStatus('reconnecting');
    });
    this.socket.on('connect_error', (error) => {
      if (error.message === LiveConnectErrors.unauthorized) return this.setStatus('unauthorized');
      this.setStatus(this.everConnected ? 'reconnecting' : 'connecting');
      // A refusal by the hub's middleware (upstream unavailable) is not retried by socket.io itself.
      if (!this.socket.active) this.retryLater();
    });
    this.socket.on(LiveEvents.update, (update: LiveUpdate) => this.onUpdate(update));
    this.socket.on(LiveEvents.state, (state: LiveState) => this.onState(state));
  }

  subscribe<T extends LiveTopic>(topic: T, params: LiveTopicParams<T>, handlers: TopicHandlers<T>): () => void {
    const subscription: Subscription = { topic, params, handlers: handlers as unknown as TopicHandlers<LiveTopic>, key: null, lastSeq: null };
    this.subscriptions.add(subscription);
    if (this.socket.connected) this.send(subscription);
    return () => {
      this.subscriptions.delete(subscription);
      const { key } = subscription;
      if (key && ![...this.subscriptions].some((other) => other.key === key)) {
        this.socket.emit(LiveEvents.unsubscribe, { key });
        this.staleKeys.delete(key);
        this.publishStale();
      }
    };
  }

  getSnapshot = (): LiveSnapshot => this.snapshot;

  listen = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  close(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.subscriptions.clear();
    this.listeners.clear();
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }

  private onConnect(): void {
    const reconnected = this.everConnected;
    this.everConnected = true;
    this.staleKeys.clear();
    this.setStatus('live');
    for (const subscription of this.subscriptions) {
      if (reconnected) subscription.handlers.onResync();
      this.send(subscription);
    }
  }

  private send(subscription: Subscription): void {
    subscription.lastSeq = null;
    this.socket.emit(LiveEvents.subscribe, { topic: subscription.topic, params: subscription.params }, (ack: SubscribeAck) => {
      if (!ack.ok) {
        console.warn(`live: ${subscription.topic} refused: ${ack.message}`);
        return;
      }
      if (this.subscriptions.has(subscription)) subscription.key = ack.key;
    });
  }

  private onUpdate(update: LiveUpdate): void {
    for (const subscription of this.subscriptions) {
      if (subscription.key !== update.key) continue;
      const verdict = sequenceVerdict(subscription.lastSeq, update);
      if (verdict === 'ignore') continue;
      if (verdict === 'resync') {
        // Missed at least one change: start again from a snapshot and a full update.
        subscription.handlers.onResync();
        this.send(subscription);
        continue;
      }
      subscription.lastSeq = update.seq;
      subscription.handlers.onUpdate(update);
    }
  }

  private onState(state: LiveState): void {
    if (state.state === 'stale') this.staleKeys.set(state.key, state.asOf);
    else this.staleKeys.delete(state.key);
    this.publishStale();
  }

  private publishStale(): void {
    const times = [...this.staleKeys.values()].map((asOf) => asOf ?? '');
    const staleSince = times.length === 0 ? null : times.sort()[0] || new Date().toISOString();
    if (staleSince !== this.snapshot.staleSince) this.publish({ ...this.snapshot, staleSince });
  }

  private setStatus(status: LiveStatus): void {
    if (status !== this.snapshot.status) this.publish({ ...this.snapshot, status });
  }

  private publish(next: LiveSnapshot): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  private retryLater(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.socket.connect();
    }, 5_000 + Math.random() * 5_000);
  }
}
