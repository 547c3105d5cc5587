import { queryOptions } from '@tanstack/react-query';
import { IntegrationEndpoints } from '@pest/shared';
import { call } from './http.ts';
import { StaleTime } from './query/staleTimes.ts';

/** 设备接入 calls: every integration with its status (a provider has a handful). */
export const fetchIntegrations = (signal?: AbortSignal) => call(IntegrationEndpoints.list, undefined, { skipLoading: true, signal });

export const integrationKeys = {
  all: ['integrations'] as const,
  list: () => [...integrationKeys.all, 'list'] as const,
};

export const integrationQueries = {
  list: () => queryOptions({ queryKey: integrationKeys.list(), queryFn: ({ signal }) => fetchIntegrations(signal), staleTime: StaleTime.list }),
};
