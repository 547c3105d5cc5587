import { useQuery } from '@tanstack/react-query';
import type { DynamicSummaryApi, SummaryPage } from '../../api/summaries.ts';
import { summaryQueries } from '../../api/summaryQueries.ts';
import { summaryPageBody, type SummaryFilters } from './summaryQuery.ts';
import { usePagedSummary, type SummaryQuery } from './usePagedSummary.ts';

const NO_ROWS: SummaryPage = { total: 0, records: [], totalRow: {} };

/**
 * A summary whose columns come from the server (console-spec screens 4 and 5): each Query loads
 * the header for the filters and, alongside, the page of rows; paging reloads only the rows.
 */
export function useDynamicSummary(api: DynamicSummaryApi) {
  const rows = usePagedSummary(
    (query: SummaryQuery<SummaryFilters> | undefined) => summaryQueries.page(api, query && summaryPageBody(query.filters, query.current, query.size)),
    NO_ROWS,
    { alsoFresh: (filters) => [summaryQueries.header(api, filters).queryKey] },
  );
  // A failed header leaves the table without columns; the http client has said why.
  const header = useQuery(summaryQueries.header(api, rows.query?.filters)).data ?? [];
  return { ...rows, header };
}
