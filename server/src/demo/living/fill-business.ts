import type { Queryable } from '../../backend/db/db.ts';
import { markFilledTo } from '../seed/demo-clock.ts';
import { loadActivityModel } from '../seed/job-orders.ts';
import { planVisits } from '../seed/job-orders-visits.ts';
import { advanceVisits, type VisitProgress } from '../seed/visit-progress.ts';

export interface BusinessFill extends VisitProgress {
  /** Job orders booked. */
  planned: number;
}

/**
 * Carries the service business from `from` to `to` inside the caller's transaction, with the very
 * steps that generated the history: book the visits whose booking falls in the window, move every
 * job order on to `to` (start, finish with its sheet and risks, overdue), put right the risks
 * whose day came. The demo clock then says the data runs to `to`.
 */
export async function fillBusiness(tx: Queryable, from: Date, to: Date): Promise<BusinessFill> {
  await loadActivityModel(tx);
  const { created } = await planVisits(tx, { from, to });
  const progress = await advanceVisits(tx, to);
  await tx.exec('drop table pest_season, check_reading, region_activity');
  await markFilledTo(tx, to);
  return { planned: created, ...progress };
}

/**
 * One writer at a time moves the business on, whichever process (several backends may share one
 * PostgreSQL): the lock holds until the transaction ends. False when another holds it.
 */
export async function tryLockBusiness(tx: Queryable): Promise<boolean> {
  const [row] = await tx.query<{ locked: boolean }>('select pg_try_advisory_xact_lock(72700018) as locked');
  return row!.locked;
}
