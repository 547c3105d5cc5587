import { queryOptions, skipToken } from '@tanstack/react-query';
import {
  ChartBasis,
  type GroupPestRateBody,
  type GroupRiskRateBody,
  type PestWorkBody,
  type PestsBody,
  type PointTrendBody,
  type PointTrendDetailsBody,
  type RegionPestsBody,
  type RiskChartBody,
  type RiskDetailsBody,
  type YearPestsBody,
} from '@pest/shared';
import {
  fetchGroupPestRates,
  fetchGroupRiskRates,
  fetchPestWork,
  fetchPests,
  fetchPointTrend,
  fetchPointTrendDetails,
  fetchRegionPests,
  fetchRiskChart,
  fetchRiskDetails,
  fetchYearPests,
} from './charts.ts';
import { StaleTime } from './query/staleTimes.ts';

/** The positive-rate statistics: the pest call or the risk call, each refusing the other's fields. */
export type GroupRatesRequest =
  | { basis: typeof ChartBasis.pest; body: GroupPestRateBody }
  | { basis: typeof ChartBasis.risk; body: GroupRiskRateBody };

/** Every chart's cache entry is named by its call and its whole request body. */
export const chartKeys = {
  all: ['charts'] as const,
  chart: <B>(name: string, body: B | undefined) => [...chartKeys.all, name, body] as const,
};

/**
 * One chart call as a query; no body means nothing asked yet (before the first 查询, after Reset).
 * A superseded body's request is aborted through `signal`.
 */
function chartQuery<B, D>(name: string, load: (body: B, signal?: AbortSignal) => Promise<D>, body: B | undefined) {
  return queryOptions({
    queryKey: chartKeys.chart(name, body),
    queryFn: body === undefined ? skipToken : ({ signal }) => load(body, signal),
    staleTime: StaleTime.chart,
  });
}

export const chartQueries = {
  pointTrend: (body?: PointTrendBody) => chartQuery('pointTrend', fetchPointTrend, body),
  pointTrendDetails: (body?: PointTrendDetailsBody) => chartQuery('pointTrendDetails', fetchPointTrendDetails, body),
  yearPests: (body?: YearPestsBody) => chartQuery('yearPests', fetchYearPests, body),
  regionPests: (body?: RegionPestsBody) => chartQuery('regionPests', fetchRegionPests, body),
  pests: (body?: PestsBody) => chartQuery('pests', fetchPests, body),
  pestWork: (body?: PestWorkBody) => chartQuery('pestWork', fetchPestWork, body),
  /** Positive rates per pest or per risk: one call or the other, by the statistic basis. */
  groupRates: (request?: GroupRatesRequest) =>
    chartQuery('groupRates', (chosen: GroupRatesRequest, signal?: AbortSignal) =>
      chosen.basis === ChartBasis.pest ? fetchGroupPestRates(chosen.body, signal) : fetchGroupRiskRates(chosen.body, signal), request),
  riskChart: (body?: RiskChartBody) => chartQuery('riskChart', fetchRiskChart, body),
  /** A page of the risk dialog's rows: a list, so it goes stale as soon as one. */
  riskDetails: (body?: RiskDetailsBody) => ({ ...chartQuery('riskDetails', fetchRiskDetails, body), staleTime: StaleTime.list }),
};
