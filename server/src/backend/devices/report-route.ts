import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiMessages, checkReportTime, DEVICE_REPORT_MAX_BYTES, DeviceEndpoints, DeviceMessages, DeviceReportHeaders, ErrorBody, type Endpoint } from '@pest/shared';
import type { FastifyRequest } from 'fastify';
import { underApi } from '../api-path.ts';
import type { Db } from '../db/db.ts';
import { ApiError, ok } from '../envelope.ts';
import { findReportingDevice } from './device-queries.ts';
import { recordReport } from './record-report.ts';
import { claimReportSignature, releaseReportSignature } from './report-replay.ts';
import { reportSignatureMatches } from './report-signature.ts';

/** Device numbers as the generator and real devices make them. */
const DEVICE_NO = /^[A-Za-z0-9-]{1,40}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact bytes of a device report, which its signature covers. */
    rawBody?: Buffer;
  }
}

/**
 * The signed device report, registered by routes.ts in a plugin context of its own: the signature
 * covers the body's exact bytes, so here JSON is parsed from a kept copy of them. Registered by
 * hand, not by endpointRoute: the signature is checked before the body is validated.
 */
export const deviceReportRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: DEVICE_REPORT_MAX_BYTES }, (request, body, done) => {
    request.rawBody = body as Buffer;
    try {
      done(null, JSON.parse((body as Buffer).toString('utf8')));
    } catch {
      done(new ApiError(400, `${ApiMessages.badRequest}: ${ApiMessages.invalidJson}`), undefined);
    }
  });

  const report = DeviceEndpoints.report;
  app.post(
    underApi(report.path),
    {
      // Widened to Endpoint: its full type, inferred through the inline hook below, is too deep for the compiler.
      config: { endpoint: report as Endpoint, public: true },
      // Before the body is validated: an unsigned request learns nothing, not even what is wrong with its body.
      preValidation: async (request) => {
        const deviceNo = request.headers[DeviceReportHeaders.deviceNo];
        const signature = request.headers[DeviceReportHeaders.signature];
        const device = typeof deviceNo === 'string' && DEVICE_NO.test(deviceNo) ? await findReportingDevice(db, deviceNo) : undefined;
        if (!device?.secret || !request.rawBody || !reportSignatureMatches(device.secret, request.rawBody, typeof signature === 'string' ? signature : undefined)) {
          request.log.warn({ deviceNo: typeof deviceNo === 'string' ? deviceNo.slice(0, 40) : null, ip: request.ip }, 'device report refused: bad signature');
          throw new ApiError(401, DeviceMessages.badSignature);
        }
        Object.assign(request, { device: { id: device.id, signature: signature as string } });
      },
      schema: {
        tags: [...report.tags],
        summary: report.summary,
        description: report.description,
        body: report.input,
        response: { 200: report.response, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
        security: [],
      },
    },
    async (request) => {
      const { id, signature } = (request as FastifyRequest & { device: { id: number; signature: string } }).device;
      const { at, ...reading } = request.body;
      const now = new Date();
      const time = checkReportTime(new Date(at), now);
      if (!time.ok) throw new ApiError(400, time.message);
      if (!(await claimReportSignature(db, id, signature, new Date(at), now))) {
        request.log.warn({ deviceId: id, ip: request.ip }, 'device report refused: replay');
        throw new ApiError(409, DeviceMessages.reportReplayed);
      }
      try {
        await recordReport(db, id, { ...reading, at: time.at });
      } catch (error) {
        await releaseReportSignature(db, id, signature);
        throw error;
      }
      return ok(null);
    },
  );
};
