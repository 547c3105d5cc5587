import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ApiMessages,
  ErrorBody,
  RiskSummaryBody,
  RiskSummaryResponse,
  ScreenFilterForms,
  OverdueRisksBody,
  SummaryHeaderBody,
  SummaryHeaderResponse,
  SummaryPageBody,
  SummaryPageResponse,
  SummaryPaths,
  tableText,
  type FilterFormConfig,
  type TableTextId,
} from '@pest/shared';
import { underApi } from '../api-path.ts';
import type { Db } from '../db/db.ts';
import { ApiError, ok } from '../envelope.ts';
import { sendXlsx } from '../exports/xlsx-download.ts';
import { protectedErrors } from '../responses.ts';
import { exportedPhotoLink } from '../links/export-links.ts';
import { privateImage, type ImageAccess } from '../links/image-access.ts';
import { SignedLinkQuery } from '../links/signed-links.ts';
import { requestScope } from '../scope.ts';
import { deviceTypeSummary } from './device-type-summary.ts';
import { pestSummary } from './pest-summary.ts';
import { findRiskPhoto } from './risk-photo-queries.ts';
import { riskPhotoSvg } from './risk-photo-svg.ts';
import { riskSummaryPage, scopeTops } from './risk-summary-queries.ts';
import type { RiskAgeing } from '../common/risk-ageing-sql.ts';
import { riskSummaryFileName, riskSummarySheet } from './summary-export.ts';
import { filterFormRules } from '../common/filter-form.ts';
import { requestLanguage } from '../common/request-language.ts';
import { summaryHeader, summaryPage, type SummaryKind } from './summary-table.ts';

const tags = ['summaries'];
/** A file sent as a stream; Fastify does not serialise streams, the schema only documents them. */
const FileStream = Type.Unsafe<Readable>({ type: 'string', format: 'binary' });
const PhotoParams = Type.Object({ file: Type.String({ pattern: '^[0-9a-f]{32}\\.svg$' }) });
const FILTERS_NOTE =
  'One of customerId / customerIds is required (an organisation, group or store: its whole subtree); the period is on the visit start. Ids outside the scope contribute nothing.';

