import type { Queryable } from './db.ts';

/** What an existing database holds: the generated demo, a provider's own data (DEMO=off), or nothing yet (null). */
export async function readInstallation(q: Queryable): Promise<{ demo: boolean } | null> {
  const [row] = await q.query<{ demo: boolean }>('select demo from installation');
  return row ?? null;
}

export async function recordInstallation(q: Queryable, demo: boolean): Promise<void> {
  await q.query('insert into installation (demo) values ($1)', [demo]);
}
