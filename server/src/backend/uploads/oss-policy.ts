import { createHmac, timingSafeEqual } from 'node:crypto';
import { UPLOAD_DOCUMENT_MAX_BYTES, UPLOAD_DOCUMENT_TYPES, UPLOAD_IMAGE_TYPES, UPLOAD_POLICY_TTL_SECONDS, UPLOAD_SHEET_MAX_BYTES, UPLOAD_SHEET_TYPE } from '@pest/shared';

/** What a policy admits: images (3 MB each, checked by the store), import sheets and PDF documents. */
const UPLOAD_TYPES: readonly string[] = [...UPLOAD_IMAGE_TYPES, UPLOAD_SHEET_TYPE, ...UPLOAD_DOCUMENT_TYPES];
/** The largest file a policy admits; the store holds each kind to its own limit. */
const POLICY_MAX_BYTES = Math.max(UPLOAD_SHEET_MAX_BYTES, UPLOAD_DOCUMENT_MAX_BYTES);

/**
 * Aliyun OSS PostObject policies: a base64 JSON document of an expiration and conditions, signed
 * with base64 HMAC-SHA1 under the access key secret. The console never sees the secret; the
 * store checks the signature and each condition before it keeps a file.
 */
export interface UploadPolicy {
  expiration: string;
  conditions: unknown[];
}

export interface UploadGrant {
  policy: string;
  signature: string;
  expire: number;
}

export function grantUpload(secret: string, { bucket, dir, now }: { bucket: string; dir: string; now: Date }): UploadGrant {
  const expire = Math.floor(now.getTime() / 1000) + UPLOAD_POLICY_TTL_SECONDS;
  const document: UploadPolicy = {
    expiration: new Date(expire * 1000).toISOString(),
    conditions: [
      { bucket },
      ['starts-with', '$key', dir],
      ['content-length-range', 0, POLICY_MAX_BYTES],
      ['in', '$content-type', [...UPLOAD_TYPES]],
    ],
  };
  const policy = Buffer.from(JSON.stringify(document)).toString('base64');
  return { policy, signature: signPolicy(secret, policy), expire };
}

export function signPolicy(secret: string, policy: string): string {
  return createHmac('sha1', secret).update(policy).digest('base64');
}

/** What a valid, signed, unexpired policy allows. */
export interface PolicyLimits {
  bucket: string | null;
  keyPrefix: string;
  maxBytes: number;
  contentTypes: readonly string[];
}

/** The limits of a policy, or the reason to refuse the upload (English: the store's error document). */
export function readPolicy(secret: string, policy: string, signature: string, now: Date): PolicyLimits | string {
  const expected = Buffer.from(signPolicy(secret, policy));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'SignatureDoesNotMatch';
  let document: UploadPolicy;
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as UploadPolicy;
  } catch {
    return 'InvalidPolicyDocument';
  }
  const expiration = Date.parse(document.expiration);
  if (Number.isNaN(expiration)) return 'InvalidPolicyDocument';
  // A signature is only ever made for at most UPLOAD_POLICY_TTL_SECONDS; a longer one is not ours.
  if (expiration <= now.getTime()) return 'Policy expired';
  if (expiration - now.getTime() > UPLOAD_POLICY_TTL_SECONDS * 1000) return 'Policy expiration too far';

  const limits: PolicyLimits = { bucket: null, keyPrefix: '', maxBytes: POLICY_MAX_BYTES, contentTypes: UPLOAD_TYPES };
  for (const condition of document.conditions ?? []) {
    if (Array.isArray(condition) && condition[0] === 'starts-with' && condition[1] === '$key') limits.keyPrefix = String(condition[2]);
    else if (Array.isArray(condition) && condition[0] === 'content-length-range') limits.maxBytes = Math.min(Number(condition[2]), POLICY_MAX_BYTES);
    else if (Array.isArray(condition) && condition[0] === 'in' && condition[1] === '$content-type') {
      limits.contentTypes = (condition[2] as string[]).filter((type) => UPLOAD_TYPES.includes(type));
    } else if (condition && typeof condition === 'object' && 'bucket' in condition) limits.bucket = String((condition as { bucket: unknown }).bucket);
  }
  if (!limits.keyPrefix) return 'Policy has no key prefix';
  return limits;
}
