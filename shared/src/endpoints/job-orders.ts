import { defineEndpoint } from '../api/endpoint.ts';
import { Permission } from '../contract/permissions.ts';
import {
  JobIdQuery,
  JobOrderInfoResponse,
  JobOrderListBody,
  JobOrderListResponse,
  JobOrderPaths,
  PointCheckBody,
  PointCheckHeaderResponse,
  PointCheckRowsResponse,
  PointCheckTabsResponse,
} from '../contract/job-orders.ts';
import { JobOrderMaterialsResponse } from '../contract/materials.ts';

const tags = ['job orders'];

/** The service report list, its PDF reports and the point-check sheets of each job order (console-spec screens 10 and 11). */
export const JobOrderEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: JobOrderPaths.list,
    input: JobOrderListBody,
    response: JobOrderListResponse,
    load: 'heavy',
    permission: Permission.serviceView,
    tags,
    summary: 'Job orders in scope, newest first',
    description:
      'Staff and job order names match by substring; times are yyyy-MM-dd HH:mm:ss (a bare date as an end includes that day). ' +
      "customerIds (extension) narrow to stores or nodes above them, within the scope: another customer's ids list nothing.",
  }),
  info: defineEndpoint({
    method: 'GET',
    path: JobOrderPaths.info,
    input: JobIdQuery,
    response: JobOrderInfoResponse,
    permission: Permission.serviceView,
    tags,
    summary: "A job order's code, name and store (extension: the point-check page's heading)",
    description: 'null when the job order does not exist or is outside the scope.',
  }),
  materials: defineEndpoint({
    method: 'GET',
    path: JobOrderPaths.materials,
    input: JobIdQuery,
    response: JobOrderMaterialsResponse,
    permission: Permission.serviceView,
    tags,
    summary: 'What a job order used: product, registration number, lot, quantity, where (extension: 用药记录)',
    description: 'Empty when the job order does not exist, is outside the scope or used nothing.',
  }),
  pointTabs: defineEndpoint({
    method: 'GET',
    path: JobOrderPaths.pointTabs,
    input: JobIdQuery,
    response: PointCheckTabsResponse,
    permission: Permission.serviceView,
    tags,
    summary: 'The point-check sheets of a job order: one per device type checked',
    description: '[] when the job order is outside the scope. sheetId is the job order id.',
  }),
  pointCheckHeader: defineEndpoint({
    method: 'POST',
    path: JobOrderPaths.pointCheckHeader,
    input: PointCheckBody,
    response: PointCheckHeaderResponse,
    permission: Permission.serviceView,
    tags,
    summary: "A sheet's two-level header (prop, name, child)",
    description: '[] when the sheet is outside the scope.',
  }),
  pointCheckRows: defineEndpoint({
    method: 'POST',
    path: JobOrderPaths.pointCheckRows,
    input: PointCheckBody,
    response: PointCheckRowsResponse,
    load: 'heavy',
    permission: Permission.serviceView,
    tags,
    summary: "A page of a sheet's rows, one per point, and the 合计 row over all of them",
    description: 'No rows when the sheet is outside the scope.',
  }),
  pointCheckExport: defineEndpoint({
    method: 'POST',
    path: JobOrderPaths.pointCheckExport,
    input: PointCheckBody,
    refusals: [404],
    load: 'download',
    permission: Permission.dataExport,
    tags,
    summary: 'The page current/size of a sheet as an xlsx file (size = total for all of it)',
    description: 'Streams the file with the header of the table as merged cells. Errors before the file starts are envelopes.',
  }),
  /**
   * A file answer, opened by the browser without the bearer header: the signed query is the
   * credential. Its file name parameter and signed query are the backend's (report-links.ts).
   */
  report: defineEndpoint({
    method: 'GET',
    path: `${JobOrderPaths.report}/:file`,
    refusals: [403, 404],
    access: 'public',
    tags,
    summary: "A job order's PDF service report, through a signed link from the job order list",
    description: '403 when the signature does not match or the link has expired.',
  }),
};
