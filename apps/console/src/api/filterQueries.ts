import { infiniteQueryOptions, queryOptions, skipToken } from '@tanstack/react-query';
import type { NamedItem } from '@pest/shared';
import {
  fetchContactNames,
  fetchCustomerPage,
  fetchCustomerTreeChildren,
  fetchCustomerTreeTops,
  fetchDeviceTypes,
  fetchPests,
  fetchRegionTree,
  fetchRiskIssues,
  fetchRiskTypes,
  fetchSalesAreas,
  fetchSuppliers,
  searchCustomerTree,
  type CustomerPageQuery,
  type CustomerTreeChildrenQuery,
  type CustomerTreeSearch,
  type CustomerTreeTopsQuery,
} from './filters.ts';
import { StaleTime } from './query/staleTimes.ts';

/** The filter form's option lists: reference data, kept long. */
export const filterKeys = {
  all: ['filters'] as const,
  customerTree: () => [...filterKeys.all, 'customerTree'] as const,
  customerTreeTops: (query: CustomerTreeTopsQuery) => [...filterKeys.customerTree(), 'tops', query] as const,
  customerTreeChildren: (query: CustomerTreeChildrenQuery) => [...filterKeys.customerTree(), 'children', query] as const,
  customerTreeSearch: (search: CustomerTreeSearch | undefined) => [...filterKeys.customerTree(), 'search', search] as const,
  /**
   * The store list's pages for one search (its first page's body). `generation` counts the form's
   * asks to list again from the start, so each ask starts a fresh list.
   */
  storePages: (firstPage: CustomerPageQuery, generation: number) => [...filterKeys.all, 'storePages', firstPage, generation] as const,
  /** A list that depends on nothing. */
  list: (name: 'salesAreas' | 'regionTree' | 'deviceTypes' | 'pests' | 'suppliers') => [...filterKeys.all, name] as const,
  contacts: (areaId: number | undefined) => [...filterKeys.all, 'contacts', areaId] as const,
  riskTypes: (riskId: number | undefined) => [...filterKeys.all, 'riskTypes', riskId] as const,
  /** Risk types in any order ask for the same issues. */
  riskIssues: (riskTypeIds: readonly number[]) => [...filterKeys.all, 'riskIssues', [...riskTypeIds].sort((a, b) => a - b)] as const,
};

/** Issue descriptions of several risk types, each name once. */
async function fetchIssuesOf(riskTypeIds: readonly number[], signal: AbortSignal): Promise<NamedItem[]> {
  const lists = await Promise.all(riskTypeIds.map((id) => fetchRiskIssues(id, signal)));
  return [...new Map(lists.flat().map((issue) => [issue.name, issue])).values()];
}

const referenceList = <T>(queryKey: readonly unknown[], queryFn: (signal: AbortSignal) => Promise<T[]>) =>
  queryOptions({ queryKey, queryFn: ({ signal }) => queryFn(signal), staleTime: StaleTime.reference });

export const filterQueries = {
  /** The store list, a page at a time (users who are not admins); `pageAt` is the body of a page. */
  storePages: (pageAt: (current: number) => CustomerPageQuery, generation: number) =>
    infiniteQueryOptions({
      queryKey: filterKeys.storePages(pageAt(1), generation),
      queryFn: ({ pageParam, signal }) => fetchCustomerPage(pageAt(pageParam), signal),
      initialPageParam: 1,
      getNextPageParam: (last, pages) => (pages.reduce((count, page) => count + page.records.length, 0) < last.total ? pages.length + 1 : undefined),
      staleTime: StaleTime.reference,
    }),
  salesAreas: () => referenceList(filterKeys.list('salesAreas'), (signal) => fetchSalesAreas(signal)),
  regionTree: () => referenceList(filterKeys.list('regionTree'), (signal) => fetchRegionTree(undefined, signal)),
  deviceTypes: () => referenceList(filterKeys.list('deviceTypes'), (signal) => fetchDeviceTypes(undefined, signal)),
  pests: () => referenceList(filterKeys.list('pests'), (signal) => fetchPests(signal)),
  suppliers: () => referenceList(filterKeys.list('suppliers'), (signal) => fetchSuppliers(signal)),
  /** Contacts of one sales region, or all of them. */
  contacts: (areaId: number | undefined) => referenceList(filterKeys.contacts(areaId), (signal) => fetchContactNames({ areaId }, signal)),
  /** A plan's risk types (its riskId), or every risk type without a plan. */
  riskTypes: (riskId: number | undefined) => referenceList(filterKeys.riskTypes(riskId), (signal) => fetchRiskTypes(riskId, signal)),
  riskIssues: (riskTypeIds: readonly number[]) =>
    queryOptions({
      queryKey: filterKeys.riskIssues(riskTypeIds),
      queryFn: riskTypeIds.length > 0 ? ({ signal }) => fetchIssuesOf(riskTypeIds, signal) : skipToken,
      staleTime: StaleTime.reference,
    }),
  customerTreeTops: (query: CustomerTreeTopsQuery) =>
    queryOptions({
      queryKey: filterKeys.customerTreeTops(query),
      queryFn: ({ signal }) => fetchCustomerTreeTops(query, signal),
      staleTime: StaleTime.reference,
    }),
  customerTreeChildren: (query: CustomerTreeChildrenQuery) =>
    queryOptions({
      queryKey: filterKeys.customerTreeChildren(query),
      queryFn: ({ signal }) => fetchCustomerTreeChildren(query, signal),
      staleTime: StaleTime.reference,
    }),
  /** No search: nothing typed, the tree is browsed. */
  customerTreeSearch: (search: CustomerTreeSearch | undefined) =>
    queryOptions({
      queryKey: filterKeys.customerTreeSearch(search),
      queryFn: search ? ({ signal }) => searchCustomerTree(search, signal) : skipToken,
      staleTime: StaleTime.reference,
    }),
};
