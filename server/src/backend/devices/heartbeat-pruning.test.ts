import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock/manual-clock.ts';
import type { Db } from '../db/db.ts';
import { openTestDb, testDriver } from '../db/testing.ts';
import { createTestBackend, type TestBackend } from '../testing.ts';

const DAY = 86_400_000;

/**
 * Issue 37: raw heartbeats go past their retention (14 days, and the day they end in) whenever the
 * backend runs: only the demo's simulator pruned them, so with SIMULATOR=off a real fleet's grew
 * for ever. What the database held from before its rules first watched it stays as it was.
 */
describe(`raw heartbeat retention with SIMULATOR=off on ${testDriver}`, () => {
  let db: Db;
  let backend: TestBackend;
  const T0 = Date.now();
  const clock = createManualClock(T0);

  beforeAll(async () => {
    db = await openTestDb();
    // The product's rules have watched this database for a month.
    await db.query('insert into rule_watch (since) values ($1)', [new Date(T0 - 30 * DAY).toISOString()]);
    backend = await createTestBackend({ db, env: { SIMULATOR: 'off' }, clock });
  });
  afterAll(async () => {
    await backend?.close();
    await db?.close();
  });

  it('prunes those past their retention at the first sweep, keeping the recent ones and those from before the rules watched', async () => {
    const [device] = await db.query<{ id: number }>('select id from devices order by id limit 1');
    const ages = [50, 20, 10];
    for (const age of ages) {
      await db.query('insert into device_heartbeats (device_id, at, battery) values ($1, $2, 80)', [device!.id, new Date(T0 - age * DAY).toISOString()]);
    }
    const kept = async () =>
      (
        await db.query<{ age: number }>(
          'select round(($2::float8 - extract(epoch from at) * 1000) / $3)::int as age from device_heartbeats where device_id = $1 and at = any($4::timestamptz[]) order by at',
          [device!.id, T0, DAY, ages.map((age) => new Date(T0 - age * DAY).toISOString())],
        )
      ).map((row) => row.age);
    expect(await kept()).toEqual([50, 20, 10]);
    await clock.advance(60_000);
    expect(await kept()).toEqual([50, 10]);
  });
});
