import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock/manual-clock.ts';
import type { Db } from '../db/db.ts';
import { openPostgres } from '../db/postgres.ts';
import { markFilledTo } from '../../demo/seed/demo-clock.ts';
import { openTestDb, testDatabaseUrl, testDriver } from '../db/testing.ts';
import { loadConfig } from '../../config.ts';
import { createBackend } from '../create-backend.ts';
import { WRITER_LEASE_MS, writerLease } from './writer-lease.ts';
import { demoWorld } from '../../demo/index.ts';

const silent = pino({ level: 'silent' });
/** SIMULATOR_RATE 4: 8 heartbeats a second, one tick a second. */
const RATE = '4';
const PER_TICK = 8;

const heartbeats = async (db: Db) =>
  (await db.query<{ n: number }>(`select count(*)::int as n from device_heartbeats where at > now() - interval '1 day'`))[0]!.n;

/**
 * Issue 36, item 11: every instance on a database ran the demo's simulator, so two instances
 * doubled the fleet's heartbeats. On PostgreSQL the second backend has a pool of its own, as a
 * second instance would; PGlite has one connection, which both backends share.
 */
describe(`demo writers on two backends of one database (${testDriver})`, () => {
  let db: Db;
  let secondPool: Db;
  const clock = createManualClock();
  const backends: FastifyInstance[] = [];
  const start = async (pool: Db) => {
    const config = loadConfig({ SIMULATOR: 'on', SIMULATOR_RATE: RATE, REPORT_RENDER_AHEAD_DAYS: '0', REPORT_CACHE_DIR: path.join(os.tmpdir(), `pest-reports-${process.pid}`) });
    const backend = await createBackend({ db: pool, logger: silent, config, clock, demoWorld });
    await backend.ready();
    backends.push(backend);
    return backend;
  };
  const perTick = async (ticks: number) => {
    const before = await heartbeats(db);
    await clock.advance(ticks * 1_000);
    return ((await heartbeats(db)) - before) / ticks;
  };

  beforeAll(async () => {
    db = await openTestDb();
    // The weeks between the test history's end and today are filled already: no catch-up at start.
    await markFilledTo(db, new Date(clock.now()));
    const url = await testDatabaseUrl(db);
    secondPool = url ? await openPostgres(url, silent) : db;
  });
  afterAll(async () => {
    for (const backend of backends) await backend.close();
    if (secondPool !== db) await secondPool?.close();
    await db?.close();
  });

  it("writes one instance's heartbeats with two, and the second takes over when the first closes", async () => {
    const first = await start(db);
    expect(await perTick(3)).toBe(PER_TICK);

    await start(secondPool);
    expect(await perTick(3)).toBe(PER_TICK);

    // Closing lets go of the lease: the other takes it at its next try, a third of the lease on.
    await first.close();
    backends.splice(backends.indexOf(first), 1);
    await clock.advance(WRITER_LEASE_MS / 3);
    expect(await perTick(3)).toBe(PER_TICK);
  });

  it('passes to another process once the holder lets it lapse, and the late holder stops', async () => {
    const events: string[] = [];
    // Each on a clock of its own: the stalled one's never moves, so it never renews.
    const stalledClock = createManualClock();
    const otherClock = createManualClock();
    const lease = (who: string, leaseClock: typeof clock) =>
      writerLease(db, {
        name: 'lease-test',
        logger: silent,
        clock: leaseClock,
        onHeld: async () => void events.push(`${who} runs`),
        onLost: async () => void events.push(`${who} stops`),
      });
    const stalled = lease('stalled', stalledClock);
    const other = lease('other', otherClock);
    await stalled.start();
    await other.start();
    await otherClock.advance(WRITER_LEASE_MS);
    expect(events).toEqual(['stalled runs']);

    // The stalled holder's lease runs out on the database's clock.
    await db.query(`update writer_leases set expires_at = now() - interval '1 second' where name = 'lease-test'`);
    await otherClock.advance(WRITER_LEASE_MS / 3);
    expect(events).toEqual(['stalled runs', 'other runs']);

    // It wakes up: its renewal finds the lease taken and its writers stop.
    await stalledClock.advance(WRITER_LEASE_MS / 3);
    expect(events).toEqual(['stalled runs', 'other runs', 'stalled stops']);

    await stalled.stop();
    await other.stop();
    expect(events).toEqual(['stalled runs', 'other runs', 'stalled stops', 'other stops']);
    expect(await db.query(`select * from writer_leases where name = 'lease-test'`)).toEqual([]);
  });
});
