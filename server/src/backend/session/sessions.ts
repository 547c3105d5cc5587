import type { Queryable } from '../db/db.ts';
import { accountAccessColumns, type AccountAccess } from '../common/account-access.ts';
import { hashToken, newSessionToken } from './tokens.ts';

export interface SessionUser extends AccountAccess {
  /** Signed in with a password it was given: only the calls of MUST_CHANGE_PASSWORD_ALLOWED_PATHS until it changes it. */
  mustChangePassword: boolean;
}

/** Starts a session and returns its token; only the token's hash is stored. */
export async function createSession(db: Queryable, userId: number, ttlHours: number): Promise<string> {
  const token = newSessionToken();
  // The user's expired sessions go at the same time, so the table does not grow without bound.
  await db.query('delete from sessions where user_id = $1 and expires_at <= now()', [userId]);
  await db.query(
    `insert into sessions (token_hash, user_id, expires_at)
     values ($1, $2, now() + make_interval(secs => $3))`,
    [hashToken(token), userId, ttlHours * 3600],
  );
  return token;
}

/** The user a token belongs to, or null when the token is unknown or expired or the account disabled. */
export async function findSessionUser(db: Queryable, token: string): Promise<SessionUser | null> {
  const [user] = await db.query<SessionUser>(
    `select ${accountAccessColumns('u')}, u.must_change_password as "mustChangePassword"
     from sessions s join users u on u.id = s.user_id
     where s.token_hash = $1 and s.expires_at > now() and u.disabled_at is null`,
    [hashToken(token)],
  );
  return user ?? null;
}

/** Ends every other session of the user: a changed password signs out whoever knew the old one. */
export async function deleteOtherSessions(db: Queryable, userId: number, keepToken: string): Promise<void> {
  await db.query('delete from sessions where user_id = $1 and token_hash <> $2', [userId, hashToken(keepToken)]);
}

export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.query('delete from sessions where token_hash = $1', [hashToken(token)]);
}
