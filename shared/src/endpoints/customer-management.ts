import { defineEndpoint } from '../api/endpoint.ts';
import { Permission } from '../contract/permissions.ts';
import {
  CustomerDetailResponse,
  CustomerIdOnlyBody,
  CustomerListBody,
  CustomerListResponse,
  CustomerPaths,
  CustomerSaveBody,
  CustomerSaveResponse,
} from '../contract/customers.ts';
import { CustomerIdBody } from '../contract/filters.ts';

const tags = ['customers'];

/** 客户管理: the provider's customer tree, kept by its staff and, below their own node, by a customer's manager. */
export const CustomerManagementEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: CustomerPaths.list,
    input: CustomerListBody,
    response: CustomerListResponse,
    permission: Permission.customersView,
    tags,
    summary: 'The customer tree in order (each organisation, then what is below it), paged; suspended nodes included unless state says otherwise',
    description: 'keyword matches part of a name or a code; underId keeps one node and what is below it. Within the caller\'s scope.',
  }),
  detail: defineEndpoint({
    method: 'POST',
    path: CustomerPaths.detail,
    input: CustomerIdBody,
    response: CustomerDetailResponse,
    refusals: [404],
    permission: Permission.customersView,
    tags,
    summary: 'One customer node with its contacts and version',
  }),
  save: defineEndpoint({
    method: 'POST',
    path: CustomerPaths.save,
    input: CustomerSaveBody,
    response: CustomerSaveResponse,
    refusals: [403, 404, 409],
    permission: Permission.customersManage,
    tags,
    summary: 'Add (no id) or edit a customer node; a new parentId moves it with everything below it',
    description:
      'name 1–50 and code 1–32 characters (trimmed), the code unique whatever its case (编码已存在); an organisation has no parent, a group or store an active organisation or group; province › city › district top down; at most 20 contacts. A customer\'s manager keeps only what is below their own node. With version, a save over someone else\'s is refused (409).',
  }),
  suspend: defineEndpoint({
    method: 'POST',
    path: CustomerPaths.suspend,
    input: CustomerIdOnlyBody,
    response: CustomerSaveResponse,
    refusals: [403, 404, 409],
    permission: Permission.customersManage,
    tags,
    summary: 'Suspend a node and what is still active below it: they leave the pickers and keep their records',
  }),
  resume: defineEndpoint({
    method: 'POST',
    path: CustomerPaths.resume,
    input: CustomerIdOnlyBody,
    response: CustomerSaveResponse,
    refusals: [403, 404, 409],
    permission: Permission.customersManage,
    tags,
    summary: 'Resume a suspended node and what was suspended with it; refused while a node above it is suspended',
  }),
};
