import { queryOptions, skipToken } from '@tanstack/react-query';
import type { RiskSummaryBody, SummaryHeaderBody, SummaryPageBody } from '@pest/shared';
import { inInterfaceLanguage } from './language.ts';
import { StaleTime } from './query/staleTimes.ts';
import { fetchRiskSummary, type DynamicSummaryApi } from './summaries.ts';

export const summaryKeys = {
  all: ['summaries'] as const,
  /** Grades and follow-up parties come in words of the interface language. */
  riskSummary: (body: RiskSummaryBody | undefined) => inInterfaceLanguage([...summaryKeys.all, 'riskSummary', body]),
  /** The header's texts and the 合计 row's label come in the interface language. */
  header: (kind: DynamicSummaryApi['kind'], body: SummaryHeaderBody | undefined) => inInterfaceLanguage([...summaryKeys.all, kind, 'header', body]),
  page: (kind: DynamicSummaryApi['kind'], body: SummaryPageBody | undefined) => inInterfaceLanguage([...summaryKeys.all, kind, 'page', body]),
};

/** No body: nothing asked yet (before the first 查询, after Reset). */
export const summaryQueries = {
  riskSummary: (body: RiskSummaryBody | undefined) =>
    queryOptions({
      queryKey: summaryKeys.riskSummary(body),
      queryFn: body ? ({ signal }) => fetchRiskSummary(body, signal) : skipToken,
      staleTime: StaleTime.list,
    }),
  /** The columns change only with the filters: paging keeps using this entry. */
  header: (api: DynamicSummaryApi, body: SummaryHeaderBody | undefined) =>
    queryOptions({
      queryKey: summaryKeys.header(api.kind, body),
      queryFn: body ? ({ signal }) => api.fetchHeader(body, signal) : skipToken,
      staleTime: StaleTime.list,
    }),
  page: (api: DynamicSummaryApi, body: SummaryPageBody | undefined) =>
    queryOptions({
      queryKey: summaryKeys.page(api.kind, body),
      queryFn: body ? ({ signal }) => api.fetchPage(body, signal) : skipToken,
      staleTime: StaleTime.list,
    }),
};
