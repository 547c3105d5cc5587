import type { RiskSummaryPage } from '../../api/summaries.ts';
import { summaryQueries } from '../../api/summaryQueries.ts';
import { usePagedSummary, type SummaryQuery } from '../../widgets/summaryReport/usePagedSummary.ts';
import { riskSummaryBody, type RiskSummaryFilters } from './riskSummaryQuery.ts';

const NO_ROWS: RiskSummaryPage = { total: 0, records: [] };

/** The risk summary's rows: nothing before the first Query, then the page on screen. */
export function useRiskSummary() {
  return usePagedSummary(
    (query: SummaryQuery<RiskSummaryFilters> | undefined) => summaryQueries.riskSummary(query && riskSummaryBody(query.filters, query.current, query.size)),
    NO_ROWS,
  );
}
