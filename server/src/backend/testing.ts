import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import { loadConfig } from '../config.ts';
import { createBackend } from './create-backend.ts';
import type { Db } from './db/db.ts';
import { openTestDb } from './db/testing.ts';

export interface TestBackend {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/** The reference backend on a fresh test database (see db/testing.ts), ready for `app.inject`. */
export async function createTestBackend({ logger = pino({ level: 'silent' }) }: { logger?: Logger } = {}): Promise<TestBackend> {
  const db = await openTestDb();
  const app = await createBackend({ db, logger, config: loadConfig({}) });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}
