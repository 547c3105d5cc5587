import { defineEndpoint } from '../api/endpoint.ts';
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
} from '../contract/filters.ts';

const tags = ['filters'];

/** The organisation/store selectors of the filter form and the contact filter, all within the caller's scope. */
export const CustomerEndpoints = {
  customerTreeByCustomerId: defineEndpoint({
    method: 'POST',
    path: FilterPaths.customerTreeByCustomerId,
    input: CustomerIdBody,
    response: CustomerTreeResponse,
    tags,
    summary: 'A customer with its whole subtree',
    description: 'One root node (the customer) with nested children; [] when the id is outside the scope.',
  }),
  newCustomerTree: defineEndpoint({
    method: 'POST',
    path: FilterPaths.newCustomerTree,
    input: NewCustomerTreeBody,
    response: CustomerTreeResponse,
    tags,
    summary: 'Tops of the organisation tree, children loaded lazily',
    description: 'Every organisation for admins, the own organisation for a customer manager. The body is optional.',
  }),
  newCustomerTreeByParentId: defineEndpoint({
    method: 'POST',
    path: FilterPaths.newCustomerTreeByParentId,
    input: TreeByParentBody,
    response: CustomerTreeResponse,
    tags,
    summary: 'Children of a tree node',
    description: 'With contactNameList, only children that are, or contain, a store with one of those contacts.',
  }),
  newCustomerTreeByName: defineEndpoint({
    method: 'POST',
    path: FilterPaths.newCustomerTreeByName,
    input: TreeByNameBody,
    response: CustomerTreeResponse,
    tags,
    summary: 'Search the organisation tree',
    description: `Stores whose name or an ancestor's contains name and that pass the filters, at most ${CUSTOMER_SEARCH_LIMIT}, nested under their ancestors.`,
  }),
  customerPage: defineEndpoint({
    method: 'POST',
    path: FilterPaths.customerPage,
    input: CustomerPageBody,
    response: CustomerPageResponse,
    tags,
    summary: 'Stores in scope, paged (the non-admin store selector)',
  }),
  contactNameList: defineEndpoint({
    method: 'POST',
    path: FilterPaths.contactNameList,
    input: ContactNameListBody,
    response: StringListResponse,
    tags,
    summary: 'Distinct contact names of the stores in scope',
    description: 'Optionally within a customer subtree (customerId) and a sales area (areaId). The body is optional.',
  }),
};
