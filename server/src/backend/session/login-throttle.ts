import type { Queryable } from '../db/db.ts';

/**
 * Wrong passwords slow down the (account, address) pair that made them, never the account as a
 * whole: a stranger's guesses must not keep the owner out. The per-address limit per minute
 * (LOGIN_RATE_LIMIT_MAX) bounds guessing across accounts on top of this.
 */

/** Failures in a row before an address must wait for its next attempt at that account. */
export const FREE_LOGIN_FAILURES = 3;
const FIRST_DELAY_SECONDS = 5;
const MAX_DELAY_SECONDS = 15 * 60;
/** Failures older than this are forgotten, and their rows pruned. */
export const LOGIN_FAILURE_MEMORY = '1 day';

/** How long an address waits after its `failures`-th failure in a row: 0, then 5 s doubling per failure, at most 15 minutes. */
export function loginDelaySeconds(failures: number): number {
  if (failures < FREE_LOGIN_FAILURES) return 0;
  return Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** (failures - FREE_LOGIN_FAILURES));
}

/** Seconds until `address` may try `account` again; 0 when it may now. */
export async function loginRetryAfter(db: Queryable, account: string, address: string): Promise<number> {
  const [row] = await db.query<{ seconds: number }>(
    `select ceil(extract(epoch from blocked_until - now()))::int as seconds
     from login_failures where account = $1 and address = $2 and blocked_until > now()`,
    [account, address],
  );
  return row?.seconds ?? 0;
}

/** Counts a failure of `address` at `account` and starts its wait, if it has earned one. */
export async function recordLoginFailure(db: Queryable, account: string, address: string): Promise<void> {
  const [row] = await db.query<{ failures: number }>(
    `insert into login_failures as f (account, address, failures, last_failed_at) values ($1, $2, 1, now())
     on conflict (account, address) do update set
       failures = case when f.last_failed_at > now() - interval '${LOGIN_FAILURE_MEMORY}' then f.failures + 1 else 1 end,
       last_failed_at = now(),
       blocked_until = null
     returning failures`,
    [account, address],
  );
  const delay = loginDelaySeconds(row!.failures);
  if (delay > 0) {
    await db.query(
      'update login_failures set blocked_until = now() + make_interval(secs => $3) where account = $1 and address = $2',
      [account, address, delay],
    );
  }
}

/** A right password from `address` clears its failures at `account`; other addresses keep theirs. */
export async function clearLoginFailures(db: Queryable, account: string, address: string): Promise<void> {
  await db.query('delete from login_failures where account = $1 and address = $2', [account, address]);
}
