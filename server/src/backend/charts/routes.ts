import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ChartBasis,
  ChartPaths,
  GroupPestRateBody,
  GroupRateResponse,
  GroupRiskRateBody,
  PestsBody,
  PestsResponse,
  PestWorkBody,
  PestWorkResponse,
  PointTrendBody,
  PointTrendDetailsBody,
  PointTrendDetailsResponse,
  PointTrendResponse,
  RegionPestsBody,
  RegionPestsResponse,
  tableText,
  RiskChartBody,
  RiskChartResponse,
  RiskDetailsBody,
  RiskDetailsResponse,
  ScreenFilterForms,
  YearPestsBody,
  YearPestsResponse,
} from '@pest/shared';
import { underApi } from '../api-path.ts';
import { filterFormRules } from '../common/filter-form.ts';
import { requestLanguage } from '../common/request-language.ts';
import type { Db } from '../db/db.ts';
import { ok } from '../envelope.ts';
import { sendXlsx } from '../exports/xlsx-download.ts';
import { protectedErrors } from '../responses.ts';
import { requestScope } from '../scope.ts';
import { exportedPhotoLink } from '../links/export-links.ts';
import type { ImageAccess } from '../links/image-access.ts';
import { groupRates } from './group-rate-queries.ts';
import { pestCounts, pestWork, regionPests, yearPests } from './pest-count-queries.ts';
import { pointTrend, pointTrendDetails } from './point-trend-queries.ts';
import { checkRiskFilters, riskChart, riskDetailCount, riskDetailRows } from './risk-chart-queries.ts';
import type { RiskAgeing } from '../common/risk-ageing-sql.ts';
import { riskDetailsSheet } from './risk-details-export.ts';

const tags = ['charts'];
/** A file sent as a stream; Fastify does not serialise streams, the schema only documents them. */
const FileStream = Type.Unsafe<Readable>({ type: 'string', format: 'binary' });
const FILTERS_NOTE =
  'One of customerId / customerIds is required (its whole subtree). Days are inclusive; an end past its month (-31) means the month\'s last day. Ids outside the scope contribute nothing. Units and periods: see shared/src/contract/charts/chart-calls.ts.';

