import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AUDIT_PACK_MAX_DAYS, AUDIT_PACK_SECTIONS, AuditPackEndpoints, AuditPackMessages, AuditPackPaths } from '@pest/shared';
import type { Clock } from '../../clock/clock.ts';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ApiError, ok } from '../envelope.ts';
import type { FileStore } from '../files/file-store.ts';
import { attachmentDisposition } from '../exports/content-disposition.ts';
import { SignedLinkQuery, type SignedLinks } from '../links/signed-links.ts';
import { FileStream } from '../responses.ts';
import { requestScope } from '../scope.ts';
import { cancelPack, insertPack } from './pack-jobs.ts';
import { packStatus, packStatuses, packFile } from './pack-status.ts';
import { storesUnder } from './pack-stores.ts';

const PackFileParams = Type.Object({ file: Type.String({ pattern: '^[1-9][0-9]{0,9}\\.zip$' }) });
const DAY_MS = 86_400_000;

export interface AuditPackRouteOptions {
  db: Db;
  /** Tells the pack runner a job is queued. */
  wake(): void;
  links: SignedLinks;
  /** Where finished packs are kept (the runner's store). */
  packs: FileStore;
  maxStores: number;
  clock: Clock;
}

/** The audit pack (extension, issue 22): request, progress, cancel, the recent list and the signed download. */
export const auditPackRoutes: FastifyPluginAsyncTypebox<AuditPackRouteOptions> = async (app, { db, wake, links, packs, maxStores, clock }) => {
  const linkOf = (id: number, userId: number) => links.sign(`${AuditPackPaths.file}/${id}.zip`, userId, 'screen', clock.now());

  endpointRoute(app, AuditPackEndpoints.create, async (request) => {
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
  });

  endpointRoute(app, AuditPackEndpoints.status, async (request) => {
    const status = await packStatus(db, requestScope(request).userId, request.body.id, linkOf);
    if (!status) throw new ApiError(404, AuditPackMessages.notFound);
    return ok(status);
  });

  endpointRoute(app, AuditPackEndpoints.list, async (request) => ok(await packStatuses(db, requestScope(request).userId, linkOf)));

  endpointRoute(app, AuditPackEndpoints.cancel, async (request) => {
    const userId = requestScope(request).userId;
    const status = await packStatus(db, userId, request.body.id, linkOf);
    if (!status) throw new ApiError(404, AuditPackMessages.notFound);
    if (!(await cancelPack(db, request.body.id, userId, new Date(clock.now())))) throw new ApiError(400, AuditPackMessages.notCancellable);
    return ok((await packStatus(db, userId, request.body.id, linkOf))!);
  });

  // A download the browser starts itself: the signed query (the backend's) is the credential.
  endpointRoute(
    app,
    AuditPackEndpoints.file,
    async (request, reply) => {
      // Checked by PackFileParams.
      const { file: fileName } = request.params as { file: string };
      const id = Number.parseInt(fileName, 10);
      const verified = links.verify(`${AuditPackPaths.file}/${fileName}`, request.query as SignedLinkQuery, clock.now());
      if (!verified) throw new ApiError(403, AuditPackMessages.linkInvalid);
      const pack = await packFile(db, verified.viewerId, id);
      if (!pack) throw new ApiError(404, AuditPackMessages.notFound);
      // Done in the database, but its file is gone (deleted by hand, or kept where this instance cannot see).
      const file = pack.fileName ? await packs.get(pack.fileName) : null;
      if (!file) throw new ApiError(404, AuditPackMessages.fileMissing);
      return reply
        .type('application/zip')
        .header('content-disposition', attachmentDisposition(pack.downloadName))
        .header('content-length', file.bytes)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
    { params: PackFileParams, querystring: SignedLinkQuery, fileAnswer: FileStream },
  );
};
