import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from './db.ts';
import { ChangedMigrationError, migrate } from './migrate.ts';
import { openEmptyTestDb, testDriver } from './testing.ts';

const silent = pino({ level: 'silent' });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const FIRST = 'create table probe_a (id integer primary key);\n';
const SECOND = 'create table probe_b (id integer primary key);\n';

describe(`migrations on ${testDriver}`, () => {
  let db: Db;
  let dir: string;
  let dirUrl: URL;
  beforeEach(async () => {
    db = await openEmptyTestDb();
    dir = await mkdtemp(path.join(os.tmpdir(), 'pest-migrations-'));
    dirUrl = pathToFileURL(`${dir}/`);
    await writeFile(path.join(dir, '001_first.sql'), FIRST);
    await writeFile(path.join(dir, '002_second.sql'), SECOND);
  });
  afterEach(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const recorded = () => db.query<{ version: number; name: string; checksum: string | null }>('select version, name, checksum from schema_migrations order by version');

  it('records the sha256 of each file it applies, and runs again without complaint', async () => {
    await migrate(db, silent, dirUrl);
    expect(await recorded()).toEqual([
      { version: 1, name: '001_first.sql', checksum: sha256(FIRST) },
      { version: 2, name: '002_second.sql', checksum: sha256(SECOND) },
    ]);
    await migrate(db, silent, dirUrl);
    expect(await recorded()).toHaveLength(2);
  });

  it('refuses to go on, naming the file, when an applied migration was edited, and applies nothing more', async () => {
    await migrate(db, silent, dirUrl);
    await writeFile(path.join(dir, '001_first.sql'), `${FIRST}alter table probe_a add column note text;\n`);
    await writeFile(path.join(dir, '003_third.sql'), 'create table probe_c (id integer);\n');
    const refused = migrate(db, silent, dirUrl);
    await expect(refused).rejects.toBeInstanceOf(ChangedMigrationError);
    await expect(refused).rejects.toThrow(/Migration 001_first\.sql was changed after it was applied/);
    expect((await recorded()).map((m) => m.version)).toEqual([1, 2]);
    expect(await db.query(`select 1 from information_schema.tables where table_schema = current_schema() and table_name = 'probe_c'`)).toEqual([]);
  });

  it('gives the migrations of a database made before checksums the checksum of their file, then notices an edit', async () => {
    // What migrate.ts made before checksums: the table without the column, the first migration applied.
    await db.exec(FIRST);
    await db.exec(`create table schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
    await db.query(`insert into schema_migrations (version, name) values (1, '001_first.sql')`);

    await migrate(db, silent, dirUrl);
    expect(await recorded()).toEqual([
      { version: 1, name: '001_first.sql', checksum: sha256(FIRST) },
      { version: 2, name: '002_second.sql', checksum: sha256(SECOND) },
    ]);

    await writeFile(path.join(dir, '002_second.sql'), `-- tidied\n${SECOND}`);
    await expect(migrate(db, silent, dirUrl)).rejects.toThrow(/002_second\.sql/);
  });

  it('leaves alone a recorded version whose file it does not have (a database from newer code)', async () => {
    await migrate(db, silent, dirUrl);
    await rm(path.join(dir, '002_second.sql'));
    await expect(migrate(db, silent, dirUrl)).resolves.toBeUndefined();
  });
});
