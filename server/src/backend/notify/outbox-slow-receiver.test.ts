import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock/manual-clock.ts';
import type { Db } from '../db/db.ts';
import { openSecondPool, openTestDb, testDriver } from '../db/testing.ts';
import { createChannelSender } from './channel-send.ts';
import { startOutboxWorker } from './outbox-worker.ts';
import { createSecretBox } from '../common/secret-box.ts';
import { startHeldReceiver } from './testing/held-receiver.ts';

const LEASE_MS = 300;
/** How long the receiver takes over each answer, on the workers' clock: several leases. */
const ANSWER_AFTER_MS = LEASE_MS * 3;

/**
 * Two workers, as two backend processes would run them, on one outbox, sending for real over
 * HTTP to a loopback receiver that answers only after several leases have passed (the test moves
 * the workers' clock while a request waits). DingTalk and WeCom robots cannot drop a repeat:
 * every delivery must be POSTed once, however slow the receiver, and a worker that stops mid-send
 * must neither lose nor repeat what it sends, nor keep what it has not started.
 */
describe(`outbox with a receiver slower than the lease, on ${testDriver}`, () => {
  const clock = createManualClock(Date.parse('2026-11-24T02:00:00Z'));
  const logger = pino({ level: 'silent' });
  let db: Db;
  let second: Db | null;
  let receiver: Awaited<ReturnType<typeof startHeldReceiver>>;
  let sender: ReturnType<typeof createChannelSender>;
  let channelId: number;

  beforeAll(async () => {
    db = await openTestDb();
    second = await openSecondPool(db);
    receiver = await startHeldReceiver();
    sender = createChannelSender({
      box: createSecretBox('outbox-slow-receiver'),
      allowedHosts: new Set([receiver.host]),
      timeoutMs: 30_000,
      smtpUrl: null,
      smtpFrom: 'pest@example.com',
      now: clock.now,
    });
    [{ id: channelId }] = (await db.query<{ id: number }>(
      `insert into notify_channels (type, name, url, created_by) values ('webhook', '慢接收方', $1, 1) returning id`,
      [receiver.url('/alarms')],
    )) as [{ id: number }];
  });
  afterAll(async () => {
    sender?.close();
    await receiver?.close();
    await second?.close();
    await db?.close();
  });
  beforeEach(async () => {
    await db.query('delete from notify_deliveries');
    receiver.bodies.length = 0;
  });

  /** `count` deliveries of one alarm each, due now. */
  const queue = async (count: number) => {
    const alarms = await db.query<{ id: number }>(`select id from device_events where kind = 5 order by id limit ${count}`);
    expect(alarms).toHaveLength(count);
    for (const alarm of alarms) {
      await db.query(`insert into notify_deliveries (channel_id, reason, alarm_ids, due_at) values ($1, 'alarm', array[$2::int], $3)`, [
        channelId,
        alarm.id,
        new Date(clock.now() - 1_000),
      ]);
    }
  };
  // Passes are started by the test (as each worker's tick would), never by the clock: a tick's pass
  // waits for the receiver, and the clock waits for what its timers start.
  const startWorker = (on: Db) =>
    startOutboxWorker(on, { clock, send: sender.send, logger, digestWindowMs: 0, maxAttempts: 3, leaseMs: LEASE_MS, alarmCenterUrl: 'http://x', tickMs: 3600_000 });
  const unsent = async () => (await db.query<{ n: number }>(`select count(*)::int as n from notify_deliveries where status <> 'sent'`))[0]!.n;
  const postedIds = () => receiver.bodies.map((body) => (JSON.parse(body) as { deliveryId: string }).deliveryId);
  const rows = () => db.query<{ status: string; attempts: number; claimedUntil: Date | null }>(
    `select status, attempts, claimed_until as "claimedUntil" from notify_deliveries order by id`,
  );

  /**
   * Until all is sent: each worker ticks, the oldest request waiting is answered only after the
   * clock moved ANSWER_AFTER_MS, and each worker ticks again meanwhile, as it would every second.
   */
  async function sendSlowly(workers: ReturnType<typeof startWorker>[], deliveries: number) {
    const passes: Promise<number>[] = [];
    const tick = () => passes.push(...workers.map((worker) => worker.runOnce()));
    tick();
    for (let round = 0; round < deliveries * 3; round++) {
      await expect.poll(async () => receiver.held.length > 0 || (await unsent()) === 0, { timeout: 20_000 }).toBe(true);
      if (receiver.held.length === 0) break;
      await clock.advance(ANSWER_AFTER_MS);
      tick();
      // The other worker's claim, if it makes one, is in before the answer.
      await db.query('select 1');
      receiver.held.shift()!.answer();
    }
    await Promise.all(passes);
    expect(receiver.held).toHaveLength(0);
  }

  it('POSTs every delivery exactly once with two workers and a receiver that answers after several leases', async () => {
    const DELIVERIES = 4;
    await queue(DELIVERIES);
    const workers = [startWorker(db), startWorker(second ?? db)];
    await sendSlowly(workers, DELIVERIES);
    await Promise.all(workers.map((worker) => worker.stop()));

    expect(postedIds()).toHaveLength(DELIVERIES);
    expect(new Set(postedIds()).size).toBe(DELIVERIES);
    expect(await rows()).toEqual(Array(DELIVERIES).fill({ status: 'sent', attempts: 1, claimedUntil: null }));
  }, 60_000);

  it('on stop mid-send records that send as sent, holds nothing it has not started, and the other worker sends the rest once', async () => {
    const DELIVERIES = 3;
    await queue(DELIVERIES);
    const [stopping, other] = [startWorker(db), startWorker(second ?? db)];
    const pass = stopping.runOnce();
    await expect.poll(() => receiver.held.length, { timeout: 20_000 }).toBe(1);
    // SIGTERM while the receiver takes its time: the send in flight goes on and is recorded.
    let stopped = false;
    const stop = stopping.stop().then(() => (stopped = true));
    await clock.advance(ANSWER_AFTER_MS);
    receiver.held.shift()!.answer();
    // A worker that went on sending what it had claimed would post again instead of stopping.
    await expect.poll(() => stopped || receiver.held.length > 0, { timeout: 20_000 }).toBe(true);
    expect(receiver.held).toHaveLength(0);
    await Promise.all([stop, pass]);
    expect(postedIds()).toHaveLength(1);
    expect(await rows()).toEqual([
      { status: 'sent', attempts: 1, claimedUntil: null },
      { status: 'pending', attempts: 0, claimedUntil: null },
      { status: 'pending', attempts: 0, claimedUntil: null },
    ]);

    await clock.advance(ANSWER_AFTER_MS);
    await sendSlowly([other], DELIVERIES - 1);
    await other.stop();
    expect(postedIds()).toHaveLength(DELIVERIES);
    expect(new Set(postedIds()).size).toBe(DELIVERIES);
    expect(await rows()).toEqual(Array(DELIVERIES).fill({ status: 'sent', attempts: 1, claimedUntil: null }));
  }, 60_000);
});
