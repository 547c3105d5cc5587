import { queryOptions, skipToken } from '@tanstack/react-query';
import { fetchCustomerTreeChildren, fetchCustomerTreeTops, searchCustomerTree, type CustomerTreeChildrenQuery, type CustomerTreeSearch, type CustomerTreeTopsQuery } from './filters.ts';
import { StaleTime } from './query/staleTimes.ts';

/** The filter form's option lists: reference data, kept long. */
export const filterKeys = {
  all: ['filters'] as const,
  customerTree: () => [...filterKeys.all, 'customerTree'] as const,
  customerTreeTops: (query: CustomerTreeTopsQuery) => [...filterKeys.customerTree(), 'tops', query] as const,
  customerTreeChildren: (query: CustomerTreeChildrenQuery) => [...filterKeys.customerTree(), 'children', query] as const,
  customerTreeSearch: (search: CustomerTreeSearch | undefined) => [...filterKeys.customerTree(), 'search', search] as const,
};

export const filterQueries = {
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
