import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChartBasis, ChartPaths, filterFormVerdict, ScreenFilterForms, SummaryPaths, type FilterScreen } from '@pest/shared';
import { FILTER_RULE_CASES } from '@pest/shared/filter-rule-cases';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

/** Each screen's routes, with what a route needs besides the form's fields. */
const SCREEN_ROUTES: Record<FilterScreen, readonly { url: string; extra?: object }[]> = {
  pestTrend: [{ url: ChartPaths.pointTrend }],
  pointTrend: [{ url: ChartPaths.pointTrendDetails }],
  yearlyPest: [{ url: ChartPaths.yearPests }, { url: ChartPaths.regionPests }, { url: ChartPaths.pests }],
  positiveRate: [],
  storePestTrend: [{ url: ChartPaths.pestWork }],
  riskTrend: [
    { url: ChartPaths.risk },
    { url: ChartPaths.riskDetails, extra: { pageNum: 1, pageSize: 10 } },
    { url: ChartPaths.riskDetailsExport, extra: { pageNum: 1, pageSize: 10 } },
  ],
  riskSummary: [
    { url: SummaryPaths.riskSummary, extra: { current: 1, size: 10 } },
    { url: SummaryPaths.riskSummaryExport, extra: { current: 1, size: 10 } },
  ],
  pestSummary: [
    { url: SummaryPaths.pestSummaryHeader },
    { url: SummaryPaths.pestSummary, extra: { current: 1, size: 10 } },
    { url: SummaryPaths.pestSummaryExport, extra: { current: 1, size: 10 } },
  ],
  deviceTypeSummary: [
    { url: SummaryPaths.deviceTypeSummaryHeader },
    { url: SummaryPaths.deviceTypeSummary, extra: { current: 1, size: 10 } },
    { url: SummaryPaths.deviceTypeSummaryExport, extra: { current: 1, size: 10 } },
  ],
  // The audit pack's create route takes its own body (AuditPackCreateBody: at least one store), not the form's.
  auditPack: [],
};

/** Screen 8 has a call per statistic basis; the body's basis picks it. */
const routesOf = (screen: FilterScreen, params: { type?: number }) =>
  screen === 'positiveRate' ? [{ url: params.type === ChartBasis.risk ? ChartPaths.groupRiskRates : ChartPaths.groupPestRates }] : SCREEN_ROUTES[screen];

/**
 * The server answers every case of the filter form's rules as the shared verdict does, which is
 * what the console's form decides before sending (its own test): 400 with the rule's message, or
 * the data.
 */
describe('the filter form rules on the server', () => {
  let backend: TestBackend;
  let admin: { authorization: string };
  /** A point in scope: the one-point trend's route needs one. */
  let pointId: number;

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    [{ pointId }] = (await backend.db.query<{ pointId: number }>('select min(id) as "pointId" from points')) as [{ pointId: number }];
  });
  afterAll(() => backend?.close());

  const cases = FILTER_RULE_CASES.flatMap((one) => routesOf(one.screen, one.params).map((route) => ({ ...one, ...route })));

  it.each(cases)('$url, $screen, $name: $rule', async ({ screen, params, rule, url, extra }) => {
    const verdict = filterFormVerdict(params, ScreenFilterForms[screen]);
    expect(verdict.ok ? null : verdict.rule).toBe(rule);
    const pointFields = url === ChartPaths.pointTrendDetails ? { pointId, type: 0 } : {};
    const response = await backend.app.inject({ method: 'POST', url, headers: admin, payload: { ...params, ...pointFields, ...extra } });
    if (verdict.ok) {
      expect(response.statusCode, response.body).toBe(200);
    } else {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ status: 400, message: verdict.message, data: null });
    }
  });
});
