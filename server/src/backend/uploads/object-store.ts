import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  OSS_PUBLIC_PATH,
  UPLOAD_DOCUMENT_MAX_BYTES,
  UPLOAD_MAX_BYTES,
  UPLOAD_SHEET_MAX_BYTES,
  UPLOAD_SHEET_TYPE,
  UploadEndpoints,
  type Endpoint,
} from '@pest/shared';
import { underApi } from '../api-path.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ApiError } from '../envelope.ts';
import type { FileStore } from '../files/file-store.ts';
import { privateDocument, privateImage, type ImageAccess } from '../links/image-access.ts';
import { SignedLinkQuery } from '../links/signed-links.ts';
import { FileStream } from '../responses.ts';
import { readPolicy } from './oss-policy.ts';

export interface ObjectStoreOptions {
  /** Where the files live, by object key: this machine's disk, or the database every instance shares. */
  files: FileStore;
  accessKeyId: string;
  secret: string;
  bucket: string;
  /** Stored files are served by signed links only. */
  images: ImageAccess;
  now?: () => Date;
}

/** Object keys as the console makes them: dir + random name + extension; nothing that climbs out. */
const keyPattern = (extensions: string) => new RegExp(`^[A-Za-z0-9][A-Za-z0-9_-]*(/[A-Za-z0-9][A-Za-z0-9_-]*)*\\.(${extensions})$`);
/** Images and PDF documents: kept and served by signed links. */
const SERVED_KEY_PATTERN = keyPattern('png|jpe?g|gif|pdf');
/** An import's sheet: kept like an image, read only by the import (never served by a link). */
const SHEET_KEY_PATTERN = keyPattern('xlsx');
const PDF = 'application/pdf';
const TYPE_OF_EXTENSION: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', pdf: PDF, xlsx: UPLOAD_SHEET_TYPE };
/** The content type of a key the patterns admitted, by its extension. */
const typeOfKey = (key: string) => TYPE_OF_EXTENSION[key.slice(key.lastIndexOf('.') + 1)]!;
const SIGNATURES: [string, (bytes: Buffer) => boolean][] = [
  ['image/png', (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['image/jpeg', (bytes) => bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))],
  ['image/gif', (bytes) => ['GIF87a', 'GIF89a'].includes(bytes.subarray(0, 6).toString('latin1'))],
  // An xlsx is a zip: its first local file header.
  [UPLOAD_SHEET_TYPE, (bytes) => bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))],
  [PDF, (bytes) => bytes.subarray(0, 5).toString('latin1') === '%PDF-'],
];
/** What the store keeps of each kind: images as before, sheets as large as an import of 60,000 rows needs, documents as a scan of many pages. */
const MAX_BYTES_OF_TYPE: Record<string, number> = { [UPLOAD_SHEET_TYPE]: UPLOAD_SHEET_MAX_BYTES, [PDF]: UPLOAD_DOCUMENT_MAX_BYTES };
const maxBytesOf = (type: string) => MAX_BYTES_OF_TYPE[type] ?? UPLOAD_MAX_BYTES;
const tooLarge = (maxBytes: number) => `EntityTooLarge: the file exceeds ${maxBytes / 1024 / 1024} MB`;
/** The largest file of any kind: what the form's parser lets through before the kind's own limit is checked. */
const LARGEST_FILE_BYTES = Math.max(UPLOAD_MAX_BYTES, ...Object.values(MAX_BYTES_OF_TYPE));
/** The store's own error code kept after the words, for clients that look for it. */
const NO_SUCH_KEY = '文件不存在（NoSuchKey）';
/** Room for the policy fields of an upload besides its file. */
const UPLOAD_FIELDS_BYTES = 128 * 1024;

/**
 * The reference backend's object storage (in a FileStore: see files/file-stores.ts): the PostObject form upload of Aliyun
 * OSS (fields first, `file` last) checked against its signed policy, and GET of stored files.
 * Public routes: the policy's signature authorises an upload, and a signed link (as the API hands
 * out for a device's picture) a download, as on a real bucket with private objects. Such a link
 * is refused once its user is gone; which devices show the picture is checked when it is made.
 */
