import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock, type ClockTimer } from '../../clock/clock.ts';
import { backoffDelay, type BackoffOptions, type LiveState, type LiveTopic, type LiveUpdate } from '@pest/shared';
import type { KeyState, LiveStore } from './live-store.ts';
import type { TopicDefinition } from './topic.ts';
import { UpstreamRefusedError, UpstreamUnauthorizedError, type UpstreamClient } from './upstream-client.ts';

export interface PollerDeps {
  store: LiveStore;
  upstream: UpstreamClient;
  /** Sends to every subscriber of the key, in this process and (with Redis) the others. */
  broadcast(event: 'live:update' | 'live:state', payload: LiveUpdate | LiveState): void;
  /** The upstream refused this token: its sockets must go. */
  onUnauthorized(token: string): void;
  /** Identifies this process as the lock holder. */
  owner: string;
  intervalMs: number;
  backoff: BackoffOptions;
  logger: FastifyBaseLogger;
  /** The system's unless a test moves time itself. */
  clock?: Clock;
  /** The backoff's jitter; a test pins it to know every wait exactly. */
  random?: () => number;
}

/**
 * Polls one subscription key: one upstream call per interval however many sockets share it.
 * Runs as a chain of timeouts, so a slow upstream never causes overlapping polls; every failure
 * is caught, so nothing an upstream does can stop the chain or crash the process.
 */
export class Poller {
  readonly subscribers = new Map<string, string>();
  private timer: ClockTimer | null = null;
  private failures = 0;
  private stopped = false;
  private started = false;
  private paused = false;
  /** Paused since the last poll: whoever polls first after the outage tells the screens they are live. */
  private resuming = false;
  /** When this process last knew the upstream answered for the key, for a stale notice without Redis. */
  private lastAsOf: string | null = null;
  private readonly clock: Clock;

  constructor(
    readonly key: string,
    readonly topic: LiveTopic,
    private readonly definition: TopicDefinition,
    private readonly params: unknown,
    private readonly deps: PollerDeps,
  ) {
    this.clock = deps.clock ?? systemClock;
  }

  start(): void {
    this.started = true;
    this.schedule(0);
  }

  /**
   * Redis is away: no lock and no shared state, so the key is not polled, and its subscribers in
   * this process are told their data is stale (Redis cannot carry it to the others).
   */
  pause(): void {
    if (this.stopped || this.paused) return;
    this.paused = true;
    this.resuming = true;
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = null;
    if (this.started) this.deps.broadcast('live:state', { key: this.key, state: 'stale', asOf: this.lastAsOf });
  }

  /** Redis is back: polls (or learns from whoever polls) at once. */
  resume(): void {
    if (this.stopped || !this.paused) return;
    this.paused = false;
    this.started = true;
    this.schedule(0);
  }

  get isPaused(): boolean {
    return this.paused;
  }

  /** When the upstream last answered for the key, as far as this process knows. */
  get asOf(): string | null {
    return this.lastAsOf;
  }

