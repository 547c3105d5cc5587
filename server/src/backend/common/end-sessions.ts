import type { Queryable } from '../db/db.ts';

/** Ends every session of the account (disabled, or given a new password by someone else); its next call is a 401. */
export async function endAllSessions(db: Queryable, userId: number): Promise<void> {
  await db.query('delete from sessions where user_id = $1', [userId]);
}
