import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CUSTOMER_SEARCH_LIMIT,
  ContactNameListBody,
  CustomerIdBody,
  CustomerPageBody,
  CustomerPageResponse,
  CustomerTreeResponse,
  FilterPaths,
  NewCustomerTreeBody,
  StringListResponse,
  TreeByNameBody,
  TreeByParentBody,
} from '@pest/shared';
import { underApi } from '../api-path.ts';
import type { Db } from '../db/db.ts';
import { ok } from '../envelope.ts';
import { emptyBodyWhenAbsent } from '../optional-body.ts';
import { protectedErrors } from '../responses.ts';
import { requestScope } from '../scope.ts';
import { contactNames, customerPage } from './store-queries.ts';
import { customerSubtree, customerTreeChildren, customerTreeTops, searchCustomerTree } from './tree-queries.ts';

const tags = ['filters'];

/** The organisation/store selectors of the filter form and the contact filter, all within the caller's scope. */
export const customerRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post(
    underApi(FilterPaths.customerTreeByCustomerId),
    {
      schema: {
        tags,
        summary: 'A customer with its whole subtree',
        description: 'One root node (the customer) with nested children; [] when the id is outside the scope.',
        body: CustomerIdBody,
        response: { 200: CustomerTreeResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await customerSubtree(db, requestScope(request), request.body.id)),
  );

  app.post(
    underApi(FilterPaths.newCustomerTree),
    {
      schema: {
        tags,
        summary: 'Tops of the organisation tree, children loaded lazily',
        description: 'Every organisation for admins, the own organisation for a customer manager. The body is optional.',
        body: NewCustomerTreeBody,
        response: { 200: CustomerTreeResponse, ...protectedErrors },
      },
      preValidation: emptyBodyWhenAbsent,
    },
    async (request) => ok(await customerTreeTops(db, requestScope(request), request.body.contactNameList)),
  );

  app.post(
    underApi(FilterPaths.newCustomerTreeByParentId),
    {
      schema: {
        tags,
        summary: 'Children of a tree node',
        description: 'With contactNameList, only children that are, or contain, a store with one of those contacts.',
        body: TreeByParentBody,
        response: { 200: CustomerTreeResponse, ...protectedErrors },
      },
    },
    async (request) =>
      ok(await customerTreeChildren(db, requestScope(request), request.body.parentId, request.body.contactNameList)),
  );

  app.post(
    underApi(FilterPaths.newCustomerTreeByName),
    {
      schema: {
        tags,
        summary: 'Search the organisation tree',
        description: `Stores whose name or an ancestor's contains name and that pass the filters, at most ${CUSTOMER_SEARCH_LIMIT}, nested under their ancestors.`,
        body: TreeByNameBody,
        response: { 200: CustomerTreeResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await searchCustomerTree(db, requestScope(request), request.body)),
  );

  app.post(
    underApi(FilterPaths.customerPage),
    {
      schema: {
        tags,
        summary: 'Stores in scope, paged (the non-admin store selector)',
        body: CustomerPageBody,
        response: { 200: CustomerPageResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await customerPage(db, requestScope(request), request.body)),
  );

  app.post(
    underApi(FilterPaths.contactNameList),
    {
      schema: {
        tags,
        summary: 'Distinct contact names of the stores in scope',
        description: 'Optionally within a customer subtree (customerId) and a sales area (areaId). The body is optional.',
        body: ContactNameListBody,
        response: { 200: StringListResponse, ...protectedErrors },
      },
      preValidation: emptyBodyWhenAbsent,
    },
    async (request) => ok(await contactNames(db, requestScope(request), request.body)),
  );
};
