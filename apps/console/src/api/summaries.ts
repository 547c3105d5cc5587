import {
  SummaryEndpoints,
  SummaryPaths,
  type Page,
  type PageWithTotalRow,
  type RiskSummaryBody,
  type RiskSummaryRow,
  type SummaryHeaderBody,
  type SummaryPageBody,
  type SummaryRow,
  type TableHeaderNode,
} from '@pest/shared';
import { call, underApi } from './http.ts';

/** Summary-report calls (console-spec section 7, "Summaries and exports"). */

export type RiskSummaryPage = Page<RiskSummaryRow>;
export type SummaryPage = PageWithTotalRow<SummaryRow>;

export const fetchRiskSummary = (body: RiskSummaryBody, signal?: AbortSignal) => call(SummaryEndpoints.riskSummary, body, { signal });

/** Where the risk-summary export posts the same body (with size = total); the download helper fetches it. */
export const riskSummaryExportUrl = underApi(SummaryPaths.riskSummaryExport);

/** The three calls of a summary whose columns come from the server (pest and device-type summaries). */
export interface DynamicSummaryApi {
  /** Names the summary in query keys. */
  kind: 'pestSummary' | 'deviceTypeSummary';
  fetchHeader(body: SummaryHeaderBody, signal?: AbortSignal): Promise<TableHeaderNode[]>;
  fetchPage(body: SummaryPageBody, signal?: AbortSignal): Promise<SummaryPage>;
  exportUrl: string;
}

export const pestSummaryApi: DynamicSummaryApi = {
  kind: 'pestSummary',
  fetchHeader: (body, signal) => call(SummaryEndpoints.pestSummaryHeader, body, { signal }),
  fetchPage: (body, signal) => call(SummaryEndpoints.pestSummary, body, { signal }),
  exportUrl: underApi(SummaryPaths.pestSummaryExport),
};

export const deviceTypeSummaryApi: DynamicSummaryApi = {
  kind: 'deviceTypeSummary',
  fetchHeader: (body, signal) => call(SummaryEndpoints.deviceTypeSummaryHeader, body, { signal }),
  fetchPage: (body, signal) => call(SummaryEndpoints.deviceTypeSummary, body, { signal }),
  exportUrl: underApi(SummaryPaths.deviceTypeSummaryExport),
};
