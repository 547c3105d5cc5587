import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { CHINA_TIME_ZONE, JobOrderState, ServiceType } from '@pest/shared';
import { createManualClock, type ManualClock } from '../../clock/manual-clock.ts';
import type { Db } from '../../backend/db/db.ts';
import { readDemoClock } from '../seed/demo-clock.ts';
import { PLANNING_HORIZON_DAYS } from '../seed/job-orders-vocabulary.ts';
import { openTestDb, TEST_DEMO_ANCHOR, testDriver } from '../../backend/db/testing.ts';
import { startServiceScheduler, type ServiceScheduler } from './service-scheduler.ts';

// An hour a tick: the test runs through two days, on PostgreSQL too, and checks whole hours.
const TICK_MS = 60 * 60_000;
const HOUR_MS = 3_600_000;
const local = (column: string) => `(${column} at time zone '${CHINA_TIME_ZONE}')`;

describe(`service scheduler on ${testDriver}`, () => {
  let db: Db;
  let clock: ManualClock;
  let scheduler: ServiceScheduler;
  /** Visits done since the anchor, counted when the scheduler said it had finished some (their reports are then rendered ahead). */
  const doneWhenTold: Promise<number>[] = [];
  beforeAll(async () => {
    db = await openTestDb();
    clock = createManualClock(TEST_DEMO_ANCHOR.getTime());
    const onVisitsFinished = () => {
      doneWhenTold.push(
        db.query<{ n: number }>(`select count(*)::int as n from job_orders where state = 'done' and ended_at > $1`, [TEST_DEMO_ANCHOR.toISOString()]).then(([row]) => row!.n),
      );
    };
    scheduler = startServiceScheduler(db, pino({ level: 'silent' }), { rate: 1, clock, tickMs: TICK_MS, onVisitsFinished });
  });
  afterAll(async () => {
    await scheduler?.stop();
    await db?.close();
  });

  /**
   * Every job order of `day` against the rule at `at`: planned before its time, in progress until
   * its planned end, then done; one that does not happen stays planned, and once the day is over,
   * whatever is not done is overdue.
   */
  const wrongStates = (day: string, at: Date) =>
    db.query<{ id: number; state: string }>(
      `select id, state from job_orders
       where ${local('started_at')}::date = $2::date and not case
         when ${local('$1::timestamptz')}::date > ${local('started_at')}::date then state in ('${JobOrderState.done}', '${JobOrderState.overdue}')
         when planned_end_at <= $1::timestamptz then state in ('${JobOrderState.done}', '${JobOrderState.planned}')
         when started_at <= $1::timestamptz then state in ('${JobOrderState.inProgress}', '${JobOrderState.planned}')
         else state = '${JobOrderState.planned}' end`,
      [at.toISOString(), day],
    );

  it('moves the day on: planned visits start in working hours, finish with their sheet, and the day ends with none left open', async () => {
    // The first day after the anchor with visits booked (the small test fleet is not busy every day).
    const [first] = await db.query<{ day: string }>(
      `select to_char(min(${local('started_at')})::date, 'YYYY-MM-DD') as day from job_orders where state = 'planned' and type = ${ServiceType.routine}`,
    );
    const day = first!.day;
    const dayStart = new Date(`${day}T00:00:00+08:00`).getTime();
    expect(dayStart).toBeGreaterThanOrEqual(TEST_DEMO_ANCHOR.getTime() - 9 * HOUR_MS);

    await clock.advance(dayStart + 13 * HOUR_MS - clock.now());
    const noon = new Date(clock.now());
    expect(await wrongStates(day, noon)).toEqual([]);
    const started = await db.query<{ state: string; n: number }>(
      `select state, count(*)::int as n from job_orders where started_at > $1::timestamptz and started_at <= $2::timestamptz group by state order by state`,
      [TEST_DEMO_ANCHOR.toISOString(), noon.toISOString()],
    );
    expect(started.map((row) => row.state)).toContain(JobOrderState.done);
    // What finished has its sheet: every point of its plan checked.
    expect(
      (await db.query<{ n: number }>(
        `select count(*)::int as n from job_orders j join points pt on pt.plan_id = j.plan_id
         where j.state = 'done' and j.ended_at > $1::timestamptz
           and not exists (select 1 from point_checks c where c.job_order_id = j.id and c.point_id = pt.id)`,
        [TEST_DEMO_ANCHOR.toISOString()],
      ))[0]!.n,
    ).toBe(0);

    // To a quarter past midnight: the anchor's day is over.
    await clock.advance(dayStart + 24 * HOUR_MS + 15 * 60_000 - clock.now());
    const after = new Date(clock.now());
    expect(await wrongStates(day, after)).toEqual([]);
    const left = await db.query<{ n: number }>(
      `select count(*)::int as n from job_orders
       where state in ('planned', 'inProgress') and ${local('started_at')}::date < ${local('$1::timestamptz')}::date`,
      [after.toISOString()],
    );
    expect(left[0]!.n).toBe(0);
    // Routine visits for a week ahead are booked; call-outs only as they happen.
    const ahead = await db.query<{ last: string; emergencies: number }>(
      `select max(started_at)::text as last,
              count(*) filter (where type = ${ServiceType.emergency} and started_at > $1::timestamptz)::int as emergencies
       from job_orders`,
      [after.toISOString()],
    );
    expect(new Date(ahead[0]!.last).getTime()).toBeGreaterThan(after.getTime() + (PLANNING_HORIZON_DAYS - 1) * 24 * HOUR_MS);
    expect(ahead[0]!.emergencies).toBe(0);
    expect((await readDemoClock(db))!.filledTo.getTime()).toBe(Math.floor((after.getTime() - TEST_DEMO_ANCHOR.getTime()) / TICK_MS) * TICK_MS + TEST_DEMO_ANCHOR.getTime());
    // Told after the commit of each tick that finished visits: what it was told about can be read.
    const told = await Promise.all(doneWhenTold);
    expect(told.length).toBeGreaterThan(0);
    expect(told.every((done) => done > 0)).toBe(true);
  });

  it('books each visit once however often it runs, and numbers a day’s job orders without gaps', async () => {
    const twice = await db.query<{ n: number }>('select count(*)::int as n from (select visit_key from job_orders where visit_key is not null group by 1 having count(*) > 1) t');
    expect(twice[0]!.n).toBe(0);
    const gaps = await db.query<{ day: string }>(
      `select substr(code, 3, 8) as day from job_orders group by 1 having max(substr(code, 11)::int) <> count(*)`,
    );
    expect(gaps).toEqual([]);
  });

  it('runs the business day SCHEDULER_RATE times as fast as its clock, from when it started', async () => {
    await scheduler.stop();
    const start = clock.now();
    const fast = startServiceScheduler(db, pino({ level: 'silent' }), { rate: 60, clock });
    try {
      // A minute of clock is an hour of business; the ticks come every second to keep up.
      await clock.advance(60_000);
      expect((await readDemoClock(db))!.filledTo.getTime()).toBe(start + HOUR_MS);
    } finally {
      await fast.stop();
    }
  });
});