export const objectStoreRoutes: FastifyPluginAsyncTypebox<ObjectStoreOptions> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  // One file and a handful of small fields; the file's own limit is the policy's.
  await app.register(multipart, { limits: { fileSize: LARGEST_FILE_BYTES, files: 1, fields: 12, fieldSize: 8192, parts: 14 } });

  // By hand: a multipart form (not JSON) under a body limit of its own, which endpointRoute has no place for.
  const { upload } = UploadEndpoints;
  // As Endpoint: tsc gives up (TS2589) checking an endpoint's full type against the route's config.
  app.post(
    underApi(upload.path),
    {
      config: { endpoint: upload as Endpoint, public: true },
      // As large as the gateway lets an upload through (file and fields): a body it forwards is read
      // and answered here, where a refusal halfway through the body reached the client as a 502.
      bodyLimit: LARGEST_FILE_BYTES + UPLOAD_FIELDS_BYTES,
      schema: {
        tags: [...upload.tags],
        summary: upload.summary,
        description: upload.description,
        consumes: ['multipart/form-data'],
        security: [],
      },
    },
    async (request, reply) => {
      const fields: Record<string, string> = {};
      let file: { bytes: Buffer; declaredType: string } | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') fields[part.fieldname] = String(part.value);
          else if (part.fieldname === 'file') file = { bytes: await part.toBuffer(), declaredType: fields['Content-Type'] ?? part.mimetype };
          else throw new ApiError(400, 'Only one file field, named file, is accepted');
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(400, tooLarge(LARGEST_FILE_BYTES));
        // The form's parser throws plain errors (no boundary, cut short): a broken form is the client's mistake.
        if (!(error instanceof ApiError) && (error as { statusCode?: number }).statusCode === undefined) {
          throw new ApiError(400, 'MalformedPOSTRequest: the body is not a well-formed multipart form');
        }
        throw error;
      }
      const { key, policy, signature, OSSAccessKeyId: accessKeyId } = fields;
      if (!key || !policy || !signature || !accessKeyId || !file) throw new ApiError(400, 'Missing key, policy, OSSAccessKeyId, signature or file');
      if (accessKeyId !== options.accessKeyId) throw new ApiError(403, 'InvalidAccessKeyId');
      const limits = readPolicy(options.secret, policy, signature, now());
      if (typeof limits === 'string') throw new ApiError(403, limits);
      if (limits.bucket !== null && limits.bucket !== options.bucket) throw new ApiError(403, 'Policy is for another bucket');
      if (!key.startsWith(limits.keyPrefix)) throw new ApiError(403, 'Key does not start with the policy prefix');
      if (!SERVED_KEY_PATTERN.test(key) && !SHEET_KEY_PATTERN.test(key)) throw new ApiError(400, 'InvalidObjectName');
      const type = typeOfKey(key);
      if (file.bytes.length > Math.min(limits.maxBytes, maxBytesOf(type))) throw new ApiError(400, tooLarge(maxBytesOf(type)));
      if (!limits.contentTypes.includes(file.declaredType) || file.declaredType !== type) {
        throw new ApiError(400, 'Content-Type must be image/png, image/jpeg, image/gif, application/pdf or an xlsx sheet and match the extension');
      }
      const sniffed = SIGNATURES.find(([, matches]) => matches(file.bytes))?.[0];
      if (sniffed !== type) throw new ApiError(400, 'The file content is not the type it claims');

      await options.files.put(key, file.bytes, now());
      return reply.code(fields.success_action_status === '200' ? 200 : 204).send();
    },
  );

  // A file answered on the reply, under a signed link's query (the backend's).
  endpointRoute(
    app,
    UploadEndpoints.file,
    async (request, reply) => {
      // Validated by the endpoint's params schema: the rest of the path, at most 300 characters.
      const key = (request.params as { '*': string })['*'];
      const viewer = await options.images.viewer(`${OSS_PUBLIC_PATH}/${key}`, request.query as SignedLinkQuery);
      if (!SERVED_KEY_PATTERN.test(key)) throw new ApiError(404, NO_SUCH_KEY);
      const file = await options.files.get(key);
      if (!file) throw new ApiError(404, NO_SUCH_KEY);
      const type = typeOfKey(key);
      // A PDF opens in the browser's viewer, named by its key, and may run nothing against our origin.
      const answer = type === PDF ? privateDocument(reply, viewer, type, key.slice(key.lastIndexOf('/') + 1)) : privateImage(reply, viewer, type);
      return answer.header('content-length', file.bytes).send(file.stream);
    },
    { querystring: SignedLinkQuery, fileAnswer: FileStream },
  );
};
