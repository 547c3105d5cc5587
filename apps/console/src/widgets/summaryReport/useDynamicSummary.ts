import { useEffect, useState } from 'react';
import type { TableHeaderNode } from '@pest/shared';
import type { DynamicSummaryApi, SummaryPage } from '../../api/summaries.ts';
import { summaryPageBody, type SummaryFilters } from './summaryQuery.ts';
import { usePagedSummary, type SummaryQuery } from './usePagedSummary.ts';

const NO_ROWS: SummaryPage = { total: 0, records: [], totalRow: {} };

/**
 * A summary whose columns come from the server (console-spec screens 4 and 5): each Query loads
 * the header for the filters and, alongside, the page of rows; paging reloads only the rows.
 */
export function useDynamicSummary(api: DynamicSummaryApi) {
  const [header, setHeader] = useState<TableHeaderNode[]>([]);
  const rows = usePagedSummary<SummaryFilters, SummaryPage>(
    ({ filters, current, size }: SummaryQuery<SummaryFilters>) => api.fetchPage(summaryPageBody(filters, current, size)),
    NO_ROWS,
  );

  const filters = rows.query?.filters;
  useEffect(() => {
    if (!filters) {
      setHeader([]);
      return;
    }
    let current = true;
    api
      .fetchHeader(filters)
      .catch(() => [])
      .then((next) => current && setHeader(next));
    return () => {
      current = false;
    };
  }, [api, filters]);

  return { ...rows, header };
}
