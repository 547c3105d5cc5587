import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditAction, AuditObjectType, MaterialEndpoints, OSS_PUBLIC_PATH, type Material } from '@pest/shared';
import { auditedChange, auditedSave, type AuditedKind } from '../common/audit-log.ts';
import type { Db, Queryable } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ok } from '../envelope.ts';
import type { ImageAccess } from '../links/image-access.ts';
import { requestScope, type Scope } from '../scope.ts';
import { findMaterial, listMaterials, type StoredMaterial } from './material-queries.ts';
import { saveMaterial, setMaterialDisabled } from './material-writes.ts';

export interface MaterialRouteOptions {
  db: Db;
  /** Uploaded files must come from here (the object storage's public base). */
  fileBase: string;
  images: ImageAccess;
}

/** A material in the audit log: what its editor set; the provider's own. */
const auditedMaterial: AuditedKind<Omit<StoredMaterial, 'id' | 'expired'>> = {
  objectType: AuditObjectType.material,
  async read(tx: Queryable, id: number) {
    const material = await findMaterial(tx, id);
    if (!material) return null;
    const { id: _id, expired: _expired, ...kept } = material;
    return kept;
  },
  ownerOf: () => null,
};

/** 物料: the catalogue, read by whoever may see it, kept by those who manage it; every write versioned and audited. */
export const materialRoutes: FastifyPluginAsyncTypebox<MaterialRouteOptions> = async (app, { db, fileBase, images }) => {
  const shown = ({ sdsPath, ...material }: StoredMaterial, scope: Scope): Material => ({
    ...material,
    sdsUrl: sdsPath === null ? null : sdsPath.startsWith(`${OSS_PUBLIC_PATH}/`) ? images.link(sdsPath, scope) : sdsPath,
  });

  endpointRoute(app, MaterialEndpoints.list, async (request) => {
    const scope = requestScope(request);
    const page = await listMaterials(db, request.body);
    return ok({ total: page.total, records: page.records.map((material) => shown(material, scope)) });
  });
  endpointRoute(app, MaterialEndpoints.save, async (request) => {
    const saved = await auditedSave(db, request, auditedMaterial, request.body.id, (tx) => saveMaterial(tx, request.body, fileBase));
    return ok({ id: saved.id });
  });
  endpointRoute(app, MaterialEndpoints.disable, async (request) => {
    await auditedChange(db, request, auditedMaterial, request.body.id, (tx) => setMaterialDisabled(tx, request.body.id, request.body.version, true), AuditAction.disable);
    return ok(null);
  });
  endpointRoute(app, MaterialEndpoints.enable, async (request) => {
    await auditedChange(db, request, auditedMaterial, request.body.id, (tx) => setMaterialDisabled(tx, request.body.id, request.body.version, false), AuditAction.enable);
    return ok(null);
  });
};
