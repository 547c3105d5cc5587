import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock/manual-clock.ts';
import type { Db } from '../../backend/db/db.ts';
import { testDriver } from '../../backend/db/testing.ts';
import { loadConfig } from '../../config.ts';
import { createBackend } from '../../backend/create-backend.ts';
import { createTestBackend, type TestBackend } from '../../backend/testing.ts';
import { startSimulator } from './simulator.ts';
import { demoWorld } from '../index.ts';

const silent = pino({ level: 'silent' });

const counts = async (db: Db) =>
  (
    await db.query<{ heartbeats: number; events: number; handled: number; seen: string }>(
      // Heartbeats the simulator writes: the test history's raw ones are weeks old, and the backend's pruning may take them.
      `select (select count(*)::int from device_heartbeats where at > now() - interval '1 day') as heartbeats, (select count(*)::int from device_events) as events,
              (select count(*)::int from device_events where handled) as handled,
              (select max(last_communication_at)::text from devices) as seen`,
    )
  )[0]!;

/** The simulator ticks on a manual clock: each second of it is one tick, run to the end of its SQL. */
/**
 * The backend's other timers on its clock, which run whatever SIMULATOR says: the notification
 * outbox's worker, the audit pack runner's look for queued packs, the report cache's pruning
 * (the tests render no report ahead, so its sweep is off) and the product's rules (offline
 * devices, overdue visits).
 */
const ALWAYS_ON_TIMERS = 4;
/** With SIMULATOR=on, the simulator's and the service scheduler's ticks, and the renewals of the lease that lets this process run them. */
const LIVE_WRITER_TIMERS = 3;
describe(`device simulator on ${testDriver}`, () => {
  let quiet: TestBackend;
  const quietClock = createManualClock();

  beforeAll(async () => {
    quiet = await createTestBackend({ env: { SIMULATOR: 'off' }, clock: quietClock });
  });
  afterAll(() => quiet?.close());

  it('is off unless asked for in tests, and SIMULATOR=off turns it off', async () => {
    expect(quietClock.pending).toBe(ALWAYS_ON_TIMERS);
    const before = await counts(quiet.db);
    await quietClock.advance(10_000);
    expect(await counts(quiet.db)).toEqual(before);
  });

  it('makes 2 × speed heartbeats a second through the report path, raising nothing by themselves, and nothing once stopped', async () => {
    const clock = createManualClock();
    // Alarms come at the history's rates, far below one in three seconds for the small fleet.
    const simulator = startSimulator(quiet.db, silent, { speed: 2, random: () => 0.5, clock });
    const before = await counts(quiet.db);
    await clock.advance(999);
    expect(await counts(quiet.db)).toEqual(before);

    await clock.advance(2_001);
    const after = await counts(quiet.db);
    expect(after.heartbeats).toBe(before.heartbeats + 3 * 4);
    expect(after.seen > before.seen).toBe(true);
    expect(after.events).toBe(before.events);

    await simulator.stop();
    expect(clock.pending).toBe(0);
    await clock.advance(10_000);
    expect(await counts(quiet.db)).toEqual(after);
  });

  it('starts with the backend when SIMULATOR=on and stops when it closes', async () => {
    const clock = createManualClock();
    // The same database: this is about the backend starting and stopping its simulator.
    const app = await createBackend({ db: quiet.db, logger: silent, config: loadConfig({ SIMULATOR: 'on', SIMULATOR_RATE: '4', REPORT_RENDER_AHEAD_DAYS: '0', REPORT_CACHE_DIR: path.join(os.tmpdir(), `pest-reports-${process.pid}`) }), clock, demoWorld });
    try {
      expect(clock.pending).toBe(0);
      await app.ready();
      expect(clock.pending).toBe(ALWAYS_ON_TIMERS + LIVE_WRITER_TIMERS);
      const before = await counts(quiet.db);
      await clock.advance(1_000);
      const after = await counts(quiet.db);
      expect(after.heartbeats).toBeGreaterThan(before.heartbeats);
    } finally {
      await app.close();
    }
    expect(clock.pending).toBe(0);
    const stopped = await counts(quiet.db);
    await clock.advance(10_000);
    expect(await counts(quiet.db)).toEqual(stopped);
  });
});
