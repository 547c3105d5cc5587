import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditObjectType, OSS_PUBLIC_PATH, ProviderDocumentEndpoints, ProviderDocumentMessages, chinaDay, providerDocumentProblem, type ProviderDocument } from '@pest/shared';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock/clock.ts';
import { auditedRemoval, auditedSave, type AuditedKind } from '../common/audit-log.ts';
import { lockForEdit } from '../common/edit-version.ts';
import { isOurImage, storedImagePath } from '../common/our-image.ts';
import type { Db, Queryable } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ApiError, ok } from '../envelope.ts';
import type { ImageAccess } from '../links/image-access.ts';
import { requestScope, type Scope } from '../scope.ts';
import { deleteDocument, findDocument, insertDocument, listDocuments, updateDocument, type StoredDocument } from './document-queries.ts';

export interface ProviderDocumentRouteOptions {
  db: Db;
  /** Uploaded files must come from here (the object storage's public base). */
  imageBase: string;
  images: ImageAccess;
  /** Whether a document is valid now is read on the backend's clock. */
  clock: Clock;
}

/** A document in the audit log: what its editor set (the stored path, not a viewer's link); the provider's own. */
const auditedDocument: AuditedKind<Pick<StoredDocument, 'kind' | 'name' | 'filePath' | 'validFrom' | 'validTo'>> = {
  objectType: AuditObjectType.providerDocument,
  async read(tx: Queryable, id: number) {
    const document = await findDocument(tx, id);
    return document ? { kind: document.kind, name: document.name, filePath: document.filePath, validFrom: document.validFrom, validTo: document.validTo } : null;
  },
  ownerOf: () => null,
};

/** 资质文件: the provider's licences, read by every account, kept by provider staff. */
export const providerDocumentRoutes: FastifyPluginAsyncTypebox<ProviderDocumentRouteOptions> = async (app, { db, imageBase, images, clock }) => {
  // A file in our own object store is private: shown through a link for this viewer, as device pictures are.
  const shown = (document: StoredDocument, scope: Scope): ProviderDocument => {
    const today = chinaDay(new Date(clock.now()));
    const { filePath, ...rest } = document;
    return {
      ...rest,
      fileUrl: filePath.startsWith(`${OSS_PUBLIC_PATH}/`) ? images.link(filePath, scope) : filePath,
      validNow: document.validFrom <= today && (document.validTo === null || document.validTo >= today),
    };
  };
  // Customers' managers read the licences for their audits; keeping them is the provider's.
  const staffScope = (request: FastifyRequest) => {
    const scope = requestScope(request);
    if (scope.customerId !== null && !scope.isAdmin) throw new ApiError(403, ProviderDocumentMessages.staffOnly);
    return scope;
  };

  endpointRoute(app, ProviderDocumentEndpoints.list, async (request) => {
    const scope = requestScope(request);
    return ok((await listDocuments(db)).map((document) => shown(document, scope)));
  });

  endpointRoute(app, ProviderDocumentEndpoints.save, async (request) => {
    const scope = staffScope(request);
    const { id, kind, validFrom, validTo } = request.body;
    const name = request.body.name.trim();
    const problem = providerDocumentProblem({ name, validFrom, validTo });
    if (problem) throw new ApiError(400, problem);
    const filePath = storedImagePath(request.body.fileUrl);
    if (!isOurImage(filePath, imageBase) && !isOurImage(filePath, OSS_PUBLIC_PATH)) throw new ApiError(400, ProviderDocumentMessages.fileNotOurs);
    const fields = { kind, name, filePath, validFrom, validTo };
    const saved = await auditedSave(db, request, auditedDocument, id, async (tx) => {
      if (id === undefined) return insertDocument(tx, fields, scope.userId, new Date(clock.now()));
      if (!(await lockForEdit(tx, 'provider_documents', id, request.body.version)) || !(await updateDocument(tx, id, fields))) {
        throw new ApiError(404, ProviderDocumentMessages.notFound);
      }
      return id;
    });
    return ok(shown((await findDocument(db, saved.id))!, scope));
  });

  endpointRoute(app, ProviderDocumentEndpoints.delete, async (request) => {
    staffScope(request);
    await auditedRemoval(db, request, auditedDocument, request.body.id, async (tx) => {
      if (!(await deleteDocument(tx, request.body.id))) throw new ApiError(404, ProviderDocumentMessages.notFound);
    });
    return ok(null);
  });
};
