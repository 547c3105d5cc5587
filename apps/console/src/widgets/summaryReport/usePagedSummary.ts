import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Pagination } from '@pest/shared';
import { useSubmittedRequest } from '../../api/query/useSubmittedRequest.ts';

/** What a summary screen has asked for: the filters of the last Query and the page on screen. */
export interface SummaryQuery<F> {
  filters: F;
  current: number;
  size: number;
}

/** The query of one page; no query: nothing asked (the builder answers with a query that never runs). */
export type PageQuery<F, P, K extends QueryKey> = (query: SummaryQuery<F> | undefined) => UseQueryOptions<P, Error, P, K>;

/**
 * A summary's paged rows. Nothing loads before the first Query (unless `initial` asks at once);
 * Query goes back to page 1, a new page size too; Reset clears the rows. While a new page loads,
 * the rows on screen stay. A failure was already shown by the http client (console-spec section
 * 8), so the table just empties, also when it asked again for rows it had shown before (the cache
 * would otherwise keep showing them as if they were the answer). `alsoFresh` names other entries a Query must ask again (a header).
 */
export function usePagedSummary<F, P, K extends QueryKey>(
  pageQuery: PageQuery<F, P, K>,
  empty: P,
  { initial, alsoFresh }: { initial?: SummaryQuery<F>; alsoFresh?: (filters: F) => QueryKey[] } = {},
) {
  const { request: query, submit, change } = useSubmittedRequest<SummaryQuery<F> | undefined>(initial, (next) =>
    next ? [pageQuery(next).queryKey, ...(alsoFresh?.(next.filters) ?? [])] : [],
  );
  const rows = useQuery({ ...pageQuery(query), placeholderData: query ? keepPreviousData : undefined });

  return {
    query,
    page: rows.isError ? empty : (rows.data ?? empty),
    search: (filters: F) => submit({ filters, current: Pagination.defaultPage, size: query?.size ?? Pagination.defaultSize }),
    clear: () => submit(undefined),
    changePage: (current: number, size: number) =>
      change((q) => q && { ...q, size, current: size === q.size ? current : Pagination.defaultPage }),
  };
}
