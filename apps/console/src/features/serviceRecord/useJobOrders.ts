import { useEffect, useState } from 'react';
import { fetchJobOrders, type JobOrderPage } from '../../api/jobOrders.ts';
import { jobOrderListBody, type JobOrderFilters } from './jobOrderQuery.ts';

interface ListQuery {
  filters: JobOrderFilters;
  current: number;
  /** Bumped by every Query click, so querying the same filters again reloads. */
  revision: number;
}

const EMPTY_PAGE: JobOrderPage = { total: 0, records: [] };

/** The job-order list: the applied filters, the page, and its rows (page 1, unfiltered, on arrival). */
export function useJobOrders() {
  const [query, setQuery] = useState<ListQuery>({ filters: {}, current: 1, revision: 0 });
  const [page, setPage] = useState<JobOrderPage>(EMPTY_PAGE);

  useEffect(() => {
    let current = true;
    fetchJobOrders(jobOrderListBody(query.filters, query.current))
      .then((next) => current && setPage(next))
      // Console-spec section 8: the client already showed the failure; the list just empties.
      .catch(() => current && setPage(EMPTY_PAGE));
    return () => {
      current = false;
    };
  }, [query]);

  return {
    page,
    current: query.current,
    search: (filters: JobOrderFilters) => setQuery((q) => ({ filters, current: 1, revision: q.revision + 1 })),
    goToPage: (current: number) => setQuery((q) => ({ ...q, current })),
  };
}
