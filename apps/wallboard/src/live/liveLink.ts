import { io, type Socket } from 'socket.io-client';
import {
  LIVE_PATH,
  LiveConnectErrors,
  LiveEvents,
  sequenceVerdict,
  type AlarmOverviewChange,
  type LiveState,
  type LiveUpdate,
  type SubscribeAck,
  type SubscribeRequest,
} from '@pest/shared';
import { retryDelay } from './retryDelay.ts';

export type Connection = 'connecting' | 'live' | 'reconnecting' | 'stale';

export interface LiveLinkHandlers {
  onConnection(connection: Connection, asOf: string | null): void;
  /** Fetch the HTTP snapshot; the link applies pushes only after it resolves. */
  resync(): Promise<void>;
  onOverview(change: AlarmOverviewChange, full: boolean, asOf: string): void;
  /** The gateway refused the token: the link has stopped. */
  onRejected(): void;
}

const BACKOFF = { baseMs: 1_000, capMs: 30_000 };

/**
 * The board's one socket to the gateway's live hub: the alarm overview of the user's scope.
 * socket.io reconnects a dropped transport by itself, forever, with backoff and jitter; a refusal
 * by the hub's middleware (upstream unavailable) it leaves to us, so we retry that ourselves.
 * After every (re)connect and on any sequence gap, the snapshot is fetched again before pushes apply.
 */
export class LiveLink {
  private readonly socket: Socket;
  private key: string | null = null;
  private lastSeq: number | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private refusals = 0;
  private syncing = false;
  private closed = false;

  constructor(
    token: string,
    private readonly handlers: LiveLinkHandlers,
  ) {
    this.socket = io(window.location.origin, {
      path: LIVE_PATH,
      auth: { token },
      transports: ['websocket'],
      reconnectionDelay: BACKOFF.baseMs,
      reconnectionDelayMax: BACKOFF.capMs,
      randomizationFactor: 0.5,
    });
    this.socket.on('connect', () => {
      this.refusals = 0;
      void this.synchronise();
    });
    this.socket.on('disconnect', (reason) => {
      this.key = null;
      this.lastSeq = null;
      if (this.closed) return;
      handlers.onConnection('reconnecting', null);
      // The server hung up on purpose (restart, token check): socket.io will not redial by itself.
      if (reason === 'io server disconnect') this.redialLater();
    });
    this.socket.on('connect_error', (error: Error) => {
      if (error.message === LiveConnectErrors.unauthorized) return this.reject();
      handlers.onConnection('reconnecting', null);
      if (!this.socket.active) this.redialLater();
    });
    this.socket.on(LiveEvents.error, (payload: { message?: string } | null) => {
      if (payload?.message === LiveConnectErrors.unauthorized) this.reject();
    });
    this.socket.on(LiveEvents.update, (update: LiveUpdate) => this.receive(update));
    this.socket.on(LiveEvents.state, (state: LiveState) => {
      if (state.key !== this.key) return;
      handlers.onConnection(state.state === 'stale' ? 'stale' : 'live', state.asOf);
    });
    handlers.onConnection('connecting', null);
  }

  close(): void {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }

  private reject(): void {
    this.close();
    this.handlers.onRejected();
  }

  private redialLater(): void {
    if (this.retryTimer || this.closed) return;
    const delay = retryDelay(this.refusals++, BACKOFF);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.closed && !this.socket.connected) this.socket.connect();
    }, delay);
  }

  /** Snapshot over HTTP, then (re)subscribe: the first push after it carries the full state. */
  private async synchronise(): Promise<void> {
    if (this.syncing || this.closed) return;
    this.syncing = true;
    try {
      if (this.key) this.socket.emit(LiveEvents.unsubscribe, { key: this.key });
      this.key = null;
      this.lastSeq = null;
      await this.handlers.resync();
      if (this.closed || !this.socket.connected) return;
      const request: SubscribeRequest<'alarmOverview'> = { topic: 'alarmOverview', params: {} };
      const ack = (await this.socket.timeout(10_000).emitWithAck(LiveEvents.subscribe, request)) as SubscribeAck;
      if (!ack.ok) throw new Error(ack.message);
      this.key = ack.key;
      this.handlers.onConnection('live', new Date().toISOString());
    } catch {
      // Subscribing failed (timeout, refusal): drop the transport and let the reconnect loop retry.
      if (!this.closed) this.socket.disconnect().connect();
    } finally {
      this.syncing = false;
    }
  }

  private receive(update: LiveUpdate): void {
    if (update.key !== this.key || update.topic !== 'alarmOverview') return;
    const verdict = sequenceVerdict(this.lastSeq, update);
    if (verdict === 'ignore') return;
    if (verdict === 'resync') {
      void this.synchronise();
      return;
    }
    this.lastSeq = update.seq;
    this.handlers.onOverview(update.data as AlarmOverviewChange, update.full === true, update.asOf);
    this.handlers.onConnection('live', update.asOf);
  }
}
