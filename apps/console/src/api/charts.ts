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

export const fetchPointTrend = (body: PointTrendBody) => http.post<PointTrend>(underApi(ChartPaths.pointTrend), body);
export const fetchPointTrendDetails = (body: PointTrendDetailsBody) =>
  http.post<PointTrendDetails>(underApi(ChartPaths.pointTrendDetails), body);

export const fetchYearPests = (body: YearPestsBody) => http.post<YearPests>(underApi(ChartPaths.yearPests), body);
export const fetchRegionPests = (body: RegionPestsBody) => http.post<RegionPests>(underApi(ChartPaths.regionPests), body);
export const fetchPests = (body: PestsBody) => http.post<Pests>(underApi(ChartPaths.pests), body);

export const fetchGroupPestRates = (body: GroupPestRateBody) => http.post<GroupRateChart[]>(underApi(ChartPaths.groupPestRates), body);
export const fetchGroupRiskRates = (body: GroupRiskRateBody) => http.post<GroupRateChart[]>(underApi(ChartPaths.groupRiskRates), body);

export const fetchPestWork = (body: PestWorkBody) => http.post<PestWorkItem[]>(underApi(ChartPaths.pestWork), body);

export const fetchRiskChart = (body: RiskChartBody) => http.post<RiskChart>(underApi(ChartPaths.risk), body);

export type RiskDetailsPage = Page<RiskDetailRow>;
export const fetchRiskDetails = (body: RiskDetailsBody) =>
  http.post<RiskDetailsPage>(underApi(ChartPaths.riskDetails), body);
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
