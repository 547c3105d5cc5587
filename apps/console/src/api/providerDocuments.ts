import { queryOptions } from '@tanstack/react-query';
import { ProviderDocumentEndpoints } from '@pest/shared';
import { call } from './http.ts';
import { StaleTime } from './query/staleTimes.ts';

/** 资质文件 calls (issue 22): the provider's licences. */

export const fetchProviderDocuments = (signal?: AbortSignal) => call(ProviderDocumentEndpoints.list, undefined, { skipLoading: true, signal });

export const providerDocumentKeys = { all: ['providerDocuments'] as const };

export const providerDocumentQueries = {
  list: () => queryOptions({ queryKey: providerDocumentKeys.all, queryFn: ({ signal }) => fetchProviderDocuments(signal), staleTime: StaleTime.list }),
};
