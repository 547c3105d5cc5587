import { queryOptions } from '@tanstack/react-query';
import { VisitEndpoints, type VisitListBody } from '@pest/shared';
import { call } from './http.ts';
import { StaleTime } from './query/staleTimes.ts';

/** 服务安排 calls: a calendar's visits, and the technicians visits are given to. */
const OWN_SPINNER = { skipLoading: true } as const;

export const visitKeys = {
  all: ['visits'] as const,
  list: (body: VisitListBody) => [...visitKeys.all, 'list', body] as const,
  technicians: () => [...visitKeys.all, 'technicians'] as const,
};

export const visitQueries = {
  list: (body: VisitListBody) =>
    queryOptions({ queryKey: visitKeys.list(body), queryFn: ({ signal }) => call(VisitEndpoints.list, body, { ...OWN_SPINNER, signal }), staleTime: StaleTime.list }),
  technicians: () =>
    queryOptions({ queryKey: visitKeys.technicians(), queryFn: ({ signal }) => call(VisitEndpoints.technicians, undefined, { ...OWN_SPINNER, signal }), staleTime: StaleTime.list }),
};
