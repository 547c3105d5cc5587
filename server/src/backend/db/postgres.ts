import pg from 'pg';
import type { Logger } from 'pino';
import { BACKGROUND_WRITER_CONNECTIONS, createBackgroundShare } from './background-writer.ts';
import type { Db, Queryable } from './db.ts';
import { currentQueryContext, throwIfQueryAborted } from './query-context.ts';
import { textParsers } from './type-parsers.ts';

const types = {
  getTypeParser: ((oid: number, format?: string) =>
    textParsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export interface PostgresOptions {
  /**
   * PostgreSQL's own statement_timeout for every statement of the pool; unset for migrations and
   * the seed, whose statements at the large scale run for minutes.
   */
  statementTimeoutMs?: number;
}

/** PostgreSQL through a `pg` pool. The URL may carry `options=-c search_path=…` (tests use it). */
export async function openPostgres(connectionString: string, logger: Logger, options: PostgresOptions = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    types,
    max: 10,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    // JIT compiled the visit planner's long expressions for 7.6 s before running them in
    // milliseconds (measured on a small fleet): our statements are many and short, never worth it.
    // Set before the pool hands the client out: a query sent from the 'connect' event overlapped
    // the caller's first one, which pg 8 queues with a deprecation warning and pg 9 will refuse.
    onConnect: async (client: pg.ClientBase) => void (await client.query('set jit = off')),
  });
  // An idle client losing its connection emits on the pool; unhandled, that would end the process.
  pool.on('error', (err) => logger.warn({ err }, 'idle PostgreSQL connection failed'));
  await pool.query('select 1');
  // Cancels go on a connection of their own: the pool may be full of the statements to cancel.
  const canceller = new pg.Pool({ connectionString, max: 1 });
  canceller.on('error', (err) => logger.warn({ err }, 'idle PostgreSQL connection failed'));
  const cancel = (pid: number) =>
    canceller.query('select pg_cancel_backend($1)', [pid]).catch((err: Error) => logger.warn({ err }, 'cancelling a statement failed'));

  // Background writers hold at most these of the pool's 10 at once: requests always find the rest.
  const background = createBackgroundShare(BACKGROUND_WRITER_CONNECTIONS);

  return {
    driver: 'postgres',
    query: <T>(sql: string, params?: readonly unknown[]) => background.run(() => query<T>(sql, params)),
    exec: (sql) => background.run(() => exec(sql)),
    transaction: (fn) => background.run(() => transaction(fn)),
    close: async () => {
      await Promise.all([pool.end(), canceller.end()]);
    },
  };

  async function query<T>(sql: string, params?: readonly unknown[]): Promise<T[]> {
    const signal = currentQueryContext()?.signal;
    if (!signal) return (await pool.query(sql, params as unknown[])).rows as T[];
    // A statement of a request: on its own client, so that abandoning the request can cancel it.
    const client = await pool.connect();
    const onAbort = () => void cancel((client as unknown as { processID: number }).processID);
    try {
      signal.throwIfAborted();
      signal.addEventListener('abort', onAbort, { once: true });
      return (await client.query(sql, params as unknown[])).rows as T[];
    } finally {
      signal.removeEventListener('abort', onAbort);
      client.release();
    }
  }

  async function exec(sql: string): Promise<void> {
    throwIfQueryAborted();
    await pool.query(sql);
  }

  async function transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    throwIfQueryAborted();
    const client = await pool.connect();
    try {
      await client.query('begin');
      const result = await fn(queryable(client));
      await client.query('commit');
      client.release();
      return result;
    } catch (error) {
      // A client whose rollback fails is in an unknown state: destroy it instead of reusing it.
      const rollbackError = await client.query('rollback').then(
        () => undefined,
        (err: Error) => err,
      );
      client.release(rollbackError);
      throw error;
    }
  }
}

function queryable(client: pg.PoolClient): Queryable {
  return {
    query: async <T>(sql: string, params?: readonly unknown[]) => {
      throwIfQueryAborted();
      return (await client.query(sql, params as unknown[])).rows as T[];
    },
    exec: async (sql) => {
      throwIfQueryAborted();
      await client.query(sql);
    },
  };
}
