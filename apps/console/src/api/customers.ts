import { queryOptions } from '@tanstack/react-query';
import { CustomerManagementEndpoints, CustomerState, CustomerKind, type CustomerListBody } from '@pest/shared';
import { call } from './http.ts';
import { StaleTime } from './query/staleTimes.ts';

/** 客户管理 calls: the tree's pages (the table shows its own spinner) and one node. */
export const fetchCustomers = (body: CustomerListBody, signal?: AbortSignal) => call(CustomerManagementEndpoints.list, body, { skipLoading: true, signal });

/** Nodes a group or store may go under: active organisations and groups matching the text, a page of them. */
export const PARENT_OPTIONS_SIZE = 30;
export const fetchParentOptions = (keyword: string, signal?: AbortSignal) =>
  fetchCustomers({ current: 1, size: PARENT_OPTIONS_SIZE, kinds: [CustomerKind.organisation, CustomerKind.group], state: CustomerState.active, ...(keyword ? { keyword } : {}) }, signal);

export const customerKeys = {
  all: ['customers'] as const,
  page: (body: CustomerListBody) => [...customerKeys.all, 'page', body] as const,
  parents: (keyword: string) => [...customerKeys.all, 'parents', keyword] as const,
};

export const customerQueries = {
  page: (body: CustomerListBody) => queryOptions({ queryKey: customerKeys.page(body), queryFn: ({ signal }) => fetchCustomers(body, signal), staleTime: StaleTime.list }),
  parents: (keyword: string) =>
    queryOptions({ queryKey: customerKeys.parents(keyword), queryFn: ({ signal }) => fetchParentOptions(keyword, signal), staleTime: StaleTime.list }),
};
