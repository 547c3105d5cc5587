import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { JobOrderPage } from '../../api/jobOrders.ts';
import { jobOrderQueries } from '../../api/jobOrderQueries.ts';
import { useSubmittedRequest } from '../../api/query/useSubmittedRequest.ts';
import { jobOrderListBody, type JobOrderFilters } from './jobOrderQuery.ts';

interface ListQuery {
  filters: JobOrderFilters;
  current: number;
}

const EMPTY_PAGE: JobOrderPage = { total: 0, records: [] };
const listQuery = ({ filters, current }: ListQuery) => jobOrderQueries.list(jobOrderListBody(filters, current));

/**
 * The job-order list: the applied filters, the page, and its rows (page 1, unfiltered, on arrival).
 * The rows on screen stay while the next page loads; a failure (console-spec section 8: the client
 * already showed it) empties the list.
 */
export function useJobOrders() {
  const { request: query, submit, change } = useSubmittedRequest<ListQuery>({ filters: {}, current: 1 }, (next) => [listQuery(next).queryKey]);
  const list = useQuery({ ...listQuery(query), placeholderData: keepPreviousData });

  return {
    page: list.data ?? EMPTY_PAGE,
    current: query.current,
    search: (filters: JobOrderFilters) => submit({ filters, current: 1 }),
    goToPage: (current: number) => change((q) => ({ ...q, current })),
  };
}
