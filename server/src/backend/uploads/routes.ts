import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OssConfigResponse, UploadPaths } from '@pest/shared';
import { underApi } from '../api-path.ts';
import { userUploadDir } from '../common/upload-owner.ts';
import { ok } from '../envelope.ts';
import { protectedErrors } from '../responses.ts';
import { requestScope } from '../scope.ts';
import { grantUpload } from './oss-policy.ts';

export interface UploadOptions {
  host: string;
  accessKeyId: string;
  secret: string;
  bucket: string;
}

/** The signed upload policy the console POSTs a picture with (console-spec section 7, "Upload"). */
export const uploadRoutes: FastifyPluginAsyncTypebox<UploadOptions> = async (app, options) => {
  app.get(
    underApi(UploadPaths.ossConfig),
    {
      schema: {
        tags: ['uploads'],
        summary: 'A policy signed for 10 minutes: images (png, jpeg, gif) up to 3 MB under this user\'s dir',
        response: { 200: OssConfigResponse, ...protectedErrors },
      },
    },
    async (request) => {
      const dir = userUploadDir(requestScope(request).userId);
      const grant = grantUpload(options.secret, { bucket: options.bucket, dir, now: new Date() });
      return ok({ host: options.host, accessKeyId: options.accessKeyId, bucket: options.bucket, dir, ...grant });
    },
  );
};
