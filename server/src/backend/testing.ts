import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SessionPaths } from '@pest/shared';
import { pino, type Logger } from 'pino';
import type { Clock } from '../clock/clock.ts';
import { loadConfig } from '../config.ts';
import { createBackend } from './create-backend.ts';
import type { Db } from './db/db.ts';
import { demoWorld } from '../demo/index.ts';
import { DEMO_PASSWORD } from '../demo/seed/users.ts';
import { openTestDb, testDatabaseUrl } from './db/testing.ts';

export interface TestBackend {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/** The reference backend on a fresh test database (see db/testing.ts) or on `db`, ready for `app.inject`. */
export async function createTestBackend({
  logger = pino({ level: 'silent' }),
  env = {},
  clock,
  db: shared,
}: {
  logger?: Logger;
  env?: Record<string, string>;
  clock?: Clock;
  /** Another backend's database (or a second pool to it): two instances on one database. Left open on close. */
  db?: Db;
} = {}): Promise<TestBackend> {
  const db = shared ?? (await openTestDb());
  // The simulator would move device state under the tests' feet, and reports rendered ahead would
  // take the CPU of other tests; a test that wants either says so.
  // Packs and reports a test makes (the fuzz suite's too) go to the temp dir, never into the repository's data dir.
  const packs = path.join(os.tmpdir(), `pest-audit-packs-${process.pid}`);
  const reports = path.join(os.tmpdir(), `pest-reports-${process.pid}`);
  const defaults = { SIMULATOR: 'off', AUDIT_PACK_DIR: packs, REPORT_CACHE_DIR: reports, REPORT_RENDER_AHEAD_DAYS: '0' };
  // On PostgreSQL the backend knows its database's URL, as in production: audit packs are then built in a process of their own.
  const config = { ...loadConfig({ ...defaults, ...env }), databaseUrl: await testDatabaseUrl(db) };
  const app = await createBackend({ db, logger, config, clock, demoWorld: config.demo ? demoWorld : undefined });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      if (!shared) await db.close();
    },
  };
}

/** The Authorization header of a fresh session of a demo account, for `app.inject`. */
export async function signIn(app: FastifyInstance, account: string): Promise<{ authorization: string }> {
  const response = await app.inject({ method: 'POST', url: SessionPaths.login, payload: { account, password: DEMO_PASSWORD } });
  const token = response.json<{ data: { token?: string } | null }>().data?.token;
  if (!token) throw new Error(`Demo account ${account} could not sign in: ${response.body}`);
  return { authorization: `Bearer ${token}` };
}

/** An organisation other than `besides` (the demo manager's), for what must stay out of his reach. */
export async function otherOrganisationId(db: Db, besides: number): Promise<number> {
  const [row] = await db.query<{ id: number }>('select id from customers where parent_id is null and id <> $1 order by id limit 1', [besides]);
  if (!row) throw new Error('The test seed has one organisation only');
  return row.id;
}
