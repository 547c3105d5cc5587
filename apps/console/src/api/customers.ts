import { queryOptions } from '@tanstack/react-query';
import { CustomerManagementEndpoints, CustomerState, type CustomerKind, type CustomerListBody } from '@pest/shared';
import { call } from './http.ts';
import { StaleTime } from './query/staleTimes.ts';

/** 客户管理 calls: the tree's pages (the table shows its own spinner) and one node. */
export const fetchCustomers = (body: CustomerListBody, signal?: AbortSignal) => call(CustomerManagementEndpoints.list, body, { skipLoading: true, signal });

/** How many nodes a picker offers for what is typed. */
export const CUSTOMER_OPTIONS_SIZE = 30;

export const customerKeys = {
  all: ['customers'] as const,
  page: (body: CustomerListBody) => [...customerKeys.all, 'page', body] as const,
  options: (kinds: readonly CustomerKind[], keyword: string) => [...customerKeys.all, 'options', kinds, keyword] as const,
};

export const customerQueries = {
  page: (body: CustomerListBody) => queryOptions({ queryKey: customerKeys.page(body), queryFn: ({ signal }) => fetchCustomers(body, signal), staleTime: StaleTime.list }),
  /** Active nodes of these kinds matching the text, a page of them, for a picker. */
  options: (kinds: readonly CustomerKind[], keyword: string) =>
    queryOptions({
      queryKey: customerKeys.options(kinds, keyword),
      queryFn: ({ signal }) =>
        fetchCustomers({ current: 1, size: CUSTOMER_OPTIONS_SIZE, kinds: [...kinds], state: CustomerState.active, ...(keyword ? { keyword } : {}) }, signal),
      staleTime: StaleTime.list,
    }),
};
