import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { vacuumPglite } from './pglite-maintenance.ts';
import { openPostgres } from './postgres.ts';
import { seed, type SeedOptions } from './seed/index.ts';

type DatabaseConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'seedScale'> & Partial<Pick<Config, 'queryTimeoutMs' | 'demoAnchor'>>;

/**
 * The reference backend's database, migrated and seeded: PostgreSQL when configured, else PGlite.
 * `heartbeatHistory` 'later' leaves the devices' heartbeat history of a new demo for the backend
 * to fill in while it answers (living/demo-fill.ts); by default it is there on return.
 */
export async function openDatabase(config: DatabaseConfig, logger: Logger, { heartbeatHistory }: Pick<SeedOptions, 'heartbeatHistory'> = {}): Promise<Db> {
  const seeding = { ...config, heartbeatHistory };
  if (config.databaseUrl) {
    // Migrations and the seed run without the requests' statement timeout, on a pool of their own.
    await (await prepare(await openPostgres(config.databaseUrl, logger), seeding, logger)).close();
    return openPostgres(config.databaseUrl, logger, { statementTimeoutMs: config.queryTimeoutMs });
  }

  // Loaded only here: PGlite's module alone is ~48 MB of a process on PostgreSQL that never uses it.
  const { openPglite } = await import('./pglite.ts');
  const dir = path.join(config.dataDir, 'db');
  const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
  await mkdir(dir, { recursive: true });
  const db = await prepare(await openPglite({ dataDir: dir }), seeding, logger);
  if (!fresh) return db;
  // The generated rows all-visible at once, as the maintenance timer would leave them later; a
  // demo that answers before its heartbeat history is in is vacuumed once that is (living/demo-fill.ts).
  if (heartbeatHistory !== 'later') await vacuumPglite(db);
  // initdb leaves PGlite's wasm heap at ~850 MB, and it never shrinks; reopened, the same
  // database runs in ~450 MB. Costs ~0.3 s on the very first start only.
  await db.close();
  return openPglite({ dataDir: dir });
}

async function prepare(
  db: Db,
  { seedScale, demoAnchor, heartbeatHistory }: Pick<Config, 'seedScale'> & Partial<Pick<Config, 'demoAnchor'>> & Pick<SeedOptions, 'heartbeatHistory'>,
  logger: Logger,
): Promise<Db> {
  try {
    await migrate(db, logger);
    await seed(db, { scale: seedScale, logger, anchor: demoAnchor ? new Date(demoAnchor) : null, heartbeatHistory });
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}
