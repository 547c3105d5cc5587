import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import type { Db, Queryable } from './db.ts';
import { lockSetup } from './setup-lock.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const FILE_NAME = /^(\d{3})_[a-z0-9_]+\.sql$/;

interface Migration {
  version: number;
  name: string;
  sql: string;
  /** sha256 (hex) of the file's bytes. */
  checksum: string;
}

/** The numbered `migrations/NNN_name.sql` files, in order. `dir` is for tests. */
export async function readMigrations(dir: URL = MIGRATIONS_DIR): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const name of names) {
    const match = FILE_NAME.exec(name);
    if (!match) throw new Error(`Migration file ${name} must be named NNN_lowercase_name.sql`);
    const version = Number(match[1]);
    if (migrations.some((m) => m.version === version)) throw new Error(`Two migrations have version ${version}`);
    const bytes = await readFile(new URL(name, dir));
    migrations.push({ version, name, sql: bytes.toString('utf8'), checksum: createHash('sha256').update(bytes).digest('hex') });
  }
  return migrations;
}

/** An applied migration's file no longer says what was applied: the schema and the files disagree. */
export class ChangedMigrationError extends Error {}

/**
 * Applies the migrations not yet recorded in `schema_migrations`, each in its own transaction
 * with its record, so a failing migration leaves nothing half-applied. Before that, refuses to
 * go on if the file of a migration already applied has changed since: the edit would never run
 * here, and this database would silently differ from a new one.
 */
export async function migrate(db: Db, logger: Logger, dir: URL = MIGRATIONS_DIR): Promise<void> {
  const migrations = await readMigrations(dir);
  await db.transaction(async (tx) => {
    await lockSetup(tx);
    await tx.exec(`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now(),
      checksum text
    )`);
    await recordMissingChecksums(tx, migrations, logger);
    await refuseChangedMigrations(tx, migrations);
  });

  for (const migration of migrations) {
    await db.transaction(async (tx) => {
      await lockSetup(tx);
      // Checked under the lock: another process may have applied it meanwhile.
      const applied = await tx.query('select 1 from schema_migrations where version = $1', [migration.version]);
      if (applied.length > 0) return;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (version, name, checksum) values ($1, $2, $3)', [
        migration.version,
        migration.name,
        migration.checksum,
      ]);
      logger.info({ migration: migration.name }, 'applied migration');
    });
  }
}

/**
 * Databases made before checksums were kept: the column is added and each applied migration
 * takes the checksum of its file as it is now, the best record there is of what was applied.
 * From then on an edit is noticed.
 */
async function recordMissingChecksums(tx: Queryable, migrations: Migration[], logger: Logger): Promise<void> {
  await tx.exec('alter table schema_migrations add column if not exists checksum text');
  const missing = await tx.query<{ version: number }>('select version from schema_migrations where checksum is null');
  for (const { version } of missing) {
    const migration = migrations.find((m) => m.version === version);
    if (!migration) continue;
    await tx.query('update schema_migrations set checksum = $2 where version = $1', [version, migration.checksum]);
    logger.info({ migration: migration.name }, 'recorded the checksum of an applied migration');
  }
}

async function refuseChangedMigrations(tx: Queryable, migrations: Migration[]): Promise<void> {
  const applied = await tx.query<{ version: number; checksum: string | null }>('select version, checksum from schema_migrations order by version');
  for (const { version, checksum } of applied) {
    const migration = migrations.find((m) => m.version === version);
    // A version with no file (a database from newer code) is not ours to judge.
    if (!migration || checksum === null || checksum === migration.checksum) continue;
    throw new ChangedMigrationError(
      `Migration ${migration.name} was changed after it was applied to this database ` +
        `(sha256 ${checksum.slice(0, 12)}… when applied, ${migration.checksum.slice(0, 12)}… now). ` +
        `Restore the file as it was and put the change in a new migration.`,
    );
  }
}
