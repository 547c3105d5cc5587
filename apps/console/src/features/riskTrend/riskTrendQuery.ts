import { Pagination, RiskDetailStatus, compactParams, type DateRangeValue, type RiskChartBody, type RiskDetailsBody } from '@pest/shared';
import type { FilterParams } from '../../components/FilterForm/index.ts';

/** The risk chart's filters out of the form's body; the time type goes as `type`, as the contract names it. */
export function riskChartBody(params: FilterParams): RiskChartBody {
  const copy = <T>(list: readonly T[] | undefined) => (list ? [...list] : undefined);
  return compactParams({
    customerId: params.customerId,
    customerIds: copy(params.customerIds),
    servicePlanId: params.servicePlanId,
    regionIds: copy(params.regionIds),
    riskTypeIds: copy(params.riskTypeIds),
    type: params.timeType,
    startTime: params.startTime,
    endTime: params.endTime,
  });
}

/** The dialog's tabs (console-spec section 4): 1 unresolved (default), 0 resolved, 2 all. */
export const RiskTab = { unresolved: 1, resolved: 0, all: 2 } as const;
export type RiskTab = (typeof RiskTab)[keyof typeof RiskTab];
export const RISK_TABS: readonly RiskTab[] = [RiskTab.unresolved, RiskTab.resolved, RiskTab.all];

/** "All" sends status null, which the http client (section 5: empty values absent) leaves out; the contract reads both as all. */
export function statusOfTab(tab: RiskTab): RiskDetailsBody['status'] {
  switch (tab) {
    case RiskTab.unresolved:
      return RiskDetailStatus.unresolved;
    case RiskTab.resolved:
      return RiskDetailStatus.resolved;
    case RiskTab.all:
      return null;
  }
}

/** What the dialog lists: the chart's filters, the clicked risk type, the tab and the rectification dates. */
export type RiskDetailsFilters = Omit<RiskDetailsBody, 'pageNum' | 'pageSize'>;

export function riskDetailsFilters(
  chart: RiskChartBody,
  riskTypeName: string,
  tab: RiskTab,
  rectifyRange: DateRangeValue | undefined,
): RiskDetailsFilters {
  const filters: RiskDetailsFilters = { ...chart, riskTypeNames: [riskTypeName], status: statusOfTab(tab) };
  if (rectifyRange?.[0]) filters.rectifyStartTime = rectifyRange[0];
  if (rectifyRange?.[1]) filters.rectifyEndTime = rectifyRange[1];
  return filters;
}

export function riskDetailsBody(filters: RiskDetailsFilters, pageNum: number, pageSize: number): RiskDetailsBody {
  return { ...filters, pageNum, pageSize };
}

/** The export writes every row whatever the page; it takes the same body (section 7), on page 1. */
export function riskDetailsExportBody(filters: RiskDetailsFilters, pageSize: number): RiskDetailsBody {
  return riskDetailsBody(filters, Pagination.defaultPage, pageSize);
}
