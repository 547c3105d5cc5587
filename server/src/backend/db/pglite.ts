import { PGlite, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable } from './db.ts';
import { throwIfQueryAborted } from './query-context.ts';
import { createStatementQueue } from './statement-queue.ts';
import { textParsers } from './type-parsers.ts';

export interface PgliteOptions {
  /** A directory on disk, or `memory://` for a throwaway database. */
  dataDir: string;
  /** A tarball from `dumpDataDir()` to start from instead of running initdb (tests). */
  loadDataDir?: Blob;
  /** Lines for its postgresql.conf. */
  settings?: string[];
  /** PGlite's WebAssembly compiled and its files read already: a test worker opens dozens of databases. */
  engine?: PgliteEngine;
}

export type PgliteEngine = Required<Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>>;

export interface PgliteDb extends Db {
  /** The whole data directory as an uncompressed tarball, for `loadDataDir`. */
  dumpDataDir(): Promise<Blob>;
}

export async function openPglite({ dataDir, loadDataDir, settings, engine }: PgliteOptions): Promise<PgliteDb> {
  const pglite = await PGlite.create(dataDir, {
    parsers: textParsers,
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(settings ? { postgresqlconf: settings } : {}),
    ...engine,
  });
  const queue = createStatementQueue();
  const direct = queryable(pglite);
  return {
    driver: 'pglite',
    query: <T,>(sql: string, params?: readonly unknown[]) => queue(() => direct.query<T>(sql, params)),
    exec: (sql) => queue(() => direct.exec(sql)),
    // PGlite's own transaction(): it holds the connection exclusively, so concurrent requests
    // cannot interleave statements into it. BEGIN sent as a plain query would not be isolated.
    transaction: (fn) => queue(() => pglite.transaction((tx) => fn(queryable(tx)))),
    dumpDataDir: () => pglite.dumpDataDir('none'),
    close: () => pglite.close(),
  };
}

function queryable(target: PGlite | Transaction): Queryable {
  return {
    query: async <T>(sql: string, params?: readonly unknown[]) => {
      throwIfQueryAborted();
      return (await target.query<T>(sql, params as unknown[])).rows;
    },
    exec: async (sql) => {
      throwIfQueryAborted();
      await target.exec(sql);
    },
  };
}
