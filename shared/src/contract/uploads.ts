import { Type, type Static } from '@sinclair/typebox';
import { Envelope } from './envelope.ts';

/**
 * Image upload (console-spec section 7 "Upload"): the console asks for a signed policy, then
 * POSTs the file as a multipart form straight to the object storage at `host` (Aliyun OSS
 * PostObject style). The reference backend is that object storage too, under OSS_PUBLIC_PATH.
 */
export const UploadPaths = {
  ossConfig: '/api/user/web/oss/getOssConfig',
} as const;

/**
 * Where the reference backend's own object storage answers (POST uploads, GET files): under /api
 * so that the gateway proxies it like the rest; its routes are public (the signed policy and the
 * random file names are the credentials).
 */
export const OSS_PUBLIC_PATH = '/api/oss';

/** Image types the policy allows and the console checks (section 9). */
export const UPLOAD_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif'];
export const UPLOAD_IMAGE_EXTENSIONS: readonly string[] = ['png', 'jpg', 'jpeg', 'gif'];
/** An import's sheet (xlsx), kept for the import and never served. */
export const UPLOAD_SHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/**
 * A sheet may be larger than an image: the device template filled with 60,000 rows of short cells
 * is ~3 MB, with longer names, remarks and a spreadsheet program's styles 2–3 times that. 20 MB
 * holds such an import with room to spare and still bounds what the backend reads for one.
 */
export const UPLOAD_SHEET_MAX_BYTES = 20 * 1024 * 1024;
/**
 * Documents (a scanned contract, a safety data sheet): PDF, up to the size of a sheet (a scan of
 * a few dozen pages). Served like images, by a signed link, inline in a sandbox (no script of it
 * runs against our origin).
 */
export const UPLOAD_DOCUMENT_TYPES: readonly string[] = ['application/pdf'];
export const UPLOAD_DOCUMENT_EXTENSIONS: readonly string[] = ['pdf'];
export const UPLOAD_DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
/** A signed policy is valid this long at most. */
export const UPLOAD_POLICY_TTL_SECONDS = 600;

/** The upload hint's size (section 5); the console's upload messages are its i18n texts (devices namespace). */
export const UploadMessages = {
  sizeHint: '500x500px',
} as const;

export const OssConfig = Type.Object({
  /** Where to POST the form; the stored file is at `${host}/${key}`. */
  host: Type.String(),
  /** Base64 of the policy JSON (expiration, bucket, key prefix, size range, content types). */
  policy: Type.String(),
  /** Base64 HMAC-SHA1 of `policy` with the access key secret. */
  signature: Type.String(),
  accessKeyId: Type.String(),
  bucket: Type.String(),
  /** Key prefix this user may write under; the key is dir + a random name keeping the extension. */
  dir: Type.String(),
  /** Unix seconds when the policy expires. */
  expire: Type.Integer(),
});
export type OssConfig = Static<typeof OssConfig>;
export const OssConfigResponse = Envelope(OssConfig);

/**
 * The form fields of the upload, in this order with `file` last (object stores read the fields
 * before the file). success_action_status 200 makes the store answer 200 with an empty body.
 */
export interface OssUploadFields {
  key: string;
  policy: string;
  OSSAccessKeyId: string;
  signature: string;
  success_action_status: '200' | '204';
  'Content-Type': string;
}
