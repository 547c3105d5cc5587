import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { DEFAULT_ADMIN_USER_IDS } from '@pest/shared';
import type { Config } from '../../config.ts';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { vacuumPglite } from './pglite-maintenance.ts';
import { openPostgres } from './postgres.ts';
import type { DemoSeedOptions, DemoWorld } from '../demo-world.ts';
import { startEmptyProduct } from './product-start.ts';
import { bootstrapAdministrators, ensureBuiltInRoles } from './reference/roles.ts';

type StartConfig = Pick<Config, 'seedScale'> & Partial<Pick<Config, 'demoAnchor' | 'demo' | 'initialAdminPassword' | 'adminUserIds'>>;
type DatabaseConfig = Pick<Config, 'databaseUrl' | 'dataDir'> & StartConfig & Partial<Pick<Config, 'queryTimeoutMs'>>;

export interface OpenDatabaseOptions extends Pick<DemoSeedOptions, 'fill'> {
  /** The demo's world, which DEMO=on seeds: the composition root hands it in. */
  demoWorld?: DemoWorld;
  /** The start banner (DEMO=off: a generated first password, once). */
  onBanner?: (line: string) => void;
}

/**
 * The reference backend's database, migrated and seeded: PostgreSQL when configured, else PGlite.
 * `fill` 'later' leaves the older history of a new demo (the devices' heartbeat history, the sheets
 * of visits older than a month) for the backend to fill in while it answers (living/demo-fill.ts);
 * by default it is there on return.
 */
export async function openDatabase(config: DatabaseConfig, logger: Logger, { fill, onBanner, demoWorld }: OpenDatabaseOptions = {}): Promise<Db> {
  const seeding = { ...config, fill, onBanner, demoWorld };
  if (config.databaseUrl) {
    // Migrations and the seed run without the requests' statement timeout, on a pool of their own.
    await (await prepareDatabase(await openPostgres(config.databaseUrl, logger), seeding, logger)).close();
    return openPostgres(config.databaseUrl, logger, { statementTimeoutMs: config.queryTimeoutMs });
  }

  // Loaded only here: PGlite's module alone is ~48 MB of a process on PostgreSQL that never uses it.
  const { openPglite } = await import('./pglite.ts');
  const dir = path.join(config.dataDir, 'db');
  const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
  await mkdir(dir, { recursive: true });
  const db = await prepareDatabase(await openPglite({ dataDir: dir }), seeding, logger);
  if (!fresh) return db;
  // The generated rows all-visible at once, as the maintenance timer would leave them later; a
  // demo that answers before its older history is in is vacuumed once that is (living/demo-fill.ts).
  if (fill !== 'later') await vacuumPglite(db);
  // initdb leaves PGlite's wasm heap at ~850 MB, and it never shrinks; reopened, the same
  // database runs in ~450 MB. Costs ~0.3 s on the very first start only.
  await db.close();
  return openPglite({ dataDir: dir });
}

/** Migrates `db` and seeds it as the configuration says (the demo, or an empty product start); closes it if that fails. */
export async function prepareDatabase(
  db: Db,
  { seedScale, demoAnchor, demo = true, initialAdminPassword = null, adminUserIds = [...DEFAULT_ADMIN_USER_IDS], fill, onBanner, demoWorld }: StartConfig & OpenDatabaseOptions,
  logger: Logger,
): Promise<Db> {
  try {
    await migrate(db, logger);
    if (demo) {
      if (!demoWorld) throw new Error('DEMO=on, but this start was given no demo to seed: start the product through server/src/main.ts, or with DEMO=off');
      await demoWorld.seed(db, { scale: seedScale, logger, anchor: demoAnchor ? new Date(demoAnchor) : null, fill });
    } else await startEmptyProduct(db, { logger, adminUserId: adminUserIds[0]!, initialAdminPassword, onBanner });
    await ensureBuiltInRoles(db);
    await bootstrapAdministrators(db, adminUserIds);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}
