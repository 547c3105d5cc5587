import { Pagination, compactParams, type SummaryHeaderBody, type SummaryPageBody } from '@pest/shared';
import { storeChartFilters } from '../../api/charts.ts';
import type { FilterParams } from '../../components/FilterForm/index.ts';

/**
 * Request bodies of the summary reports (console-spec section 7, "Summaries and exports"). The
 * pest, device-type and risk summaries all narrow by the same filter fields.
 */
export type SummaryFilters = SummaryHeaderBody;

/**
 * The fields a summary narrows by, out of the filter form's body. The contract refuses any other
 * key, so a field a screen's form happens to show (e.g. time type) is left out here, not there.
 */
export function summaryFilters(params: FilterParams): SummaryFilters {
  // A store chart's filters and the risk types: compactParams drops the latter when none is chosen.
  return compactParams({ ...storeChartFilters(params), riskTypeIds: params.riskTypeIds && [...params.riskTypeIds] });
}

/** One page of a summary: the applied filters with the page. */
export function summaryPageBody(filters: SummaryFilters, current: number, size: number): SummaryPageBody {
  return { current, size, ...filters };
}

/** The export: the same filters with every row on one page (console-spec section 7: size = total). */
export function summaryExportBody(filters: SummaryFilters, total: number): SummaryPageBody {
  return summaryPageBody(filters, Pagination.defaultPage, total);
}
