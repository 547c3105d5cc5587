import { queryOptions } from '@tanstack/react-query';
import { ProviderDocumentPaths, type ProviderDocument, type ProviderDocumentSaveBody } from '@pest/shared';
import { http, request, underApi } from './http.ts';
import { StaleTime } from './query/staleTimes.ts';

/** 资质文件 calls (issue 22): the provider's licences. */

export const fetchProviderDocuments = (signal?: AbortSignal) =>
  http.post<ProviderDocument[]>(underApi(ProviderDocumentPaths.list), {}, { skipLoading: true, signal });

/** JSON text so the client's filter compaction keeps `validTo: null` (valid without end). */
export const saveProviderDocument = (body: ProviderDocumentSaveBody) =>
  request<ProviderDocument>({ method: 'post', url: underApi(ProviderDocumentPaths.save), data: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

export const deleteProviderDocument = (id: number) => http.post<null>(underApi(ProviderDocumentPaths.delete), { id });

export const providerDocumentKeys = { all: ['providerDocuments'] as const };

export const providerDocumentQueries = {
  list: () => queryOptions({ queryKey: providerDocumentKeys.all, queryFn: ({ signal }) => fetchProviderDocuments(signal), staleTime: StaleTime.list }),
};
