import { JobOrderEndpoints, JobOrderPaths, type JobOrderListBody, type JobOrderRecord, type Page, type PageWithTotalRow, type PointCheckBody, type PointCheckRow } from '@pest/shared';
import { call, underApi } from './http.ts';

/** Job-order and point-check calls (console-spec section 7, "Job orders and point check"). */

export type JobOrderPage = Page<JobOrderRecord>;
export type PointCheckRows = PageWithTotalRow<PointCheckRow>;

export const fetchJobOrders = (body: JobOrderListBody, signal?: AbortSignal) => call(JobOrderEndpoints.list, body, { signal });

/** The job order's code, name and store; null when it does not exist or is outside the scope. */
export const fetchJobOrderInfo = (jobId: number, signal?: AbortSignal) => call(JobOrderEndpoints.info, { jobId }, { signal });

/** What the job order used (用药记录); empty when nothing, or outside the scope. */
export const fetchJobOrderMaterials = (jobId: number, signal?: AbortSignal) => call(JobOrderEndpoints.materials, { jobId }, { signal });

/** The device-type tabs of a job order's point check. */
export const fetchPointCheckTabs = (jobId: number, signal?: AbortSignal) => call(JobOrderEndpoints.pointTabs, { jobId }, { signal });

export const fetchPointCheckHeader = (body: PointCheckBody, signal?: AbortSignal) => call(JobOrderEndpoints.pointCheckHeader, body, { signal });

export const fetchPointCheckRows = (body: PointCheckBody, signal?: AbortSignal) => call(JobOrderEndpoints.pointCheckRows, body, { signal });

/** Where the point-check export posts the same body (with size = total); the download helper fetches it. */
export const pointCheckExportUrl = underApi(JobOrderPaths.pointCheckExport);
