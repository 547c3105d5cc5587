import { queryOptions } from '@tanstack/react-query';
import { MaterialEndpoints, type MaterialListBody } from '@pest/shared';
import { call } from './http.ts';
import { StaleTime } from './query/staleTimes.ts';

/** 物料 calls: a page of the catalogue (the table shows its own spinner). */
export const fetchMaterials = (body: MaterialListBody, signal?: AbortSignal) => call(MaterialEndpoints.list, body, { skipLoading: true, signal });

export const materialKeys = {
  all: ['materials'] as const,
  page: (body: MaterialListBody) => [...materialKeys.all, 'page', body] as const,
};

export const materialQueries = {
  page: (body: MaterialListBody) => queryOptions({ queryKey: materialKeys.page(body), queryFn: ({ signal }) => fetchMaterials(body, signal), staleTime: StaleTime.list }),
};
