import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db.ts';

/** How often PGlite's tables are vacuumed and analysed. */
export const PGLITE_MAINTENANCE_INTERVAL_MS = 30 * 60_000;

/**
 * What PostgreSQL's autovacuum does and PGlite never does: without it the tables have no
 * visibility map, so every index-only scan reads the heap too (the alarm statistics' reads of a
 * wait bucket, migration 210, become ~5× slower), the dead rows of the live writers' updates are
 * never reclaimed, and the planner keeps the statistics of the first start as the data grows.
 * VACUUM visits only the pages changed since the last one, so after the first run each is short.
 */
export async function vacuumPglite(db: Db): Promise<void> {
  if (db.driver === 'pglite') await db.exec('vacuum (analyze)');
}

/**
 * The same, a table at a time, so requests get the database in between: for a product that
 * already answers (a new demo's data just filled in).
 */
export async function vacuumPgliteByTable(db: Db): Promise<void> {
  if (db.driver !== 'pglite') return;
  const tables = await db.query<{ name: string }>(`select quote_ident(tablename) as name from pg_tables where schemaname = current_schema() order by tablename`);
  for (const { name } of tables) await db.exec(`vacuum (analyze) ${name}`);
}

/**
 * Vacuums every `intervalMs` on PGlite (nothing on PostgreSQL); the timer never keeps the process
 * alive. `stop` waits for a run under way, so the database is not closed beneath it.
 */
export function startPgliteMaintenance(db: Db, logger: FastifyBaseLogger, intervalMs = PGLITE_MAINTENANCE_INTERVAL_MS): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const timer =
    db.driver === 'pglite'
      ? setInterval(() => {
          const started = performance.now();
          running = vacuumPglite(db).then(
            () => logger.debug({ ms: Math.round(performance.now() - started) }, 'vacuumed the embedded database'),
            (error: unknown) => logger.warn({ err: error }, 'vacuuming the embedded database failed'),
          );
        }, intervalMs).unref()
      : undefined;
  return {
    stop: () => {
      clearInterval(timer);
      return running;
    },
  };
}
