import { OSS_PUBLIC_PATH } from '@pest/shared';
import type { Queryable } from '../../backend/db/db.ts';
import type { FileStore } from '../../backend/files/file-store.ts';
import { SEEDED_SCANS_KEY_PREFIX } from '../seed/provider-documents.ts';
import { certificatePng } from './certificate-png.ts';

/**
 * The seed writes rows, not files, and a database may be seeded in another place than the object
 * store it meets (a test's copied database, a fresh data dir on PostgreSQL): the seeded documents'
 * scans are drawn into the store, where the upload route would have put them, when missing.
 */
export async function writeMissingSeededScans(db: Queryable, uploads: FileStore): Promise<void> {
  const prefix = `${OSS_PUBLIC_PATH}/${SEEDED_SCANS_KEY_PREFIX}`;
  const rows = await db.query<{ id: number; filePath: string }>(
    `select id, file_path as "filePath" from provider_documents where starts_with(file_path, $1) order by id`,
    [prefix],
  );
  for (const { id, filePath } of rows) {
    const key = filePath.slice(OSS_PUBLIC_PATH.length + 1);
    if (!(await uploads.exists(key))) await uploads.put(key, certificatePng(id));
  }
}