/** The statistical charts (console-spec screens 1, 2, 8, 9, 12 and 14): aggregations in SQL over point checks and risks. */
export const chartRoutes: FastifyPluginAsyncTypebox<{ db: Db; images: ImageAccess; ageing: () => RiskAgeing }> = async (app, { db, images, ageing }) => {
  app.post(
    underApi(ChartPaths.pointTrend),
    {
      preHandler: filterFormRules(ScreenFilterForms.pestTrend),
      schema: {
        tags,
        summary: 'Screen 1 chart 1: positive checks per point and period (months, quarters or occurrences)',
        description: FILTERS_NOTE,
        body: PointTrendBody,
        response: { 200: PointTrendResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await pointTrend(db, requestScope(request), request.body)),
  );

  app.post(
    underApi(ChartPaths.pointTrendDetails),
    {
      preHandler: filterFormRules(ScreenFilterForms.pointTrend),
      schema: {
        tags,
        summary: 'Screen 1 chart 2 and singleTrend: individuals caught at one point per period it was checked in',
        description: `${FILTERS_NOTE} A point outside the scope answers 400 点位不存在.`,
        body: PointTrendDetailsBody,
        response: { 200: PointTrendDetailsResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await pointTrendDetails(db, requestScope(request), request.body)),
  );

  app.post(
    underApi(ChartPaths.yearPests),
    {
      preHandler: filterFormRules(ScreenFilterForms.yearlyPest),
      schema: {
        tags,
        summary: 'Screen 2 chart 1: individuals caught per period',
        description: FILTERS_NOTE,
        body: YearPestsBody,
        response: { 200: YearPestsResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await yearPests(db, requestScope(request), request.body)),
  );

  app.post(
    underApi(ChartPaths.regionPests),
    {
      preHandler: filterFormRules(ScreenFilterForms.yearlyPest),
      schema: {
        tags,
        summary: 'Screen 2 chart 2: individuals caught per top-level service region (merged by name)',
        description: FILTERS_NOTE,
        body: RegionPestsBody,
        response: { 200: RegionPestsResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await regionPests(db, requestScope(request), request.body)),
  );

  app.post(
    underApi(ChartPaths.pests),
    {
      preHandler: filterFormRules(ScreenFilterForms.yearlyPest),
      schema: {
        tags,
        summary: 'Screen 2 chart 3: individuals caught per pest',
        description: FILTERS_NOTE,
        body: PestsBody,
        response: { 200: PestsResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await pestCounts(db, requestScope(request), request.body)),
  );

  app.post(
    underApi(ChartPaths.groupPestRates),
    {
      preHandler: filterFormRules(ScreenFilterForms.positiveRate, { type: ChartBasis.pest }),
      schema: {
        tags,
        summary: 'Screen 8, basis pest: positive rates (%) per pest, compared store or sales area, and period',
        description: 'The search form rules of section 5 answer 400 with their messages. Customer ids outside the scope get no series.',
        body: GroupPestRateBody,
        response: { 200: GroupRateResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await groupRates(db, requestScope(request), request.body, ChartBasis.pest)),
  );

  app.post(
    underApi(ChartPaths.groupRiskRates),
    {
      preHandler: filterFormRules(ScreenFilterForms.positiveRate, { type: ChartBasis.risk }),
      schema: {
        tags,
        summary: 'Screen 8, basis risk: share of finished visits (%) that raised each risk, per compared store or sales area and period',
        description: 'The search form rules of section 5 answer 400 with their messages. Customer ids outside the scope get no series.',
        body: GroupRiskRateBody,
        response: { 200: GroupRateResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await groupRates(db, requestScope(request), request.body, ChartBasis.risk)),
  );

  app.post(
    underApi(ChartPaths.pestWork),
    {
      preHandler: filterFormRules(ScreenFilterForms.storePestTrend),
      schema: {
        tags,
        summary: 'Screen 9: per pest, individuals caught per period (trend) and per top-level region (density)',
        description: FILTERS_NOTE,
        body: PestWorkBody,
        response: { 200: PestWorkResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await pestWork(db, requestScope(request), request.body)),
  );

  app.post(
    underApi(ChartPaths.risk),
    {
      preHandler: filterFormRules(ScreenFilterForms.riskTrend),
      schema: {
        tags,
        summary: 'Screen 12 风险点汇总: risks raised per risk type name',
        description: FILTERS_NOTE,
        body: RiskChartBody,
        response: { 200: RiskChartResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await riskChart(db, requestScope(request), request.body)),
  );

  app.post(
    underApi(ChartPaths.riskDetails),
    {
      preHandler: filterFormRules(ScreenFilterForms.riskTrend),
      schema: {
        tags,
        summary: "Screen 12 dialog: a page of risks, newest first, by tab (status 1 unresolved, 0 resolved, null all)",
        description: `${FILTERS_NOTE} rectifyStartTime/rectifyEndTime filter on 整改时间.`,
        body: RiskDetailsBody,
        response: { 200: RiskDetailsResponse, ...protectedErrors },
      },
    },
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
  );

  app.post(
    underApi(ChartPaths.riskDetailsExport),
    {
      preHandler: filterFormRules(ScreenFilterForms.riskTrend),
      schema: {
        tags,
        summary: "Screen 12 dialog's export: every risk of the tab as an xlsx (paging ignored)",
        description: `${FILTERS_NOTE} Photos are absolute links valid for 30 days, one per line. Errors before the file starts are envelopes.`,
        body: RiskDetailsBody,
        response: { 200: FileStream, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const scope = requestScope(request);
      checkRiskFilters(request.body);
      const language = requestLanguage(request);
      return sendXlsx(request, reply, `${tableText('riskDetails', language)}.xlsx`, (output) =>
        riskDetailsSheet(db, scope, request.body, ageing(), exportedPhotoLink(request, images, scope), language, output),
      );
    },
  );
};
