import { ImportMessages } from '@pest/shared';
import { userUploadDir } from '../common/upload-owner.ts';
import { ApiError } from '../envelope.ts';
import type { FileStore, OpenedFile } from '../files/file-store.ts';

/** An xlsx the upload flow stored under a user's own dir: `uploads/u3/<random>.xlsx`. */
const SHEET_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*\.xlsx$/;

/**
 * The caller's uploaded sheet, by its object key or its URL under the store's host (what the upload
 * answers). Only the caller's own uploads are found: another user's key is a file that does not exist.
 */
export async function openImportFile(files: FileStore, userId: number, file: string): Promise<OpenedFile> {
  const dir = userUploadDir(userId);
  const at = file.indexOf(dir);
  const key = at === 0 || (at > 0 && file[at - 1] === '/') ? file.slice(at) : '';
  if (!SHEET_NAME.test(key.slice(dir.length))) throw new ApiError(404, ImportMessages.fileNotFound);
  const opened = await files.get(key);
  if (!opened) throw new ApiError(404, ImportMessages.fileNotFound);
  return opened;
}
