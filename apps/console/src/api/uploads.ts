import axios from 'axios';
import { extensionOf, objectKey, ossFormFields, storedFileUrl, UPLOAD_DOCUMENT_EXTENSIONS, UPLOAD_DOCUMENT_TYPES, UploadEndpoints } from '@pest/shared';
import { call } from './http.ts';

/** Image upload (console-spec section 7, "Upload"): a signed policy from the API, then the file straight to object storage. */

/**
 * What a caller takes: pictures (every upload but an import's sheet), or pictures and PDF
 * documents (a safety data sheet, a scanned contract), which the store keeps up to 20 MB.
 */
export type UploadAccept = 'images' | 'documents';

// The upload shows its own progress, so the page-wide overlay stays away.
export const fetchOssConfig = () => call(UploadEndpoints.ossConfig, undefined, { skipLoading: true });

export interface ObjectUpload {
  file: File;
  onProgress(percent: number): void;
  signal?: AbortSignal;
  /** 'documents': a PDF goes as one (the store's policy admits it by content type). Pictures only when left out. */
  accept?: UploadAccept;
}

/** Whether a chosen file is a PDF by its name: its type as the browser gives it is checked where it is chosen (uploadRules.ts). */
export const isPdfFile = (file: { name: string }) => UPLOAD_DOCUMENT_EXTENSIONS.includes(extensionOf(file.name));

/**
 * The content type a file is sent with: the browser's, except a PDF when the caller takes documents,
 * which goes as application/pdf whatever the system called it (some give a PDF no type). The store
 * reads the file's first bytes, so a picture named .pdf is refused all the same.
 */
export function uploadContentType(file: { name: string; type: string }, accept: UploadAccept = 'images'): string {
  return accept === 'documents' && isPdfFile(file) ? UPLOAD_DOCUMENT_TYPES[0]! : file.type;
}

/** Why the store refused, when it says so (an OSS-style XML <Message> or a JSON envelope's message). */
function storeMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return /<Message>([^<]+)<\/Message>/.exec(body)?.[1];
  if (typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message;
  }
  return undefined;
}

export class ObjectUploadError extends Error {
  constructor(readonly storeReason: string | undefined) {
    super(storeReason ?? 'upload failed');
    this.name = 'ObjectUploadError';
  }
}

/**
 * The PostObject form to the store's host; resolves the stored file's URL. This request is not an
 * /api call: the store answers 200 with an empty body, not an envelope, and must never see the
 * bearer token, so it goes through axios directly rather than the console's http client.
 */
export async function uploadToObjectStore({ file, onProgress, signal, accept }: ObjectUpload): Promise<string> {
  const config = await fetchOssConfig();
  const key = objectKey(config.dir, file.name, crypto.randomUUID());
  const form = new FormData();
  for (const [name, value] of Object.entries(ossFormFields(config, key, uploadContentType(file, accept)))) form.append(name, value);
  form.append('file', file);
  const response = await axios.post(config.host, form, {
    signal,
    validateStatus: () => true,
    onUploadProgress: (event) => event.total && onProgress(Math.round((event.loaded / event.total) * 100)),
  });
  if (response.status < 200 || response.status >= 300) throw new ObjectUploadError(storeMessage(response.data));
  return storedFileUrl(config.host, key);
}
