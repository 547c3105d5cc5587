import { queryOptions } from '@tanstack/react-query';
import type { AuditLogListBody } from '@pest/shared';
import { fetchAuditLog } from './auditLog.ts';
import { StaleTime } from './query/staleTimes.ts';

export const auditLogKeys = {
  all: ['auditLog'] as const,
  page: (body: AuditLogListBody) => [...auditLogKeys.all, body] as const,
};

export const auditLogQueries = {
  page: (body: AuditLogListBody) => queryOptions({ queryKey: auditLogKeys.page(body), queryFn: ({ signal }) => fetchAuditLog(body, signal), staleTime: StaleTime.list }),
};
