import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UploadEndpoints } from '@pest/shared';
import { userUploadDir } from '../common/upload-owner.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ok } from '../envelope.ts';
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
  endpointRoute(app, UploadEndpoints.ossConfig, async (request) => {
    const dir = userUploadDir(requestScope(request).userId);
    const grant = grantUpload(options.secret, { bucket: options.bucket, dir, now: new Date() });
    return ok({ host: options.host, accessKeyId: options.accessKeyId, bucket: options.bucket, dir, ...grant });
  });
};
