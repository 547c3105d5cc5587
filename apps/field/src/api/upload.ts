import { objectKey, ossFormFields, storedFileUrl, UploadEndpoints } from '@pest/shared';
import { fieldCall, type CallResult, type Fetcher } from './fieldCall.ts';

/**
 * A photo or the signature through the upload flow: a signed policy from the API, then the form
 * straight to the object store, never with the token. Resolves the URL the records refer to.
 */
export async function uploadImage(fetcher: Fetcher, token: string, blob: Blob, randomName: string): Promise<CallResult<string>> {
  const policy = await fieldCall(fetcher, token, UploadEndpoints.ossConfig);
  if (policy.kind !== 'ok') return policy;
  const extension = blob.type === 'image/png' ? 'png' : 'jpg';
  const key = objectKey(policy.data.dir, `photo.${extension}`, randomName);
  const form = new FormData();
  for (const [name, value] of Object.entries(ossFormFields(policy.data, key, blob.type))) form.append(name, value);
  form.append('file', blob, `${randomName}.${extension}`);
  try {
    const response = await fetcher(policy.data.host, { method: 'POST', body: form, credentials: 'omit', signal: AbortSignal.timeout(60_000) });
    // The store's refusals (an expired policy) pass with the next policy: retried, never given up on.
    if (!response.ok) return { kind: 'failed', message: `upload ${response.status}` };
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  return { kind: 'ok', data: storedFileUrl(policy.data.host, key) };
}
