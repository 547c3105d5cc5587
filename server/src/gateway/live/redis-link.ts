import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export interface RedisLinkEvents {
  /** The first of the clients lost Redis. */
  away(): void;
  /** Every client is connected (and subscribed again) once more. */
  back(): void;
}

/**
 * Whether the live hub's Redis clients are connected, told once when Redis goes away and once when
 * it is back, and said once each way in the log. ioredis reports every failed redial as an error
 * event, which without a listener it prints as "Unhandled error event", one line every two
 * seconds for as long as Redis is away; those go to debug here.
 */
export class RedisLink {
  private away = false;
  private closing = false;
  private readonly watchers: RedisLinkEvents[] = [];

  constructor(
    private readonly clients: readonly Redis[],
    private readonly logger: FastifyBaseLogger,
  ) {
    for (const client of clients) {
      client.on('error', (error: Error) => logger.debug({ err: error }, 'live: Redis client error'));
      client.on('close', () => this.lost());
      client.on('ready', () => this.regained());
    }
  }

  watch(events: RedisLinkEvents): void {
    this.watchers.push(events);
  }

  get up(): boolean {
    return !this.away;
  }

  /** The hub closes its clients: that is no outage. */
  close(): void {
    this.closing = true;
  }

  private lost(): void {
    if (this.away || this.closing) return;
    this.away = true;
    this.logger.warn('live: Redis is away; connected screens are told their data is stale, this process serves its own sockets alone until it is back');
    for (const watcher of this.watchers) watcher.away();
  }

  private regained(): void {
    if (!this.away || this.closing || this.clients.some((client) => client.status !== 'ready')) return;
    this.away = false;
    this.logger.info('live: Redis is back; live push resumes');
    for (const watcher of this.watchers) watcher.back();
  }
}
