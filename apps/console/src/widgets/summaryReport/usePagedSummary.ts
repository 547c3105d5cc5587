import { useEffect, useState } from 'react';
import { Pagination } from '@pest/shared';

/** What a summary screen has asked for: the filters of the last Query and the page on screen. */
export interface SummaryQuery<F> {
  filters: F;
  current: number;
  size: number;
}

/**
 * A summary's paged rows. Nothing loads before the first Query; Query goes back to page 1, a new
 * page size too; Reset clears the rows. A failure was already shown by the http client (console-spec
 * section 8), so the table just empties.
 */
export function usePagedSummary<F, P>(load: (query: SummaryQuery<F>) => Promise<P>, empty: P) {
  const [query, setQuery] = useState<SummaryQuery<F>>();
  const [page, setPage] = useState<P>(empty);

  useEffect(() => {
    if (!query) {
      setPage(empty);
      return;
    }
    let current = true;
    load(query)
      .then((next) => current && setPage(next))
      .catch(() => current && setPage(empty));
    return () => {
      current = false;
    };
    // `load` and `empty` are module-level for every caller: only a new query reloads.
  }, [query]);

  return {
    query,
    page,
    /** A new object each Query, so querying the same filters again reloads. */
    search: (filters: F) => setQuery((q) => ({ filters, current: Pagination.defaultPage, size: q?.size ?? Pagination.defaultSize })),
    clear: () => setQuery(undefined),
    changePage: (current: number, size: number) =>
      setQuery((q) => q && { ...q, size, current: size === q.size ? current : Pagination.defaultPage }),
  };
}
