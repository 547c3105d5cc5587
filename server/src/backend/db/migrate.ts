import { readdir, readFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import type { Db } from './db.ts';
import { lockSetup } from './setup-lock.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const FILE_NAME = /^(\d{3})_[a-z0-9_]+\.sql$/;

interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The numbered `migrations/NNN_name.sql` files, in order. */
export async function readMigrations(): Promise<Migration[]> {
  const names = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const name of names) {
    const match = FILE_NAME.exec(name);
    if (!match) throw new Error(`Migration file ${name} must be named NNN_lowercase_name.sql`);
    const version = Number(match[1]);
    if (migrations.some((m) => m.version === version)) throw new Error(`Two migrations have version ${version}`);
    migrations.push({ version, name, sql: await readFile(new URL(name, MIGRATIONS_DIR), 'utf8') });
  }
  return migrations;
}

/**
 * Applies the migrations not yet recorded in `schema_migrations`, each in its own transaction
 * with its record, so a failing migration leaves nothing half-applied.
 */
export async function migrate(db: Db, logger: Logger): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSetup(tx);
    await tx.exec(`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
  });

  for (const migration of await readMigrations()) {
    await db.transaction(async (tx) => {
      await lockSetup(tx);
      // Checked under the lock: another process may have applied it meanwhile.
      const applied = await tx.query('select 1 from schema_migrations where version = $1', [migration.version]);
      if (applied.length > 0) return;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [migration.version, migration.name]);
      logger.info({ migration: migration.name }, 'applied migration');
    });
  }
}
