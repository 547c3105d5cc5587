import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CustomerEndpoints } from '@pest/shared';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ok } from '../envelope.ts';
import { requestScope } from '../scope.ts';
import { contactNames, customerPage } from './store-queries.ts';
import { customerSubtree, customerTreeChildren, customerTreeTops, searchCustomerTree } from './tree-queries.ts';

/** The organisation/store selectors of the filter form and the contact filter, all within the caller's scope. */
export const customerRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  endpointRoute(app, CustomerEndpoints.customerTreeByCustomerId, async (request) => ok(await customerSubtree(db, requestScope(request), request.body.id)));

  endpointRoute(app, CustomerEndpoints.newCustomerTree, async (request) => ok(await customerTreeTops(db, requestScope(request), request.body.contactNameList)));

  endpointRoute(app, CustomerEndpoints.newCustomerTreeByParentId, async (request) =>
    ok(await customerTreeChildren(db, requestScope(request), request.body.parentId, request.body.contactNameList)),
  );

  endpointRoute(app, CustomerEndpoints.newCustomerTreeByName, async (request) => ok(await searchCustomerTree(db, requestScope(request), request.body)));

  endpointRoute(app, CustomerEndpoints.customerPage, async (request) => ok(await customerPage(db, requestScope(request), request.body)));

  endpointRoute(app, CustomerEndpoints.contactNameList, async (request) => ok(await contactNames(db, requestScope(request), request.body)));
};
