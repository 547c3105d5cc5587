import { queryOptions, skipToken } from '@tanstack/react-query';
import type { JobOrderListBody, PointCheckBody } from '@pest/shared';
import { fetchJobOrderInfo, fetchJobOrderMaterials, fetchJobOrders, fetchPointCheckHeader, fetchPointCheckRows, fetchPointCheckTabs } from './jobOrders.ts';
import { inInterfaceLanguage } from './language.ts';
import { StaleTime } from './query/staleTimes.ts';

export const jobOrderKeys = {
  all: ['jobOrders'] as const,
  list: (body: JobOrderListBody) => [...jobOrderKeys.all, 'list', body] as const,
  job: (jobId: number) => [...jobOrderKeys.all, 'job', jobId] as const,
  info: (jobId: number) => [...jobOrderKeys.job(jobId), 'info'] as const,
  pointTabs: (jobId: number) => [...jobOrderKeys.job(jobId), 'pointTabs'] as const,
  materials: (jobId: number) => [...jobOrderKeys.job(jobId), 'materials'] as const,
  /** The sheet's headers, 合计, conditions and bait grades come in the interface language. */
  pointCheckHeader: (body: PointCheckBody | undefined) => inInterfaceLanguage([...jobOrderKeys.all, 'pointCheckHeader', body]),
  pointCheckRows: (body: PointCheckBody | undefined) => inInterfaceLanguage([...jobOrderKeys.all, 'pointCheckRows', body]),
};

export const jobOrderQueries = {
  list: (body: JobOrderListBody) =>
    queryOptions({ queryKey: jobOrderKeys.list(body), queryFn: ({ signal }) => fetchJobOrders(body, signal), staleTime: StaleTime.list }),
  /** A job order's code and store never change. */
  info: (jobId: number) =>
    queryOptions({ queryKey: jobOrderKeys.info(jobId), queryFn: ({ signal }) => fetchJobOrderInfo(jobId, signal), staleTime: StaleTime.reference }),
  /** A finished job order's sheet does not change: its tabs and header are reference data. */
  pointTabs: (jobId: number) =>
    queryOptions({ queryKey: jobOrderKeys.pointTabs(jobId), queryFn: ({ signal }) => fetchPointCheckTabs(jobId, signal), staleTime: StaleTime.reference }),
  /** Written when the visit finished, like its sheet. */
  materials: (jobId: number) =>
    queryOptions({ queryKey: jobOrderKeys.materials(jobId), queryFn: ({ signal }) => fetchJobOrderMaterials(jobId, signal), staleTime: StaleTime.reference }),
  pointCheckHeader: (body: PointCheckBody | undefined) =>
    queryOptions({
      queryKey: jobOrderKeys.pointCheckHeader(body),
      queryFn: body ? ({ signal }) => fetchPointCheckHeader(body, signal) : skipToken,
      staleTime: StaleTime.reference,
    }),
  pointCheckRows: (body: PointCheckBody | undefined) =>
    queryOptions({
      queryKey: jobOrderKeys.pointCheckRows(body),
      queryFn: body ? ({ signal }) => fetchPointCheckRows(body, signal) : skipToken,
      staleTime: StaleTime.list,
    }),
};
