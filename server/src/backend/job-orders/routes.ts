import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ApiMessages,
  ErrorBody,
  JobIdQuery,
  JobOrderInfoResponse,
  JobOrderListBody,
  JobOrderListResponse,
  JobOrderMaterialsResponse,
  JobOrderPaths,
  PointCheckBody,
  PointCheckHeaderResponse,
  PointCheckRowsResponse,
  PointCheckTabsResponse,
  serviceReportFileName,
} from '@pest/shared';
import { underApi } from '../api-path.ts';
import { requestLanguage } from '../common/request-language.ts';
import type { Db } from '../db/db.ts';
import { ApiError, ok } from '../envelope.ts';
import { attachmentDisposition } from '../exports/content-disposition.ts';
import { sendXlsx } from '../exports/xlsx-download.ts';
import { protectedErrors } from '../responses.ts';
import { requestScope } from '../scope.ts';
import { jobOrderInfo, jobOrderPage } from './job-order-queries.ts';
import { jobOrderMaterials } from './material-queries.ts';
import { exportFileName, pointCheckSheet } from './point-check-export.ts';
import { sheetPage, sheetTabs } from './point-check-queries.ts';
import { findSheet, sheetHeader } from './point-check-sheet.ts';
import { loadServiceReport } from './report-data.ts';
import type { ReportFiles } from './report-files.ts';
import { ReportFileParams, ReportLinkQuery, reportLinks } from './report-links.ts';

const tags = ['job orders'];
/** A file sent as a stream; Fastify does not serialise streams, the schema only documents them. */
const FileStream = Type.Unsafe<Readable>({ type: 'string', format: 'binary' });

/** The service report list, its PDF reports and the point-check sheets of each job order (console-spec screens 10 and 11). */
/** How report links are signed (Config: REPORT_URL_SECRET or its data-dir key) and the rendered reports' cache, shared with the rendering ahead. */
export interface ReportSettings {
  urlSecret: string;
  files: ReportFiles;
}

export const jobOrderRoutes: FastifyPluginAsyncTypebox<{ db: Db; reports: ReportSettings }> = async (app, { db, reports }) => {
  const links = reportLinks(reports.urlSecret);

  app.post(
    underApi(JobOrderPaths.list),
    {
      schema: {
        tags,
        summary: 'Job orders in scope, newest first',
        description:
          'Staff and job order names match by substring; times are yyyy-MM-dd HH:mm:ss (a bare date as an end includes that day). ' +
          'customerIds (extension) narrow to stores or nodes above them, within the scope: another customer\'s ids list nothing.',
        body: JobOrderListBody,
        response: { 200: JobOrderListResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await jobOrderPage(db, requestScope(request), links, request.body)),
  );

  app.get(
    underApi(JobOrderPaths.info),
    {
      schema: {
        tags,
        summary: "A job order's code, name and store (extension: the point-check page's heading)",
        description: 'null when the job order does not exist or is outside the scope.',
        querystring: JobIdQuery,
        response: { 200: JobOrderInfoResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await jobOrderInfo(db, requestScope(request), request.query.jobId)),
  );

  app.get(
    underApi(JobOrderPaths.materials),
    {
      schema: {
        tags,
        summary: 'What a job order used: product, registration number, lot, quantity, where (extension: 用药记录)',
        description: 'Empty when the job order does not exist, is outside the scope or used nothing.',
        querystring: JobIdQuery,
        response: { 200: JobOrderMaterialsResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await jobOrderMaterials(db, requestScope(request), request.query.jobId)),
  );

  app.get(
    underApi(JobOrderPaths.pointTabs),
    {
      schema: {
        tags,
        summary: 'The point-check sheets of a job order: one per device type checked',
        description: '[] when the job order is outside the scope. sheetId is the job order id.',
        querystring: JobIdQuery,
        response: { 200: PointCheckTabsResponse, ...protectedErrors },
      },
    },
    async (request) => ok(await sheetTabs(db, requestScope(request), request.query.jobId)),
  );

  app.post(
    underApi(JobOrderPaths.pointCheckHeader),
    {
      schema: {
        tags,
        summary: "A sheet's two-level header (prop, name, child)",
        description: '[] when the sheet is outside the scope.',
        body: PointCheckBody,
        response: { 200: PointCheckHeaderResponse, ...protectedErrors },
      },
    },
    async (request) => {
      const sheet = await findSheet(db, requestScope(request), request.body.sheetId, request.body.deviceTypeId);
      return ok(sheet ? sheetHeader(sheet, requestLanguage(request)) : []);
    },
  );

  app.post(
    underApi(JobOrderPaths.pointCheckRows),
    {
      schema: {
        tags,
        summary: "A page of a sheet's rows, one per point, and the 合计 row over all of them",
        description: 'No rows when the sheet is outside the scope.',
        body: PointCheckBody,
        response: { 200: PointCheckRowsResponse, ...protectedErrors },
      },
    },
    async (request) => {
      const sheet = await findSheet(db, requestScope(request), request.body.sheetId, request.body.deviceTypeId);
      return ok(sheet ? await sheetPage(db, sheet, request.body, requestLanguage(request)) : { total: 0, records: [], totalRow: {} });
    },
  );

  app.post(
    underApi(JobOrderPaths.pointCheckExport),
    {
      schema: {
        tags,
        summary: 'The page current/size of a sheet as an xlsx file (size = total for all of it)',
        description: 'Streams the file with the header of the table as merged cells. Errors before the file starts are envelopes.',
        body: PointCheckBody,
        response: { 200: FileStream, 404: ErrorBody, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const sheet = await findSheet(db, requestScope(request), request.body.sheetId, request.body.deviceTypeId);
      if (!sheet) throw new ApiError(404, ApiMessages.sheetNotFound);
      const language = requestLanguage(request);
      return sendXlsx(request, reply, exportFileName(sheet, language), (output) => pointCheckSheet(db, sheet, request.body, language, output));
    },
  );

  app.get(
    `${underApi(JobOrderPaths.report)}/:file`,
    {
      // Opened by the browser without the bearer header: the signed query is the credential.
      config: { public: true },
      schema: {
        tags,
        summary: "A job order's PDF service report, through a signed link from the job order list",
        description: '403 when the signature does not match or the link has expired.',
        params: ReportFileParams,
        querystring: ReportLinkQuery,
        response: { 200: FileStream, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        security: [],
      },
    },
    async (request, reply) => {
      const jobOrderId = Number.parseInt(request.params.file, 10);
      if (!links.verify(jobOrderId, request.query)) throw new ApiError(403, ApiMessages.reportLinkInvalid);
      const report = await loadServiceReport(db, jobOrderId);
      if (!report) throw new ApiError(404, ApiMessages.reportNotFound);
      const pdf = await reports.files.open(jobOrderId, report);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(serviceReportFileName({ ...report, customerName: report.storeName }), request.query.disposition))
        .header('cache-control', 'private, max-age=3600')
        .send(pdf);
    },
  );
};
