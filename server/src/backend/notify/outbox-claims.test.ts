import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock/manual-clock.ts';
import type { Db } from '../db/db.ts';
import { openSecondPool, openTestDb, testDriver } from '../db/testing.ts';
import { startOutboxWorker } from './outbox-worker.ts';
import type { ChannelSender } from './channel-send.ts';

/**
 * Two workers, as two backend processes would run them, on one outbox: every delivery is sent
 * exactly once. On PostgreSQL they hold separate connection pools, so their claims really race
 * (FOR UPDATE SKIP LOCKED); on PGlite they share the one connection and take turns.
 */
describe(`outbox claims on ${testDriver}`, () => {
  const DELIVERIES = 60;
  let db: Db;
  let second: Db | null;

  beforeAll(async () => {
    db = await openTestDb();
    second = await openSecondPool(db);
  });
  afterAll(async () => {
    await second?.close();
    await db?.close();
  });

  it('sends each due delivery once with two workers claiming at the same time', async () => {
    const [channel] = await db.query<{ id: number }>(
      `insert into notify_channels (type, name, url, created_by) values ('webhook', 'claims', 'http://127.0.0.1:9/x', 1) returning id`,
    );
    const alarms = await db.query<{ id: number }>(`select id from device_events where kind = 5 order by id limit ${DELIVERIES}`);
    expect(alarms).toHaveLength(DELIVERIES);
    const clock = createManualClock(Date.parse('2026-11-24T02:00:00Z'));
    for (const alarm of alarms) {
      await db.query(`insert into notify_deliveries (channel_id, reason, alarm_ids, due_at) values ($1, 'alarm', array[$2::int], $3)`, [
        channel!.id,
        alarm.id,
        new Date(clock.now() - 1_000),
      ]);
    }
    const sent: string[] = [];
    const send: ChannelSender = async (_channel, _notice, delivery) => {
      sent.push(delivery.id);
      // An answer that takes a while, so the other worker claims meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { ok: true, status: 200, detail: 'ok' };
    };
    const options = { clock, send, logger: pino({ level: 'silent' }), digestWindowMs: 0, maxAttempts: 3, leaseMs: 60_000, alarmCenterUrl: 'http://x' };
    const workers = [startOutboxWorker(db, options), startOutboxWorker(second ?? db, options)];
    await Promise.all([workers[0]!.runOnce(), workers[1]!.runOnce(), workers[0]!.runOnce(), workers[1]!.runOnce()]);
    for (let i = 0; i < 5; i++) await Promise.all(workers.map((worker) => worker.runOnce()));
    await Promise.all(workers.map((worker) => worker.stop()));

    const rows = await db.query<{ id: string; status: string; attempts: number }>(`select id::text, status, attempts from notify_deliveries order by id`);
    expect(rows.map((row) => row.status)).toEqual(Array(DELIVERIES).fill('sent'));
    expect(sent).toHaveLength(DELIVERIES);
    expect(new Set(sent).size).toBe(sent.length);
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
  });
});
