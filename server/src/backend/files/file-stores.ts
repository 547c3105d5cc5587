import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import { diskFileStore, writableDirOr } from './disk-file-store.ts';
import type { FileStore } from './file-store.ts';
import { postgresFileStore } from './postgres-file-store.ts';

/** What the backend keeps files for, each in a store of its own. */
export interface FileStores {
  /** Finished audit packs (`audit-pack-<id>.zip`). */
  packs: FileStore;
  /** The reference object store's uploads (pictures, provider documents' scans), by object key. */
  uploads: FileStore;
  /** Rendered PDF reports, a cache: pruned by age and size. */
  reports: FileStore;
}

export interface FileStoreDirs {
  packs: string;
  uploads: string;
  reports: string;
}

/**
 * The one place the stores are chosen. On PostgreSQL every instance may answer any request, so
 * the files live in the database they share; on PGlite (one instance, its database in DATA_DIR)
 * they stay in directories beside it, as they always have. The report cache falls back to a
 * temporary directory when its own cannot be written: losing it costs renderings, not reports.
 */
export function openFileStores(db: Db, dirs: FileStoreDirs, logger: FastifyBaseLogger): FileStores {
  return {
    packs: fileStore(db, 'packs', dirs.packs),
    uploads: fileStore(db, 'uploads', dirs.uploads),
    reports: fileStore(db, 'reports', writableDirOr(dirs.reports, 'pest-reports-', logger)),
  };
}

/**
 * One area's store: in the database on PostgreSQL, else in `dir`. `db` null: a process that asks
 * another for its (embedded) database, such as the pack process on PGlite, whose files are on disk.
 */
export function fileStore(db: Db | null, area: keyof FileStores, dir: string | (() => Promise<string>)): FileStore {
  return db?.driver === 'postgres' ? postgresFileStore(db, area) : diskFileStore(dir);
}
