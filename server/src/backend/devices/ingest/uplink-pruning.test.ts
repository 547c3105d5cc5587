import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.ts';
import { openTestDb, testDriver } from '../../db/testing.ts';
import { uplinkPruning } from './uplink-pruning.ts';

const DAY = 86_400_000;

/** A device's raw uplinks are kept their retention's days, then go; the rest stays. */
describe(`raw uplink retention on ${testDriver}`, () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db?.close());

  it('deletes the uplinks older than the retention at its round, keeps the newer, and waits ten minutes for the next round', async () => {
    const now = Date.parse('2026-12-01T00:00:00Z');
    const [device] = await db.query<{ id: number }>('select id from devices order by id limit 1');
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    await db.query(
      `insert into device_uplinks (device_id, source, received_at) select $1, 'chirpstack', unnest($2::timestamptz[])`,
      [device!.id, [at(31), at(30.5), at(29), at(1)]],
    );
    const sweep = uplinkPruning(db, { logger: pino({ level: 'silent' }), retentionDays: 30 });
    await sweep.run(now);
    const left = async () => (await db.query<{ age: number }>(`select round(extract(epoch from ($1::timestamptz - received_at)) / 86400)::int as age from device_uplinks where device_id = $2 order by received_at`, [new Date(now).toISOString(), device!.id])).map((row) => row.age);
    expect(await left()).toEqual([29, 1]);
    await db.query(`insert into device_uplinks (device_id, source, received_at) values ($1, 'chirpstack', $2)`, [device!.id, at(40)]);
    await sweep.run(now + 60_000);
    expect(await left()).toEqual([40, 29, 1]);
    await sweep.run(now + 10 * 60_000);
    expect(await left()).toEqual([29, 1]);
  });
});
