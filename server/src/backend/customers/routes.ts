import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditAction, CustomerEndpoints, CustomerManagementEndpoints, CustomerMessages } from '@pest/shared';
import { auditedChange, auditedSave } from '../common/audit-log.ts';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ApiError, ok } from '../envelope.ts';
import { requestScope } from '../scope.ts';
import { auditedCustomer } from './customer-audit.ts';
import { customerList, findCustomer } from './customer-detail-queries.ts';
import { resumeCustomer, saveCustomer, suspendCustomer } from './customer-writes.ts';
import { contactNames, customerPage } from './store-queries.ts';
import { customerSubtree, customerTreeChildren, customerTreeTops, searchCustomerTree } from './tree-queries.ts';

/**
 * The organisation/store selectors of the filter form and the contact filter, and 客户管理 where
 * the tree is kept, all within the caller's scope.
 */
export const customerRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  endpointRoute(app, CustomerEndpoints.customerTreeByCustomerId, async (request) => ok(await customerSubtree(db, requestScope(request), request.body.id)));

  endpointRoute(app, CustomerEndpoints.newCustomerTree, async (request) => ok(await customerTreeTops(db, requestScope(request), request.body.contactNameList)));

  endpointRoute(app, CustomerEndpoints.newCustomerTreeByParentId, async (request) =>
    ok(await customerTreeChildren(db, requestScope(request), request.body.parentId, request.body.contactNameList)),
  );

  endpointRoute(app, CustomerEndpoints.newCustomerTreeByName, async (request) => ok(await searchCustomerTree(db, requestScope(request), request.body)));

  endpointRoute(app, CustomerEndpoints.customerPage, async (request) => ok(await customerPage(db, requestScope(request), request.body)));

  endpointRoute(app, CustomerEndpoints.contactNameList, async (request) => ok(await contactNames(db, requestScope(request), request.body)));

  endpointRoute(app, CustomerManagementEndpoints.list, async (request) => ok(await customerList(db, requestScope(request), request.body)));

  endpointRoute(app, CustomerManagementEndpoints.detail, async (request) => {
    const node = await findCustomer(db, requestScope(request), request.body.id);
    if (!node) throw new ApiError(404, CustomerMessages.notFound);
    return ok(node);
  });

  endpointRoute(app, CustomerManagementEndpoints.save, async (request) => {
    const scope = requestScope(request);
    const saved = await auditedSave(db, request, auditedCustomer(scope), request.body.id, (tx) => saveCustomer(tx, scope, request.body));
    return ok({ id: saved.id });
  });

  endpointRoute(app, CustomerManagementEndpoints.suspend, async (request) => {
    const scope = requestScope(request);
    const { id, version } = request.body;
    await auditedChange(db, request, auditedCustomer(scope), id, (tx) => suspendCustomer(tx, scope, id, version), AuditAction.suspend);
    return ok({ id });
  });

  endpointRoute(app, CustomerManagementEndpoints.resume, async (request) => {
    const scope = requestScope(request);
    const { id, version } = request.body;
    await auditedChange(db, request, auditedCustomer(scope), id, (tx) => resumeCustomer(tx, scope, id, version), AuditAction.resume);
    return ok({ id });
  });
};
