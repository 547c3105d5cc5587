import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditAction, chinaDay, ContractEndpoints, ContractMessages, OSS_PUBLIC_PATH } from '@pest/shared';
import type { FastifyRequest } from 'fastify';
import { auditActor, auditedChange, auditedSave } from '../common/audit-log.ts';
import { auditedContract } from './contract-audit.ts';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ApiError, ok } from '../envelope.ts';
import type { ImageAccess } from '../links/image-access.ts';
import { requestScope } from '../scope.ts';
import { findContract, listContracts, shownContract, type StoredContract } from './contract-queries.ts';
import { activateContract, saveContract, terminateContract, type ContractWriteContext } from './contract-writes.ts';

export interface ContractRouteOptions {
  db: Db;
  /** Uploaded files must come from here (the object storage's public base). */
  fileBase: string;
  images: ImageAccess;
  now(): Date;
  /** How many days before its end a contract is 即将到期 (CONTRACT_RENEWAL_NOTICE_DAYS). */
  renewalNoticeDays: number;
}

/** 合同: read by whoever may see the customer, kept by those who manage contracts; every write versioned and audited. */
export const contractRoutes: FastifyPluginAsyncTypebox<ContractRouteOptions> = async (app, { db, fileBase, images, now, renewalNoticeDays }) => {
  const context = (request: FastifyRequest): ContractWriteContext => ({ scope: requestScope(request), actor: auditActor(request), today: chinaDay(now()), fileBase });
  const shown = (request: FastifyRequest, contract: StoredContract) => {
    const scope = requestScope(request);
    return shownContract(contract, chinaDay(now()), (path) => (path.startsWith(`${OSS_PUBLIC_PATH}/`) ? images.link(path, scope) : path));
  };

  endpointRoute(app, ContractEndpoints.list, async (request) => {
    const page = await listContracts(db, requestScope(request), request.body, chinaDay(now()));
    return ok({ total: page.total, records: page.records.map((contract) => shown(request, contract)), renewalNoticeDays });
  });
  endpointRoute(app, ContractEndpoints.detail, async (request) => {
    const contract = await findContract(db, requestScope(request), request.query.id);
    if (!contract) throw new ApiError(404, ContractMessages.notFound);
    return ok(shown(request, contract));
  });
  endpointRoute(app, ContractEndpoints.save, async (request) => {
    const saved = await auditedSave(db, request, auditedContract, request.body.id, (tx) => saveContract(tx, request.body, context(request)));
    return ok({ id: saved.id });
  });
  endpointRoute(app, ContractEndpoints.activate, async (request) => {
    let plans = { plansCreated: 0, plansUpdated: 0, plansEnded: 0 };
    await auditedChange(db, request, auditedContract, request.body.id, async (tx) => {
      plans = await activateContract(tx, request.body.id, request.body.version, context(request), now());
    }, AuditAction.activate);
    return ok(plans);
  });
  endpointRoute(app, ContractEndpoints.terminate, async (request) => {
    let visitsCancelled = 0;
    await auditedChange(db, request, auditedContract, request.body.id, async (tx) => {
      visitsCancelled = await terminateContract(tx, request.body, context(request), now());
    }, AuditAction.terminate);
    return ok({ visitsCancelled });
  });
};
