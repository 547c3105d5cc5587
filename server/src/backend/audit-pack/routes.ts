import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AUDIT_PACK_MAX_DAYS,
  AUDIT_PACK_SECTIONS,
  AuditPackCreateBody,
  AuditPackIdBody,
  AuditPackListResponse,
  AuditPackMessages,
  AuditPackPaths,
  AuditPackStatusResponse,
  ErrorBody,
} from '@pest/shared';
import type { Clock } from '../../clock/clock.ts';
import { underApi } from '../api-path.ts';
import type { Db } from '../db/db.ts';
import { ApiError, ok } from '../envelope.ts';
import { attachmentDisposition } from '../exports/content-disposition.ts';
import { SignedLinkQuery, type SignedLinks } from '../links/signed-links.ts';
import { protectedErrors } from '../responses.ts';
import { requestScope } from '../scope.ts';
import { cancelPack, insertPack } from './pack-jobs.ts';
import { packFilePath } from './pack-runner.ts';
import { packStatus, packStatuses, packFile } from './pack-status.ts';
import { storesUnder } from './pack-stores.ts';

const tags = ['audit pack'];
const FileStream = Type.Unsafe<Readable>({ type: 'string', format: 'binary' });
const PackFileParams = Type.Object({ file: Type.String({ pattern: '^[1-9][0-9]{0,9}\\.zip$' }) });
const DAY_MS = 86_400_000;

export interface AuditPackRouteOptions {
  db: Db;
  /** Tells the pack runner a job is queued. */
  wake(): void;
  links: SignedLinks;
  dir: string;
  maxStores: number;
  clock: Clock;
}

/** The audit pack (extension, issue 22): request, progress, cancel, the recent list and the signed download. */
export const auditPackRoutes: FastifyPluginAsyncTypebox<AuditPackRouteOptions> = async (app, { db, wake, links, dir, maxStores, clock }) => {
  const linkOf = (id: number, userId: number) => links.sign(`${AuditPackPaths.file}/${id}.zip`, userId, 'screen', clock.now());

  app.post(
    underApi(AuditPackPaths.create),
    {
      schema: {
        tags,
        summary: 'Starts building an audit pack of stores in scope over at most 400 days; answers its status',
        body: AuditPackCreateBody,
        response: { 200: AuditPackStatusResponse, ...protectedErrors },
      },
    },
    async (request) => {
      const scope = requestScope(request);
      const { customerIds, startDate, endDate, sections } = request.body;
      const days = (Date.parse(endDate) - Date.parse(startDate)) / DAY_MS + 1;
      if (days < 1) throw new ApiError(400, AuditPackMessages.endBeforeStart);
      if (days > AUDIT_PACK_MAX_DAYS) throw new ApiError(400, AuditPackMessages.tooLong);
      // A quality manager ticks his organisation or a group as readily as stores: both mean their stores.
      const stores = await storesUnder(db, scope, [...new Set(customerIds)]);
      if (!stores) throw new ApiError(400, AuditPackMessages.storeOutOfScope);
      if (stores.length === 0) throw new ApiError(400, AuditPackMessages.noStores);
      if (stores.length > maxStores) throw new ApiError(400, AuditPackMessages.tooManyStores(maxStores));
      const chosen = AUDIT_PACK_SECTIONS.filter((section) => section === 'cover' || !sections || sections.includes(section));
      const id = await insertPack(db, { requestedBy: scope.userId, customerIds: stores, startDate, endDate, sections: chosen }, new Date(clock.now()));
      wake();
      return ok((await packStatus(db, scope.userId, id, linkOf))!);
    },
  );

  app.post(
    underApi(AuditPackPaths.status),
    {
      schema: { tags, summary: "One of the caller's packs: progress, and a download link once done", body: AuditPackIdBody, response: { 200: AuditPackStatusResponse, 404: ErrorBody, ...protectedErrors } },
    },
    async (request) => {
      const status = await packStatus(db, requestScope(request).userId, request.body.id, linkOf);
      if (!status) throw new ApiError(404, AuditPackMessages.notFound);
      return ok(status);
    },
  );

  app.post(
    underApi(AuditPackPaths.list),
    { schema: { tags, summary: "The caller's 20 most recent packs, newest first", response: { 200: AuditPackListResponse, ...protectedErrors } } },
    async (request) => ok(await packStatuses(db, requestScope(request).userId, linkOf)),
  );

  app.post(
    underApi(AuditPackPaths.cancel),
    {
      schema: { tags, summary: 'Cancels a queued or running pack of the caller', body: AuditPackIdBody, response: { 200: AuditPackStatusResponse, 404: ErrorBody, ...protectedErrors } },
    },
    async (request) => {
      const userId = requestScope(request).userId;
      const status = await packStatus(db, userId, request.body.id, linkOf);
      if (!status) throw new ApiError(404, AuditPackMessages.notFound);
      if (!(await cancelPack(db, request.body.id, userId, new Date(clock.now())))) throw new ApiError(400, AuditPackMessages.notCancellable);
      return ok((await packStatus(db, userId, request.body.id, linkOf))!);
    },
  );

  app.get(
    `${underApi(AuditPackPaths.file)}/:file`,
    {
      // A download the browser starts itself: the signed query is the credential.
      config: { public: true },
      schema: {
        tags,
        summary: 'A finished pack, through the signed link of its status',
        description: '403 when the signature does not match or the link has expired.',
        params: PackFileParams,
        querystring: SignedLinkQuery,
        response: { 200: FileStream, 403: ErrorBody, 404: ErrorBody },
        security: [],
      },
    },
    async (request, reply) => {
      const id = Number.parseInt(request.params.file, 10);
      const verified = links.verify(`${AuditPackPaths.file}/${request.params.file}`, request.query, clock.now());
      if (!verified) throw new ApiError(403, AuditPackMessages.linkInvalid);
      const pack = await packFile(db, verified.viewerId, id);
      if (!pack) throw new ApiError(404, AuditPackMessages.notFound);
      return reply
        .type('application/zip')
        .header('content-disposition', attachmentDisposition(pack.downloadName))
        .header('cache-control', 'private, no-store')
        .send(createReadStream(packFilePath(dir, id)));
    },
  );
};
