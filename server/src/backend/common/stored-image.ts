import { buffer } from 'node:stream/consumers';
import { OSS_PUBLIC_PATH } from '@pest/shared';
import type { FileStore } from '../files/file-store.ts';

/** The bytes of an image kept in our own object store; null for one held elsewhere (a real bucket) or gone missing. */
export async function storedImageBytes(uploads: FileStore, filePath: string): Promise<Buffer | null> {
  const prefix = `${OSS_PUBLIC_PATH}/`;
  if (!filePath.startsWith(prefix)) return null;
  // The store opens only keys that stay inside it.
  const file = await uploads.get(filePath.slice(prefix.length));
  return file ? buffer(file.stream) : null;
}
