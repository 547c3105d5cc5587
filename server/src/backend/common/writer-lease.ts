import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock, type ClockTimer } from '../../clock/clock.ts';
import type { Db } from '../db/db.ts';

/** A holder that died is replaced within this long (plus one renewal interval). */
export const WRITER_LEASE_MS = 30_000;
const RENEW_EVERY_MS = WRITER_LEASE_MS / 3;

export interface WriterLeaseOptions {
  /** What the lease is for; one holder per name on the database. */
  name: string;
  logger: FastifyBaseLogger;
  clock?: Clock;
  /** This process took the lease: start writing. */
  onHeld(): Promise<void>;
  /** Another process holds it now (this one stalled past the expiry), or this one closes: stop writing. */
  onLost(): Promise<void>;
}

export interface WriterLease {
  /** Tries to take the lease, waits for onHeld if it did, and keeps trying (renewing) from then on. */
  start(): Promise<void>;
  /** Stops renewing, stops the writers (onLost) and lets go of the lease, so another takes it at once. */
  stop(): Promise<void>;
}

/**
 * One process of those sharing a database runs what the lease is for: a row names its holder and
 * when its hold expires (on the database's clock, which every process shares). The holder renews
 * it every third of its length; the others try as often, and take it once it has lapsed.
 */
export function writerLease(db: Db, options: WriterLeaseOptions): WriterLease {
  const { name, logger, clock = systemClock } = options;
  const holder = `${hostname()}:${process.pid}:${randomUUID()}`;
  let held = false;
  let stopped = false;
  let timer: ClockTimer | undefined;
  let failing = false;
  // Tries one after another; the writers' starts and stops one after another, apart from the tries,
  // so a long catch-up at the start does not hold up the renewals.
  let tries: Promise<void> = Promise.resolve();
  let writers: Promise<void> = Promise.resolve();

  const take = async (): Promise<boolean> => {
    const rows = await db.query(
      `insert into writer_leases (name, holder, expires_at) values ($1, $2, now() + $3::int * interval '1 millisecond')
       on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
         where writer_leases.holder = excluded.holder or writer_leases.expires_at < now()
       returning holder`,
      [name, holder, WRITER_LEASE_MS],
    );
    return rows.length === 1;
  };

  const writersDo = (what: () => Promise<void>) => {
    writers = writers.then(what).catch((error: unknown) => logger.error({ err: error, lease: name }, 'writers failed to start or stop'));
    return writers;
  };

  const tryOnce = async () => {
    if (stopped) return;
    let won: boolean;
    try {
      won = await take();
      if (failing) logger.info({ lease: name }, 'writer lease: the database answers again');
      failing = false;
    } catch (error) {
      // The writers, if they run, fail on the same database; they stay as they are.
      if (!failing) logger.warn({ err: error, lease: name }, 'writer lease: could not renew or take it');
      failing = true;
      return;
    }
    if (stopped || won === held) return;
    held = won;
    if (won) logger.info({ lease: name, holder }, 'writer lease taken: this process runs the writers');
    else logger.warn({ lease: name }, 'writer lease taken over by another process (this one missed its renewals): writers stop here');
    void writersDo(won ? options.onHeld : options.onLost);
  };
  const tryNow = () => (tries = tries.then(tryOnce));

  return {
    async start() {
      await tryNow();
      // Returns the writers too, so a test's manual clock waits for a takeover's start.
      timer = clock.setInterval(() => tryNow().then(() => writers), RENEW_EVERY_MS);
      await writers;
    },
    async stop() {
      stopped = true;
      clock.clearInterval(timer);
      await tries;
      if (!held) return writers;
      held = false;
      await writersDo(options.onLost);
      await db.query('delete from writer_leases where name = $1 and holder = $2', [name, holder]).catch((error: unknown) => {
        logger.warn({ err: error, lease: name }, 'writer lease: could not let go of it; it lapses by itself');
      });
    },
  };
}
