import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ApiMessages, ScreenFilterForms, SummaryEndpoints, SummaryPaths, tableText, type FilterFormConfig, type TableTextId } from '@pest/shared';
import type { Db } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ApiError, ok } from '../envelope.ts';
import { sendXlsx } from '../exports/xlsx-download.ts';
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

/** The header, page and export of a summary keyed by what it found; the pest and device-type ones share their shapes. */
type KeyedSummaryEndpoints = {
  header: typeof SummaryEndpoints.pestSummaryHeader;
  page: typeof SummaryEndpoints.pestSummary;
  export: typeof SummaryEndpoints.pestSummaryExport;
};

/** The summary reports and their exports (console-spec screens 3 to 5), and the risk photos they link to. */
export const summaryRoutes: FastifyPluginAsyncTypebox<{ db: Db; images: ImageAccess; ageing: () => RiskAgeing }> = async (app, { db, images, ageing }) => {
  endpointRoute(
    app,
    SummaryEndpoints.riskSummary,
    async (request) => {
      const { current, size, ...filters } = request.body;
      const scope = requestScope(request);
      const language = requestLanguage(request);
      const { total, records } = await riskSummaryPage(db, scope, filters, ageing(), { offset: (current - 1) * size, limit: size, language });
      const link = (path: string) => images.link(path, scope);
      return ok({ total, records: records.map((row) => withPhotoLinks(row, link)) });
    },
    { preHandler: filterFormRules(ScreenFilterForms.riskSummary) },
  );

  endpointRoute(app, SummaryEndpoints.overdueRisks, async (request) => {
    const { current, size, customerIds } = request.body;
    const scope = requestScope(request);
    const filters = { customerIds: customerIds ?? (await scopeTops(db, scope)), overdue: true };
    const language = requestLanguage(request);
    const { total, records } = await riskSummaryPage(db, scope, filters, ageing(), { offset: (current - 1) * size, limit: size, order: 'age', language });
    const link = (path: string) => images.link(path, scope);
    return ok({ total, records: records.map((row) => withPhotoLinks(row, link)) });
  });

  endpointRoute(
    app,
    SummaryEndpoints.riskSummaryExport,
    async (request, reply) => {
      const scope = requestScope(request);
      const language = requestLanguage(request);
      return sendXlsx(request, reply, riskSummaryFileName(language), (output) =>
        riskSummarySheet(db, scope, request.body, ageing(), exportedPhotoLink(request, images, scope), language, output),
      );
    },
    { preHandler: filterFormRules(ScreenFilterForms.riskSummary) },
  );

  const keyedSummary = (kind: SummaryKind, form: FilterFormConfig, endpoints: KeyedSummaryEndpoints, title: TableTextId) => {
    endpointRoute(
      app,
      endpoints.header,
      async (request) => ok(await summaryHeader(db, requestScope(request), request.body, kind, requestLanguage(request))), { preHandler: filterFormRules(form) },
    );

    endpointRoute(
      app,
      endpoints.page,
      async (request) => {
        const { header: _header, ...page } = await summaryPage(db, requestScope(request), request.body, kind, requestLanguage(request));
        return ok(page);
      }, { preHandler: filterFormRules(form) },
    );

    endpointRoute(
      app,
      endpoints.export,
      async (request, reply) => {
        // One row per store: the whole page is read before the file starts, so a failure is still an envelope.
        const language = requestLanguage(request);
        const { header, records, totalRow } = await summaryPage(db, requestScope(request), request.body, kind, language);
        const name = tableText(title, language);
        return sendXlsx(request, reply, `${name}.xlsx`, () => ({ sheetName: name, header, rows: [...records, totalRow] }));
      }, { preHandler: filterFormRules(form) },
    );
  };
  keyedSummary(
    pestSummary,
    ScreenFilterForms.pestSummary,
    { header: SummaryEndpoints.pestSummaryHeader, page: SummaryEndpoints.pestSummary, export: SummaryEndpoints.pestSummaryExport },
    'pestSummary',
  );
  keyedSummary(
    deviceTypeSummary,
    ScreenFilterForms.deviceTypeSummary,
    { header: SummaryEndpoints.deviceTypeSummaryHeader, page: SummaryEndpoints.deviceTypeSummary, export: SummaryEndpoints.deviceTypeSummaryExport },
    'deviceTypeSummary',
  );

  // Loaded by <img> tags without the bearer header: the signed link (its query the backend's) is the credential. The answer is the SVG text.
  endpointRoute(
    app,
    SummaryEndpoints.riskPhoto,
    async (request, reply) => {
      // Checked by the endpoint's params schema and SignedLinkQuery.
      const { file } = request.params as { file: string };
      const viewer = await images.viewer(`${SummaryPaths.riskPhoto}/${file}`, request.query as SignedLinkQuery);
      const photo = await findRiskPhoto(db, file.slice(0, -'.svg'.length), viewer.scope);
      if (!photo) throw new ApiError(404, ApiMessages.riskPhotoNotFound);
      return privateImage(reply, viewer, 'image/svg+xml; charset=utf-8').send(riskPhotoSvg(photo));
    },
    { querystring: SignedLinkQuery, fileAnswer: Type.String() },
  );
};

/** A risk row with its photos as links for the viewer. */
export function withPhotoLinks<Row extends { picturesList: string[]; rectifyPicturesList: string[] }>(row: Row, link: (path: string) => string): Row {
  return { ...row, picturesList: row.picturesList.map(link), rectifyPicturesList: row.rectifyPicturesList.map(link) };
}
