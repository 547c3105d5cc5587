import type { Queryable } from '../db/db.ts';

/** Raw heartbeats are kept this many days (and one more, so a day's are whole); device_daily keeps their counts for good. */
export const RAW_HEARTBEAT_DAYS = 14;
const KEEP_MS = (RAW_HEARTBEAT_DAYS + 1) * 86_400_000;

/**
 * Deletes the raw heartbeats past their retention at `now`, those from `since`'s retention on:
 * what was past it already when the rules first watched the database (a frozen demo history) is
 * left as it was. Returns how many went.
 */
export async function pruneRawHeartbeats(q: Queryable, now: number, since: Date): Promise<number> {
  const [gone] = await q.query<{ n: number }>(
    `with gone as (delete from device_heartbeats where at < $1 and at >= $2 returning 1) select count(*)::int as n from gone`,
    [new Date(now - KEEP_MS).toISOString(), new Date(since.getTime() - KEEP_MS).toISOString()],
  );
  return gone!.n;
}
