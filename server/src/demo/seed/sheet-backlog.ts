import type { Db, Queryable } from '../../backend/db/db.ts';
import { lockSetup } from '../../backend/db/setup-lock.ts';
import { fillInSteps, type StepFillOptions } from './fill-in-steps.ts';
import { loadActivityModel } from './job-orders.ts';
import { createFinishedJobTable, writeSheets } from './visit-progress.ts';

/**
 * The sheets (point checks and materials) of a new demo's older visits, which a first start leaves
 * for the background (the most expensive part of the seed, and no first screen needs a year of
 * them): the visits of the last SHEETS_NOW_DAYS get theirs in the seed, the others wait in
 * demo_sheet_backlog and are written newest first, a batch of visits per transaction, so requests
 * get the database between steps. Every value is a hash of the visit and its point, so a step makes
 * exactly the rows the seed would have.
 */

/** Days of visits whose sheets a first start writes before it answers. */
export const SHEETS_NOW_DAYS = 31;

/** Visits one background step writes: ~6,000 point checks at the medium scale, about a quarter of a second on a quiet machine. */
export const SHEET_FILL_VISITS = 250;

/** What a pending fill says it is filling in: the start banner names it. */
export const SHEET_FILL_WHAT = `sheets of the visits older than ${SHEETS_NOW_DAYS} days (point checks and materials)`;

/** Whether the sheets of some visits are still to be written. */
export async function sheetFillPending(q: Queryable): Promise<boolean> {
  return (await q.query('select 1 from demo_sheet_backlog limit 1')).length > 0;
}

/** Writes the sheets of the next `visits` visits of the backlog (all when null); true when more wait. */
async function fillStep(db: Db, visits: number | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockSetup(tx);
    await loadActivityModel(tx);
    await createFinishedJobTable(tx);
    await tx.query(
      `with step as (
         delete from demo_sheet_backlog where job_order_id in (
           select job_order_id from demo_sheet_backlog order by started_at desc, job_order_id desc limit $1)
         returning *
       )
       insert into finished_job (id, customer_id, plan_id, type, month, kind, activity, started_at, ended_at, since)
       select job_order_id, customer_id, plan_id, type, month, kind, activity, started_at, ended_at, since from step`,
      [visits],
    );
    await tx.exec('analyze finished_job');
    await writeSheets(tx);
    return sheetFillPending(tx);
  });
}

export interface SheetFillOptions extends StepFillOptions {
  /** Visits a step writes; null writes all at once. */
  visitsPerStep: number | null;
}

/** Writes whatever sheets wait, step by step; false when stopped before the end. */
export const fillVisitSheets = (db: Db, { visitsPerStep, ...options }: SheetFillOptions): Promise<boolean> =>
  fillInSteps(
    db,
    { name: 'visit sheets', pending: sheetFillPending, step: () => fillStep(db, visitsPerStep), analyze: 'point_checks, point_check_values, job_order_materials' },
    options,
  );
