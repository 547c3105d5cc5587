import { fetchRiskSummary, type RiskSummaryPage } from '../../api/summaries.ts';
import { usePagedSummary, type SummaryQuery } from '../../widgets/summaryReport/usePagedSummary.ts';
import { riskSummaryBody, type RiskSummaryFilters } from './riskSummaryQuery.ts';

const NO_ROWS: RiskSummaryPage = { total: 0, records: [] };

const loadPage = ({ filters, current, size }: SummaryQuery<RiskSummaryFilters>) => fetchRiskSummary(riskSummaryBody(filters, current, size));

/** The risk summary's rows: nothing before the first Query, then the page on screen. */
export function useRiskSummary() {
  return usePagedSummary(loadPage, NO_ROWS);
}
