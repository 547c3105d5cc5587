import { Pagination, type RiskStatus, type RiskSummaryBody } from '@pest/shared';
import type { SummaryFilters } from '../../widgets/summaryReport/summaryQuery.ts';

/** The risk summary's applied filters: the form's, with the visit period under its own names, and the status. */
export type RiskSummaryFilters = Omit<RiskSummaryBody, 'current' | 'size'>;

/**
 * The spec names the risk summary's period realityStartTime / realityEndTime (section 7), the
 * visits' actual times; the other summaries take the form's startTime / endTime as they are.
 */
export function riskSummaryFilters(
  filters: SummaryFilters,
  { status, overdue }: { status?: RiskStatus; overdue?: boolean },
): RiskSummaryFilters {
  const { startTime, endTime, ...rest } = filters;
  const body: RiskSummaryFilters = { ...rest };
  if (startTime) body.realityStartTime = startTime;
  if (endTime) body.realityEndTime = endTime;
  if (status !== undefined) body.status = status;
  if (overdue !== undefined) body.overdue = overdue;
  return body;
}

export function riskSummaryBody(filters: RiskSummaryFilters, current: number, size: number): RiskSummaryBody {
  return { current, size, ...filters };
}

/** The export: the same filters with every row on one page (console-spec section 7: size = total). */
export function riskSummaryExportBody(filters: RiskSummaryFilters, total: number): RiskSummaryBody {
  return riskSummaryBody(filters, Pagination.defaultPage, total);
}
