import {
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
import { http, underApi } from './http.ts';

/** Summary-report calls (console-spec section 7, "Summaries and exports"). */

export type RiskSummaryPage = Page<RiskSummaryRow>;
export type SummaryPage = PageWithTotalRow<SummaryRow>;

export const fetchRiskSummary = (body: RiskSummaryBody) => http.post<RiskSummaryPage>(underApi(SummaryPaths.riskSummary), body);

/** Where the risk-summary export posts the same body (with size = total); the download helper fetches it. */
export const riskSummaryExportUrl = underApi(SummaryPaths.riskSummaryExport);

/** The three calls of a summary whose columns come from the server (pest and device-type summaries). */
export interface DynamicSummaryApi {
  fetchHeader(body: SummaryHeaderBody): Promise<TableHeaderNode[]>;
  fetchPage(body: SummaryPageBody): Promise<SummaryPage>;
  exportUrl: string;
}

export const pestSummaryApi: DynamicSummaryApi = {
  fetchHeader: (body) => http.post<TableHeaderNode[]>(underApi(SummaryPaths.pestSummaryHeader), body),
  fetchPage: (body) => http.post<SummaryPage>(underApi(SummaryPaths.pestSummary), body),
  exportUrl: underApi(SummaryPaths.pestSummaryExport),
};

export const deviceTypeSummaryApi: DynamicSummaryApi = {
  fetchHeader: (body) => http.post<TableHeaderNode[]>(underApi(SummaryPaths.deviceTypeSummaryHeader), body),
  fetchPage: (body) => http.post<SummaryPage>(underApi(SummaryPaths.deviceTypeSummary), body),
  exportUrl: underApi(SummaryPaths.deviceTypeSummaryExport),
};
