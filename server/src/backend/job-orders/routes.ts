import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiMessages, JobOrderEndpoints, serviceReportFileName } from '@pest/shared';
import { requestLanguage } from '../common/request-language.ts';
import type { Db } from '../db/db.ts';
import type { FileStore } from '../files/file-store.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ApiError, ok } from '../envelope.ts';
import { attachmentDisposition } from '../exports/content-disposition.ts';
import { sendXlsx } from '../exports/xlsx-download.ts';
import { FileStream } from '../responses.ts';
import { requestScope } from '../scope.ts';
import { jobOrderInfo, jobOrderPage } from './job-order-queries.ts';
import { jobOrderMaterials } from './material-queries.ts';
import { exportFileName, pointCheckSheet } from './point-check-export.ts';
import { sheetPage, sheetTabs } from './point-check-queries.ts';
import { findSheet, sheetHeader } from './point-check-sheet.ts';
import { loadServiceReport } from './report-data.ts';
import type { ReportFiles } from './report-files.ts';
import { ReportFileParams, ReportLinkQuery, reportLinks } from './report-links.ts';

/** How report links are signed (Config: REPORT_URL_SECRET or its data-dir key) and the rendered reports' cache, shared with the rendering ahead. */
export interface ReportSettings {
  urlSecret: string;
  files: ReportFiles;
}

/** The service report list, its PDF reports and the point-check sheets of each job order (console-spec screens 10 and 11). */
export const jobOrderRoutes: FastifyPluginAsyncTypebox<{ db: Db; reports: ReportSettings; uploads: FileStore }> = async (app, { db, reports, uploads }) => {
  const links = reportLinks(reports.urlSecret);

  endpointRoute(app, JobOrderEndpoints.list, async (request) => ok(await jobOrderPage(db, requestScope(request), links, request.body)));

  endpointRoute(app, JobOrderEndpoints.info, async (request) => ok(await jobOrderInfo(db, requestScope(request), request.query.jobId)));

  endpointRoute(app, JobOrderEndpoints.materials, async (request) => ok(await jobOrderMaterials(db, requestScope(request), request.query.jobId)));

  endpointRoute(app, JobOrderEndpoints.pointTabs, async (request) => ok(await sheetTabs(db, requestScope(request), request.query.jobId)));

  endpointRoute(app, JobOrderEndpoints.pointCheckHeader, async (request) => {
    const sheet = await findSheet(db, requestScope(request), request.body.sheetId, request.body.deviceTypeId);
    return ok(sheet ? sheetHeader(sheet, requestLanguage(request)) : []);
  });

  endpointRoute(app, JobOrderEndpoints.pointCheckRows, async (request) => {
    const sheet = await findSheet(db, requestScope(request), request.body.sheetId, request.body.deviceTypeId);
    return ok(sheet ? await sheetPage(db, sheet, request.body, requestLanguage(request)) : { total: 0, records: [], totalRow: {} });
  });

  endpointRoute(
    app,
    JobOrderEndpoints.pointCheckExport,
    async (request, reply) => {
      const sheet = await findSheet(db, requestScope(request), request.body.sheetId, request.body.deviceTypeId);
      if (!sheet) throw new ApiError(404, ApiMessages.sheetNotFound);
      const language = requestLanguage(request);
      return sendXlsx(request, reply, exportFileName(sheet, language), (output) => pointCheckSheet(db, sheet, request.body, language, output));
    },
    { fileAnswer: FileStream },
  );

  // Opened by the browser without the bearer header: the signed query (the backend's) is the credential.
  endpointRoute(
    app,
    JobOrderEndpoints.report,
    async (request, reply) => {
      // Checked by ReportFileParams and ReportLinkQuery.
      const { file } = request.params as { file: string };
      const query = request.query as ReportLinkQuery;
      const jobOrderId = Number.parseInt(file, 10);
      if (!links.verify(jobOrderId, query)) throw new ApiError(403, ApiMessages.reportLinkInvalid);
      const report = await loadServiceReport(db, jobOrderId, uploads);
      if (!report) throw new ApiError(404, ApiMessages.reportNotFound);
      const pdf = await reports.files.open(jobOrderId, report);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(serviceReportFileName({ ...report, customerName: report.storeName }), query.disposition))
        .header('cache-control', 'private, max-age=3600')
        .send(pdf);
    },
    { params: ReportFileParams, querystring: ReportLinkQuery, fileAnswer: FileStream },
  );
};
