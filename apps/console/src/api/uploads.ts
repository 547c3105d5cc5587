import axios from 'axios';
import { objectKey, ossFormFields, storedFileUrl, UploadEndpoints } from '@pest/shared';
import { call } from './http.ts';

/** Image upload (console-spec section 7, "Upload"): a signed policy from the API, then the file straight to object storage. */

// The upload shows its own progress, so the page-wide overlay stays away.
export const fetchOssConfig = () => call(UploadEndpoints.ossConfig, undefined, { skipLoading: true });

export interface ObjectUpload {
  file: File;
  onProgress(percent: number): void;
  signal?: AbortSignal;
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
export async function uploadToObjectStore({ file, onProgress, signal }: ObjectUpload): Promise<string> {
  const config = await fetchOssConfig();
  const key = objectKey(config.dir, file.name, crypto.randomUUID());
  const form = new FormData();
  for (const [name, value] of Object.entries(ossFormFields(config, key, file.type))) form.append(name, value);
  form.append('file', file);
  const response = await axios.post(config.host, form, {
    signal,
    validateStatus: () => true,
    onUploadProgress: (event) => event.total && onProgress(Math.round((event.loaded / event.total) * 100)),
  });
  if (response.status < 200 || response.status >= 300) throw new ObjectUploadError(storeMessage(response.data));
  return storedFileUrl(config.host, key);
}
