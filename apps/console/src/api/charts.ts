import {
  ChartPaths,
  compactParams,
  type GroupPestRateBody,
  type GroupRateChart,
  type GroupRiskRateBody,
  type Page,
  type PestWorkBody,
  type PestWorkItem,
  type Pests,
  type PestsBody,
  type PointTrend,
  type PointTrendBody,
  type PointTrendDetails,
  type PointTrendDetailsBody,
  type RegionPests,
  type RegionPestsBody,
  type RiskChart,
  type RiskChartBody,
  type RiskDetailRow,
  type RiskDetailsBody,
  type YearPests,
  type YearPestsBody,
} from '@pest/shared';
import { http, underApi } from './http.ts';

/** Statistical-chart calls (console-spec section 7, "Charts"; shapes in shared/src/contract/charts/). */

export const fetchPointTrend = (body: PointTrendBody, signal?: AbortSignal) => http.post<PointTrend>(underApi(ChartPaths.pointTrend), body, { signal });
export const fetchPointTrendDetails = (body: PointTrendDetailsBody, signal?: AbortSignal) =>
  http.post<PointTrendDetails>(underApi(ChartPaths.pointTrendDetails), body, { signal });

export const fetchYearPests = (body: YearPestsBody, signal?: AbortSignal) => http.post<YearPests>(underApi(ChartPaths.yearPests), body, { signal });
export const fetchRegionPests = (body: RegionPestsBody, signal?: AbortSignal) => http.post<RegionPests>(underApi(ChartPaths.regionPests), body, { signal });
export const fetchPests = (body: PestsBody, signal?: AbortSignal) => http.post<Pests>(underApi(ChartPaths.pests), body, { signal });

export const fetchGroupPestRates = (body: GroupPestRateBody, signal?: AbortSignal) => http.post<GroupRateChart[]>(underApi(ChartPaths.groupPestRates), body, { signal });
export const fetchGroupRiskRates = (body: GroupRiskRateBody, signal?: AbortSignal) => http.post<GroupRateChart[]>(underApi(ChartPaths.groupRiskRates), body, { signal });

export const fetchPestWork = (body: PestWorkBody, signal?: AbortSignal) => http.post<PestWorkItem[]>(underApi(ChartPaths.pestWork), body, { signal });

export const fetchRiskChart = (body: RiskChartBody, signal?: AbortSignal) => http.post<RiskChart>(underApi(ChartPaths.risk), body, { signal });

export type RiskDetailsPage = Page<RiskDetailRow>;
export const fetchRiskDetails = (body: RiskDetailsBody, signal?: AbortSignal) =>
  http.post<RiskDetailsPage>(underApi(ChartPaths.riskDetails), body, { signal });
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
