import { queryOptions } from '@tanstack/react-query';
import { ContractEndpoints, CustomerKind, CustomerState, type ContractListBody } from '@pest/shared';
import { fetchCustomers } from './customers.ts';
import { call } from './http.ts';
import { StaleTime } from './query/staleTimes.ts';

/** 合同 calls: a page of contracts (the table shows its own spinner). */
export const fetchContracts = (body: ContractListBody, signal?: AbortSignal) => call(ContractEndpoints.list, body, { skipLoading: true, signal });

/** How many stores an item's picker offers under the contract's customer for what is typed. */
export const CONTRACT_STORE_OPTIONS = 200;

export const contractKeys = {
  all: ['contracts'] as const,
  page: (body: ContractListBody) => [...contractKeys.all, 'page', body] as const,
  stores: (customerId: number, keyword: string) => [...contractKeys.all, 'stores', customerId, keyword] as const,
};

export const contractQueries = {
  page: (body: ContractListBody) => queryOptions({ queryKey: contractKeys.page(body), queryFn: ({ signal }) => fetchContracts(body, signal), staleTime: StaleTime.list }),
  /** The active stores under a contract's customer (itself, when it is a store), for its items. */
  stores: (customerId: number, keyword: string) =>
    queryOptions({
      queryKey: contractKeys.stores(customerId, keyword),
      queryFn: ({ signal }) =>
        fetchCustomers({ current: 1, size: CONTRACT_STORE_OPTIONS, kinds: [CustomerKind.store], state: CustomerState.active, underId: customerId, ...(keyword ? { keyword } : {}) }, signal),
      staleTime: StaleTime.list,
    }),
};
