import type { Queryable } from '../db/db.ts';

/** After this many failed logins an account is refused until its window has passed. */
export const MAX_LOGIN_FAILURES = 5;
const WINDOW = '15 minutes';

export async function isLoginBlocked(db: Queryable, account: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from login_failures
     where account = $1 and failures >= $2 and window_started_at > now() - interval '${WINDOW}'`,
    [account, MAX_LOGIN_FAILURES],
  );
  return rows.length > 0;
}

/** Counts a failure in the account's window, starting a new window when the last one is over. */
export async function recordLoginFailure(db: Queryable, account: string): Promise<void> {
  await db.query(
    `insert into login_failures as f (account, failures, window_started_at) values ($1, 1, now())
     on conflict (account) do update set
       failures = case when f.window_started_at > now() - interval '${WINDOW}' then f.failures + 1 else 1 end,
       window_started_at = case when f.window_started_at > now() - interval '${WINDOW}' then f.window_started_at else now() end`,
    [account],
  );
}

export async function clearLoginFailures(db: Queryable, account: string): Promise<void> {
  await db.query('delete from login_failures where account = $1', [account]);
}
