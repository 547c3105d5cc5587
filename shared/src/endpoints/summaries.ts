import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../api/endpoint.ts';
import { Permission } from '../contract/permissions.ts';
import {
  OverdueRisksBody,
  RiskSummaryBody,
  RiskSummaryResponse,
  SummaryHeaderBody,
  SummaryHeaderResponse,
  SummaryPageBody,
  SummaryPageResponse,
  SummaryPaths,
} from '../contract/summaries.ts';

const tags = ['summaries'];
const FILTERS_NOTE =
  'One of customerId / customerIds is required (an organisation, group or store: its whole subtree); the period is on the visit start. Ids outside the scope contribute nothing.';

/** The three calls of a summary whose columns are what it found (pests, device types). */
const keyedSummary = (paths: { header: string; page: string; export: string }, what: string) => ({
  header: defineEndpoint({
    method: 'POST',
    path: paths.header,
    input: SummaryHeaderBody,
    response: SummaryHeaderResponse,
    load: 'heavy',
    permission: Permission.reportsView,
    tags,
    summary: `The ${what} summary's header: store columns, then a group per ${what} found`,
    description: FILTERS_NOTE,
  }),
  page: defineEndpoint({
    method: 'POST',
    path: paths.page,
    input: SummaryPageBody,
    response: SummaryPageResponse,
    load: 'heavy',
    permission: Permission.reportsView,
    tags,
    summary: `A page of the ${what} summary, one row per store by store code, and the 合计 row over all stores`,
    description: `${FILTERS_NOTE} Rows are keyed by the header's leaf props.`,
  }),
  export: defineEndpoint({
    method: 'POST',
    path: paths.export,
    input: SummaryPageBody,
    load: 'download',
    permission: Permission.dataExport,
    tags,
    summary: `The page current/size of the ${what} summary and its 合计 row as an xlsx file`,
    description: `${FILTERS_NOTE} The header's groups are merged cells. Errors before the file starts are envelopes.`,
  }),
});

const pestSummary = keyedSummary(
  { header: SummaryPaths.pestSummaryHeader, page: SummaryPaths.pestSummary, export: SummaryPaths.pestSummaryExport },
  'pest',
);
const deviceTypeSummary = keyedSummary(
  { header: SummaryPaths.deviceTypeSummaryHeader, page: SummaryPaths.deviceTypeSummary, export: SummaryPaths.deviceTypeSummaryExport },
  'device-type',
);

/** The summary reports and their exports (console-spec screens 3 to 5), and the risk photos they link to. */
export const SummaryEndpoints = {
  riskSummary: defineEndpoint({
    method: 'POST',
    path: SummaryPaths.riskSummary,
    input: RiskSummaryBody,
    response: RiskSummaryResponse,
    load: 'heavy',
    permission: Permission.reportsView,
    tags,
    summary: 'A page of risks raised on the visits, newest visit first',
    description: `${FILTERS_NOTE} riskTypeIds match a risk type or an issue description; status is 1, 2 or 8.`,
  }),
  overdueRisks: defineEndpoint({
    method: 'POST',
    path: SummaryPaths.overdueRisks,
    input: OverdueRisksBody,
    response: RiskSummaryResponse,
    load: 'heavy',
    permission: Permission.reportsView,
    tags,
    summary: "Open risks past their grade's days (RISK_OVERDUE_DAYS), the longest open first (extension)",
    description: 'customerIds: organisations, groups or stores (their subtrees); absent, the whole scope. Rows as in the risk summary.',
  }),
  riskSummaryExport: defineEndpoint({
    method: 'POST',
    path: SummaryPaths.riskSummaryExport,
    input: RiskSummaryBody,
    load: 'download',
    permission: Permission.dataExport,
    tags,
    summary: 'The page current/size of the risk summary as an xlsx file (size = total for all of it)',
    description: `${FILTERS_NOTE} Photos are absolute links valid for 30 days, one per line. Errors before the file starts are envelopes.`,
  }),
  pestSummaryHeader: pestSummary.header,
  pestSummary: pestSummary.page,
  pestSummaryExport: pestSummary.export,
  deviceTypeSummaryHeader: deviceTypeSummary.header,
  deviceTypeSummary: deviceTypeSummary.page,
  deviceTypeSummaryExport: deviceTypeSummary.export,
  /**
   * Loaded by <img> tags without the bearer header: the signed link (its query, checked by the
   * backend) is the credential.
   */
  riskPhoto: defineEndpoint({
    method: 'GET',
    path: `${SummaryPaths.riskPhoto}/:file`,
    params: Type.Object({ file: Type.String({ pattern: '^[0-9a-f]{32}\\.svg$' }) }),
    refusals: [403, 404],
    access: 'public',
    tags,
    summary: 'A risk photo (SVG) by the signed link the risk lists and exports give',
  }),
};
