import type { Queryable } from '../../backend/db/db.ts';

/** Where the generated history ends (`anchor`) and how far the generated data runs now (`filledTo`). */
export interface DemoClock {
  anchor: Date;
  filledTo: Date;
}

/**
 * The history's end in data dirs seeded before the anchor was stored: they were all generated up
 * to this fixed moment, so that is where their catch-up starts.
 */
export const LEGACY_ANCHOR = new Date('2026-11-01T09:00:00+08:00');

export async function readDemoClock(q: Queryable): Promise<DemoClock | null> {
  const [row] = await q.query<{ anchor: Date | string; filled_to: Date | string }>('select anchor, filled_to from demo_clock');
  return row ? { anchor: new Date(row.anchor), filledTo: new Date(row.filled_to) } : null;
}

/** Records a newly generated history (or a legacy one) ending at `anchor`. */
export async function storeDemoClock(q: Queryable, anchor: Date): Promise<void> {
  await q.query('insert into demo_clock (anchor, filled_to) values ($1, $1) on conflict (id) do nothing', [anchor.toISOString()]);
}

/** The generated data now runs up to `to` (never moves back). */
export async function markFilledTo(q: Queryable, to: Date): Promise<void> {
  await q.query('update demo_clock set filled_to = greatest(filled_to, $1::timestamptz)', [to.toISOString()]);
}