  /** Polls now rather than at the end of a backoff wait (the upstream is known to be back). */
  wake(): void {
    if (this.stopped || this.failures === 0) return;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = null;
    // Without Redis there is nothing to release: the lock runs out by itself.
    if (this.paused) return;
    await this.deps.store.release(this.key, this.deps.owner).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, key: this.key }, 'live: could not release a poll lock');
    });
  }

  get isFailing(): boolean {
    return this.failures > 0;
  }

  private schedule(ms: number): void {
    if (this.stopped || this.paused) return;
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(() => this.tick(), ms);
  }

  private async tick(): Promise<void> {
    this.timer = null;
    let delay: number;
    try {
      delay = await this.pollOnce();
    } catch (error) {
      // Redis went away during the poll: pause() has told the screens, resume() starts again.
      if (this.paused) return;
      // The store (Redis) failed, or a bug: keep the chain alive and say so.
      this.failures += 1;
      delay = backoffDelay(this.failures, this.deps.backoff, this.deps.random);
      this.deps.logger.error({ err: error, key: this.key }, 'live: poll failed unexpectedly');
    }
    if (!this.timer) this.schedule(delay);
  }

  /** Returns how long to wait before the next poll. */
  private async pollOnce(): Promise<number> {
    const { store, owner, intervalMs } = this.deps;
    // Held for 1.5 intervals and renewed every interval; the others retry every half interval,
    // so if this process dies another takes over within two intervals.
    if (!(await store.tryLock(this.key, owner, Math.round(intervalMs * 1.5)))) {
      if (this.resuming) await this.relayAfterOutage();
      return Math.round(intervalMs / 2);
    }
    const token = this.subscribers.values().next().value;
    if (token === undefined || this.stopped) return intervalMs;

    const previous = await store.get<unknown>(this.key);
    if (previous) this.lastAsOf = previous.asOf;
    let snapshot: unknown;
    try {
      snapshot = await this.definition.poll(this.deps.upstream, token, this.params, new Date(this.clock.now()));
    } catch (error) {
      if (error instanceof UpstreamUnauthorizedError) {
        // Never poll with it again; its sockets are told and closed. Retry now with another's.
        for (const [socket, held] of this.subscribers) if (held === token) this.subscribers.delete(socket);
        this.deps.onUnauthorized(token);
        return 0;
      }
      if (error instanceof UpstreamRefusedError) return this.refused(error);
      return this.markStale(previous, error as Error);
    }
    if (this.stopped) return intervalMs;

    const asOf = new Date(this.clock.now()).toISOString();
    const data = previous ? this.definition.diff(previous.snapshot, snapshot) : this.definition.full(snapshot);
    const state: KeyState = { seq: (previous?.seq ?? 0) + (data === null ? 0 : 1), asOf, state: 'live', snapshot };
    await store.set(this.key, state);
    this.lastAsOf = asOf;
    if (this.failures > 0 || previous?.state === 'stale') this.deps.logger.info({ key: this.key }, 'live: upstream answers again');
    if (this.failures > 0 || previous?.state === 'stale' || this.resuming) this.deps.broadcast('live:state', { key: this.key, state: 'live', asOf });
    this.failures = 0;
    this.resuming = false;
    if (data !== null) {
      const update: LiveUpdate = { key: this.key, topic: this.topic, seq: state.seq, asOf, data: data as LiveUpdate['data'] };
      this.deps.broadcast('live:update', previous ? update : { ...update, full: true });
    }
    return intervalMs;
  }

  /**
   * After an outage of Redis another process polls the key: its screens here were told stale by
   * this process, which tells them what the shared state says once there is one again (Redis may
   * have come back empty), in case the poller's own word did not reach this process.
   */
  private async relayAfterOutage(): Promise<void> {
    const shared = await this.deps.store.get(this.key);
    if (!shared || this.stopped || this.paused) return;
    this.resuming = false;
    this.lastAsOf = shared.asOf;
    this.deps.broadcast('live:state', { key: this.key, state: shared.state, asOf: shared.asOf });
  }

  /**
   * The upstream says the question is wrong for this user (a device removed, or never there once a
   * failing scope check let it through): what the page shows is not out of date, so nothing is
   * marked stale (a console showed 数据暂停更新 for it). Asked again at the backoff's pace.
   */
  private refused(error: Error): number {
    this.failures += 1;
    if (this.failures === 1) this.deps.logger.warn({ key: this.key, err: error.message }, 'live: upstream refuses the topic');
    return backoffDelay(this.failures, this.deps.backoff, this.deps.random);
  }

  private async markStale(previous: KeyState | null, error: Error): Promise<number> {
    this.failures += 1;
    if (this.failures === 1) this.deps.logger.warn({ key: this.key, err: error.message }, 'live: upstream failed, topic is stale');
    if (previous && previous.state !== 'stale') {
      await this.deps.store.set(this.key, { ...previous, state: 'stale' });
    }
    if (this.failures === 1) {
      this.deps.broadcast('live:state', { key: this.key, state: 'stale', asOf: previous?.asOf ?? null });
    }
    return backoffDelay(this.failures, this.deps.backoff, this.deps.random);
  }
}
