import {
  ChartEndpoints,
  ChartPaths,
  compactParams,
  type GroupPestRateBody,
  type GroupRiskRateBody,
  type Page,
  type PestWorkBody,
  type PestsBody,
  type PointTrendBody,
  type PointTrendDetailsBody,
  type RegionPestsBody,
  type RiskChartBody,
  type RiskDetailRow,
  type RiskDetailsBody,
  type YearPestsBody,
} from '@pest/shared';
import { call, underApi } from './http.ts';

/** Statistical-chart calls (console-spec section 7, "Charts"; shapes in shared/src/contract/charts/). */

export const fetchPointTrend = (body: PointTrendBody, signal?: AbortSignal) => call(ChartEndpoints.pointTrend, body, { signal });
export const fetchPointTrendDetails = (body: PointTrendDetailsBody, signal?: AbortSignal) => call(ChartEndpoints.pointTrendDetails, body, { signal });

export const fetchYearPests = (body: YearPestsBody, signal?: AbortSignal) => call(ChartEndpoints.yearPests, body, { signal });
export const fetchRegionPests = (body: RegionPestsBody, signal?: AbortSignal) => call(ChartEndpoints.regionPests, body, { signal });
export const fetchPests = (body: PestsBody, signal?: AbortSignal) => call(ChartEndpoints.pests, body, { signal });

export const fetchGroupPestRates = (body: GroupPestRateBody, signal?: AbortSignal) => call(ChartEndpoints.groupPestRates, body, { signal });
export const fetchGroupRiskRates = (body: GroupRiskRateBody, signal?: AbortSignal) => call(ChartEndpoints.groupRiskRates, body, { signal });

export const fetchPestWork = (body: PestWorkBody, signal?: AbortSignal) => call(ChartEndpoints.pestWork, body, { signal });

export const fetchRiskChart = (body: RiskChartBody, signal?: AbortSignal) => call(ChartEndpoints.risk, body, { signal });

export type RiskDetailsPage = Page<RiskDetailRow>;
export const fetchRiskDetails = (body: RiskDetailsBody, signal?: AbortSignal) => call(ChartEndpoints.riskDetails, body, { signal });
export const riskDetailsExportUrl = underApi(ChartPaths.riskDetailsExport);

/** The store filters every store chart narrows by (contract: StoreFilterFields). */
export type StoreChartFilters = Pick<
  PointTrendBody,
  'customerId' | 'customerIds' | 'servicePlanId' | 'regionIds' | 'deviceTypeIds' | 'pointIds' | 'petIds' | 'startTime' | 'endTime'
>;

/** What storeChartFilters reads of a filter form's body, whose lists are read-only. */
type StoreFilterSource = {
  [K in keyof StoreChartFilters]?: StoreChartFilters[K] extends readonly (infer U)[] | undefined ? readonly U[] : StoreChartFilters[K];
};

const copy = <T>(list: readonly T[] | undefined) => (list ? [...list] : undefined);

/**
 * The store filters out of the filter form's body. The chart contracts refuse any other key, so
 * a field a screen's form shows for its own use (time type, risk types) is mapped by that screen.
 */
export function storeChartFilters(params: StoreFilterSource): StoreChartFilters {
  return compactParams({
    customerId: params.customerId,
    customerIds: copy(params.customerIds),
    servicePlanId: params.servicePlanId,
    regionIds: copy(params.regionIds),
    deviceTypeIds: copy(params.deviceTypeIds),
    pointIds: copy(params.pointIds),
    petIds: copy(params.petIds),
    startTime: params.startTime,
    endTime: params.endTime,
  });
}
