import { queryOptions } from '@tanstack/react-query';
import { AuditPackEndpoints, type AuditPackCreateBody } from '@pest/shared';
import { call } from './http.ts';
import { StaleTime } from './query/staleTimes.ts';

/** 审计资料包 calls (issue 22). */

/** Quiet: the page shows the server's reason (a period over 400 days, a store out of scope) beside the form. */
export const createAuditPack = (body: AuditPackCreateBody) => call(AuditPackEndpoints.create, body, { quiet: true });

export const cancelAuditPack = (id: number) => call(AuditPackEndpoints.cancel, { id });

const fetchAuditPacks = (signal?: AbortSignal) => call(AuditPackEndpoints.list, undefined, { skipLoading: true, signal });

/** The user's recent packs: the list call, then the live topic's changes written into the same entry. */
export const auditPackKeys = { list: ['auditPacks'] as const };

export const auditPackQueries = {
  list: () => queryOptions({ queryKey: auditPackKeys.list, queryFn: ({ signal }) => fetchAuditPacks(signal), staleTime: StaleTime.list }),
};
