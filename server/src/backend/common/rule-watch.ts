import type { Db } from '../db/db.ts';

/**
 * When the product's rules first ran on this database (migrations/351_rule_watch.sql), written once
 * by the first backend to ask, at `now`: the rules judge the data from then on. What a database
 * held from before (a demo history frozen at its end) is not theirs to judge.
 */
export async function firstWatched(db: Db, now: Date): Promise<Date> {
  await db.query('insert into rule_watch (since) values ($1) on conflict (id) do nothing', [now.toISOString()]);
  const [row] = await db.query<{ since: Date | string }>('select since from rule_watch');
  return new Date(row!.since);
}
