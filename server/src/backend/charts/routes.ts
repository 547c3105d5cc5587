import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChartBasis, ChartEndpoints, ScreenFilterForms, tableText } from '@pest/shared';
import { filterFormRules } from '../common/filter-form.ts';
import { requestLanguage } from '../common/request-language.ts';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ok } from '../envelope.ts';
import { sendXlsx } from '../exports/xlsx-download.ts';
import { requestScope } from '../scope.ts';
import { exportedPhotoLink } from '../links/export-links.ts';
import type { ImageAccess } from '../links/image-access.ts';
import { groupRates } from './group-rate-queries.ts';
import { pestCounts, pestWork, regionPests, yearPests } from './pest-count-queries.ts';
import { pointTrend, pointTrendDetails } from './point-trend-queries.ts';
import { checkRiskFilters, riskChart, riskDetailCount, riskDetailRows } from './risk-chart-queries.ts';
import type { RiskAgeing } from '../common/risk-ageing-sql.ts';
import { riskDetailsSheet } from './risk-details-export.ts';

/** The statistical charts (console-spec screens 1, 2, 8, 9, 12 and 14): aggregations in SQL over point checks and risks. */
export const chartRoutes: FastifyPluginAsyncTypebox<{ db: Db; images: ImageAccess; ageing: () => RiskAgeing }> = async (app, { db, images, ageing }) => {
  endpointRoute(
    app,
    ChartEndpoints.pointTrend,
    async (request) => ok(await pointTrend(db, requestScope(request), request.body)),
    { preHandler: filterFormRules(ScreenFilterForms.pestTrend) },
  );

  endpointRoute(
    app,
    ChartEndpoints.pointTrendDetails,
    async (request) => ok(await pointTrendDetails(db, requestScope(request), request.body)),
    { preHandler: filterFormRules(ScreenFilterForms.pointTrend) },
  );

  endpointRoute(
    app,
    ChartEndpoints.yearPests,
    async (request) => ok(await yearPests(db, requestScope(request), request.body)),
    { preHandler: filterFormRules(ScreenFilterForms.yearlyPest) },
  );

  endpointRoute(
    app,
    ChartEndpoints.regionPests,
    async (request) => ok(await regionPests(db, requestScope(request), request.body)),
    { preHandler: filterFormRules(ScreenFilterForms.yearlyPest) },
  );

  endpointRoute(
    app,
    ChartEndpoints.pests,
    async (request) => ok(await pestCounts(db, requestScope(request), request.body)),
    { preHandler: filterFormRules(ScreenFilterForms.yearlyPest) },
  );

  for (const [endpoint, basis] of [
    [ChartEndpoints.groupPestRates, ChartBasis.pest],
    [ChartEndpoints.groupRiskRates, ChartBasis.risk],
  ] as const) {
    endpointRoute(app, endpoint, async (request) => ok(await groupRates(db, requestScope(request), request.body, basis)), {
      preHandler: filterFormRules(ScreenFilterForms.positiveRate, { type: basis }),
    });
  }

  endpointRoute(
    app,
    ChartEndpoints.pestWork,
    async (request) => ok(await pestWork(db, requestScope(request), request.body)),
    { preHandler: filterFormRules(ScreenFilterForms.storePestTrend) },
  );

  endpointRoute(
    app,
    ChartEndpoints.risk,
    async (request) => ok(await riskChart(db, requestScope(request), request.body)),
    { preHandler: filterFormRules(ScreenFilterForms.riskTrend) },
  );

  endpointRoute(
    app,
    ChartEndpoints.riskDetails,
    async (request) => {
      const { pageNum, pageSize, ...filters } = request.body;
      const scope = requestScope(request);
      checkRiskFilters(filters);
      const [total, records] = await Promise.all([
        riskDetailCount(db, scope, filters),
        riskDetailRows(db, scope, filters, ageing(), { offset: (pageNum - 1) * pageSize, limit: pageSize }),
      ]);
      const link = (path: string) => images.link(path, scope);
      return ok({ total, records: records.map((row) => ({ ...row, pictures: row.pictures.map(link), solvedPictures: row.solvedPictures.map(link) })) });
    },
    { preHandler: filterFormRules(ScreenFilterForms.riskTrend) },
  );

  endpointRoute(
    app,
    ChartEndpoints.riskDetailsExport,
    async (request, reply) => {
      const scope = requestScope(request);
      checkRiskFilters(request.body);
      const language = requestLanguage(request);
      return sendXlsx(request, reply, `${tableText('riskDetails', language)}.xlsx`, (output) =>
        riskDetailsSheet(db, scope, request.body, ageing(), exportedPhotoLink(request, images, scope), language, output),
      );
    },
    { preHandler: filterFormRules(ScreenFilterForms.riskTrend) },
  );
};
