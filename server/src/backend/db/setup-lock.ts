import type { Queryable } from './db.ts';

/**
 * Serialises schema setup (migrations, seeding) across processes sharing one PostgreSQL:
 * the lock is held until the surrounding transaction ends.
 */
export async function lockSetup(tx: Queryable): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(72700001)');
}
