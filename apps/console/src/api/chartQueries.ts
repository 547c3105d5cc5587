import { queryOptions, skipToken } from '@tanstack/react-query';
import type {
  GroupPestRateBody,
  GroupRiskRateBody,
  PestWorkBody,
  PestsBody,
  PointTrendBody,
  PointTrendDetailsBody,
  RegionPestsBody,
  RiskChartBody,
  RiskDetailsBody,
  YearPestsBody,
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
  groupPestRates: (body?: GroupPestRateBody) => chartQuery('groupPestRates', fetchGroupPestRates, body),
  groupRiskRates: (body?: GroupRiskRateBody) => chartQuery('groupRiskRates', fetchGroupRiskRates, body),
  pestWork: (body?: PestWorkBody) => chartQuery('pestWork', fetchPestWork, body),
  riskChart: (body?: RiskChartBody) => chartQuery('riskChart', fetchRiskChart, body),
  /** A page of the risk dialog's rows: a list, so it goes stale as soon as one. */
  riskDetails: (body?: RiskDetailsBody) => ({ ...chartQuery('riskDetails', fetchRiskDetails, body), staleTime: StaleTime.list }),
};
