import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/db.ts';
import { LOGIN_FAILURE_MEMORY } from './login-throttle.ts';

/** How often expired sessions and forgotten login failures are deleted. */
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

/**
 * Deletes expired sessions and login failures past their memory. Without it both tables grow
 * forever: sessions of users who never log in again, failures for every account name ever tried.
 */
export async function pruneLoginState(db: Queryable): Promise<{ sessions: number; loginFailures: number }> {
  const count = async (sql: string) => (await db.query<{ n: number }>(`with gone as (${sql} returning 1) select count(*)::int as n from gone`))[0]!.n;
  return {
    sessions: await count('delete from sessions where expires_at <= now()'),
    loginFailures: await count(`delete from login_failures where last_failed_at <= now() - interval '${LOGIN_FAILURE_MEMORY}'`),
  };
}

/**
 * Prunes now and every `intervalMs`; the timer never keeps the process alive. `stop` waits for a
 * prune under way, so the database is not closed beneath it.
 */
export function startHousekeeping(db: Queryable, logger: FastifyBaseLogger, intervalMs = HOUSEKEEPING_INTERVAL_MS): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = pruneLoginState(db).then(
      (pruned) => logger.debug(pruned, 'pruned login state'),
      (error: unknown) => logger.warn({ err: error }, 'pruning login state failed'),
    );
  };
  run();
  const timer = setInterval(run, intervalMs).unref();
  return {
    stop: () => {
      clearInterval(timer);
      return running;
    },
  };
}