/** The summary reports and their exports (console-spec screens 3 to 5), and the risk photos they link to. */
export const summaryRoutes: FastifyPluginAsyncTypebox<{ db: Db; images: ImageAccess; ageing: () => RiskAgeing }> = async (app, { db, images, ageing }) => {
  app.post(
    underApi(SummaryPaths.riskSummary),
    {
      preHandler: filterFormRules(ScreenFilterForms.riskSummary),
      schema: {
        tags,
        summary: 'A page of risks raised on the visits, newest visit first',
        description: `${FILTERS_NOTE} riskTypeIds match a risk type or an issue description; status is 1, 2 or 8.`,
        body: RiskSummaryBody,
        response: { 200: RiskSummaryResponse, ...protectedErrors },
      },
    },
    async (request) => {
      const { current, size, ...filters } = request.body;
      const scope = requestScope(request);
      const language = requestLanguage(request);
      const { total, records } = await riskSummaryPage(db, scope, filters, ageing(), { offset: (current - 1) * size, limit: size, language });
      const link = (path: string) => images.link(path, scope);
      return ok({ total, records: records.map((row) => withPhotoLinks(row, link)) });
    },
  );

  app.post(
    underApi(SummaryPaths.overdueRisks),
    {
      schema: {
        tags,
        summary: "Open risks past their grade's days (RISK_OVERDUE_DAYS), the longest open first (extension)",
        description: 'customerIds: organisations, groups or stores (their subtrees); absent, the whole scope. Rows as in the risk summary.',
        body: OverdueRisksBody,
        response: { 200: RiskSummaryResponse, ...protectedErrors },
      },
    },
    async (request) => {
      const { current, size, customerIds } = request.body;
      const scope = requestScope(request);
      const filters = { customerIds: customerIds ?? (await scopeTops(db, scope)), overdue: true };
      const language = requestLanguage(request);
      const { total, records } = await riskSummaryPage(db, scope, filters, ageing(), { offset: (current - 1) * size, limit: size, order: 'age', language });
      const link = (path: string) => images.link(path, scope);
      return ok({ total, records: records.map((row) => withPhotoLinks(row, link)) });
    },
  );

  app.post(
    underApi(SummaryPaths.riskSummaryExport),
    {
      preHandler: filterFormRules(ScreenFilterForms.riskSummary),
      schema: {
        tags,
        summary: 'The page current/size of the risk summary as an xlsx file (size = total for all of it)',
        description: `${FILTERS_NOTE} Photos are absolute links valid for 30 days, one per line. Errors before the file starts are envelopes.`,
        body: RiskSummaryBody,
        response: { 200: FileStream, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const scope = requestScope(request);
      const language = requestLanguage(request);
      return sendXlsx(request, reply, riskSummaryFileName(language), (output) =>
        riskSummarySheet(db, scope, request.body, ageing(), exportedPhotoLink(request, images, scope), language, output),
      );
    },
  );

  const keyedSummary = (kind: SummaryKind, form: FilterFormConfig, paths: { header: string; page: string; export: string }, title: TableTextId, what: string) => {
    app.post(
      underApi(paths.header),
      {
        preHandler: filterFormRules(form),
        schema: {
          tags,
          summary: `The ${what} summary's header: store columns, then a group per ${what} found`,
          description: FILTERS_NOTE,
          body: SummaryHeaderBody,
          response: { 200: SummaryHeaderResponse, ...protectedErrors },
        },
      },
      async (request) => ok(await summaryHeader(db, requestScope(request), request.body, kind, requestLanguage(request))),
    );

    app.post(
      underApi(paths.page),
      {
        preHandler: filterFormRules(form),
        schema: {
          tags,
          summary: `A page of the ${what} summary, one row per store by store code, and the 合计 row over all stores`,
          description: `${FILTERS_NOTE} Rows are keyed by the header's leaf props.`,
          body: SummaryPageBody,
          response: { 200: SummaryPageResponse, ...protectedErrors },
        },
      },
      async (request) => {
        const { header: _header, ...page } = await summaryPage(db, requestScope(request), request.body, kind, requestLanguage(request));
        return ok(page);
      },
    );

    app.post(
      underApi(paths.export),
      {
        preHandler: filterFormRules(form),
        schema: {
          tags,
          summary: `The page current/size of the ${what} summary and its 合计 row as an xlsx file`,
          description: `${FILTERS_NOTE} The header's groups are merged cells. Errors before the file starts are envelopes.`,
          body: SummaryPageBody,
          response: { 200: FileStream, ...protectedErrors },
        },
      },
      async (request, reply) => {
        // One row per store: the whole page is read before the file starts, so a failure is still an envelope.
        const language = requestLanguage(request);
        const { header, records, totalRow } = await summaryPage(db, requestScope(request), request.body, kind, language);
        const name = tableText(title, language);
        return sendXlsx(request, reply, `${name}.xlsx`, () => ({ sheetName: name, header, rows: [...records, totalRow] }));
      },
    );
  };
  keyedSummary(
    pestSummary,
    ScreenFilterForms.pestSummary,
    { header: SummaryPaths.pestSummaryHeader, page: SummaryPaths.pestSummary, export: SummaryPaths.pestSummaryExport },
    'pestSummary',
    'pest',
  );
  keyedSummary(
    deviceTypeSummary,
    ScreenFilterForms.deviceTypeSummary,
    { header: SummaryPaths.deviceTypeSummaryHeader, page: SummaryPaths.deviceTypeSummary, export: SummaryPaths.deviceTypeSummaryExport },
    'deviceTypeSummary',
    'device-type',
  );

  app.get(
    `${underApi(SummaryPaths.riskPhoto)}/:file`,
    {
      // Loaded by <img> tags without the bearer header: the signed link is the credential.
      config: { public: true },
      schema: {
        tags,
        summary: 'A risk photo (SVG) by the signed link the risk lists and exports give',
        params: PhotoParams,
        querystring: SignedLinkQuery,
        response: { 200: Type.String(), 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        security: [],
      },
    },
    async (request, reply) => {
      const viewer = await images.viewer(`${SummaryPaths.riskPhoto}/${request.params.file}`, request.query);
      const photo = await findRiskPhoto(db, request.params.file.slice(0, -'.svg'.length), viewer.scope);
      if (!photo) throw new ApiError(404, ApiMessages.riskPhotoNotFound);
      return privateImage(reply, viewer, 'image/svg+xml; charset=utf-8').send(riskPhotoSvg(photo));
    },
  );
};

/** A risk row with its photos as links for the viewer. */
export function withPhotoLinks<Row extends { picturesList: string[]; rectifyPicturesList: string[] }>(row: Row, link: (path: string) => string): Row {
  return { ...row, picturesList: row.picturesList.map(link), rectifyPicturesList: row.rectifyPicturesList.map(link) };
}
