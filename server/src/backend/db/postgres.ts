import pg from 'pg';
import type { Logger } from 'pino';
import type { Db, Queryable } from './db.ts';
import { textParsers } from './type-parsers.ts';

const types = {
  getTypeParser: ((oid: number, format?: string) =>
    textParsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** PostgreSQL through a `pg` pool. The URL may carry `options=-c search_path=…` (tests use it). */
export async function openPostgres(connectionString: string, logger: Logger): Promise<Db> {
  const pool = new pg.Pool({ connectionString, types, max: 10 });
  // An idle client losing its connection emits on the pool; unhandled, that would end the process.
  pool.on('error', (err) => logger.warn({ err }, 'idle PostgreSQL connection failed'));
  await pool.query('select 1');

  return {
    driver: 'postgres',
    ...queryable(pool),
    transaction: async (fn) => {
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
    },
    close: () => pool.end(),
  };
}

function queryable(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    query: async <T>(sql: string, params?: readonly unknown[]) =>
      (await target.query(sql, params as unknown[])).rows as T[],
    exec: async (sql) => {
      await target.query(sql);
    },
  };
}
