import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { UploadPaths, type OssConfig } from '@pest/shared';

/** A 1×1 PNG: what a phone or the console uploads is an image of our store, whatever it shows. */
export const TINY_PNG: Buffer<ArrayBuffer> = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * Uploads a PNG as the apps do: a signed policy for the user, then the form POSTed to the object
 * store (fields first, file last). Answers the URL the app sends back with what it saves.
 */
export async function uploadImage(app: FastifyInstance, headers: Record<string, string>, png: Buffer<ArrayBuffer> = TINY_PNG): Promise<string> {
  const config = (await app.inject({ method: 'GET', url: UploadPaths.ossConfig, headers })).json<{ data: OssConfig }>().data;
  const key = `${config.dir}${randomUUID()}.png`;
  const fields = { key, policy: config.policy, OSSAccessKeyId: config.accessKeyId, signature: config.signature, success_action_status: '200', 'Content-Type': 'image/png' };
  const boundary = '----pestupload';
  const parts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="p.png"\r\ncontent-type: image/png\r\n\r\n`), png, Buffer.from(`\r\n--${boundary}--\r\n`));
  const response = await app.inject({ method: 'POST', url: config.host, payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  if (response.statusCode !== 200) throw new Error(`upload refused: ${response.statusCode} ${response.body}`);
  return `${config.host}/${key}`;
}
