import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../api/endpoint.ts';
import { OSS_PUBLIC_PATH, OssConfigResponse, UploadPaths } from '../contract/uploads.ts';

const tags = ['uploads'];

/**
 * Image upload (console-spec section 7, "Upload"): the signed policy from the API, and the
 * reference backend's own object storage that the form is posted to and the files are read from.
 * The store's routes are public: the policy's signature authorises an upload, a signed link a download.
 */
export const UploadEndpoints = {
  ossConfig: defineEndpoint({
    method: 'GET',
    path: UploadPaths.ossConfig,
    response: OssConfigResponse,
    tags,
    summary: "A policy signed for 10 minutes: images (png, jpeg, gif) up to 3 MB, documents (pdf) and import sheets (xlsx) up to 20 MB under this user's dir",
  }),
  /** A multipart form, not JSON, answered with an empty body: no input or envelope to declare. */
  upload: defineEndpoint({
    method: 'POST',
    path: OSS_PUBLIC_PATH,
    access: 'public',
    tags,
    summary: 'Object storage POST upload (multipart: key, policy, OSSAccessKeyId, signature, success_action_status, Content-Type, then file)',
    description: 'Answers 204, or 200 with success_action_status=200, with an empty body; refusals are envelopes (400, 403).',
  }),
  /** The file itself, not an envelope; the object key is the rest of the path. */
  file: defineEndpoint({
    method: 'GET',
    path: `${OSS_PUBLIC_PATH}/*`,
    params: Type.Object({ '*': Type.String({ maxLength: 300 }) }),
    refusals: [403, 404],
    access: 'public',
    tags,
    summary: 'A stored image or PDF by a signed link (403 envelope for a bad or expired link, 404 when there is no file); a PDF inline, sandboxed',
  }),
};
