import { JobOrderState } from '@pest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock/manual-clock.ts';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, type TestBackend } from '../testing.ts';

const MINUTE = 60_000;
/** Ten minutes before a China midnight, years after the test history: 2031-03-10 23:50 in Beijing. */
const T0 = Date.parse('2031-03-10T15:50:00Z');
const beijing = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+08:00`);

/**
 * Issue 37: the overdue rule runs whenever the backend runs, the demo's service day or not. With
 * SIMULATOR=off no simulated staff start or finish a visit: the backend alone turns the visits not
 * done by the end of their day overdue, at the midnight of its manual clock.
 */
describe(`the overdue watch with SIMULATOR=off on ${testDriver}`, () => {
  let backend: TestBackend;
  const clock = createManualClock(T0);

  beforeAll(async () => {
    backend = await createTestBackend({ env: { SIMULATOR: 'off' }, clock });
  });
  afterAll(() => backend?.close());

  it('turns the day\'s planned and in-progress visits overdue at its end, and leaves the done, the next day\'s and those of days before it watched', async () => {
    const { db } = backend;
    const ids = (await db.query<{ id: number }>(`select id from job_orders where state = '${JobOrderState.planned}' order by id limit 5`)).map((row) => row.id);
    expect(ids).toHaveLength(5);
    const visit = (i: number, start: Date, state: JobOrderState) =>
      db.query(`update job_orders set started_at = $2::timestamptz, planned_end_at = $3::timestamptz,
         ended_at = case when $4::text = '${JobOrderState.done}' then $3::timestamptz end, state = $4::text
       where id = $1`, [
        ids[i],
        start.toISOString(),
        new Date(start.getTime() + 60 * MINUTE).toISOString(),
        state,
      ]);
    await visit(0, beijing('2031-03-10', 10), JobOrderState.planned);
    await visit(1, beijing('2031-03-10', 14), JobOrderState.inProgress);
    await visit(2, beijing('2031-03-10', 8), JobOrderState.done);
    await visit(3, beijing('2031-03-11', 9), JobOrderState.planned);
    // The day before the backend first watched this database is never judged: a demo history
    // frozen at its end (SIMULATOR=off) keeps its coming week's visits as they were.
    await visit(4, beijing('2031-03-09', 10), JobOrderState.planned);
    const states = async () =>
      (await db.query<{ state: JobOrderState }>('select state from job_orders where id = any($1::int[]) order by array_position($1::int[], id)', [ids])).map((row) => row.state);
    const { planned, inProgress, done, overdue } = JobOrderState;

    // 23:59 in Beijing: the day is not over.
    await clock.advance(9 * MINUTE);
    expect(await states()).toEqual([planned, inProgress, done, planned, planned]);
    // The sweep at midnight.
    await clock.advance(MINUTE);
    expect(await states()).toEqual([overdue, overdue, done, planned, planned]);
  });
});
