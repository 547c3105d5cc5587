import { queryOptions } from '@tanstack/react-query';
import { UplinkEndpoints, type UnclaimedListBody, type UplinkListBody } from '@pest/shared';
import { call } from './http.ts';
import { StaleTime } from './query/staleTimes.ts';

/** What devices sent: a device's raw uplinks and the 待认领设备 inbox, a page at a time. */
export const fetchUplinks = (body: UplinkListBody, signal?: AbortSignal) => call(UplinkEndpoints.uplinks, body, { skipLoading: true, signal });
export const fetchUnclaimed = (body: UnclaimedListBody, signal?: AbortSignal) => call(UplinkEndpoints.unclaimedList, body, { skipLoading: true, signal });

export const uplinkKeys = {
  all: ['uplinks'] as const,
  device: (body: UplinkListBody) => [...uplinkKeys.all, 'device', body] as const,
  /** Every page of the 待认领设备 inbox: a claim takes a row out of it. */
  unclaimedAll: () => [...uplinkKeys.all, 'unclaimed'] as const,
  unclaimed: (body: UnclaimedListBody) => [...uplinkKeys.unclaimedAll(), body] as const,
};

export const uplinkQueries = {
  device: (body: UplinkListBody) => queryOptions({ queryKey: uplinkKeys.device(body), queryFn: ({ signal }) => fetchUplinks(body, signal), staleTime: StaleTime.list }),
  unclaimed: (body: UnclaimedListBody) =>
    queryOptions({ queryKey: uplinkKeys.unclaimed(body), queryFn: ({ signal }) => fetchUnclaimed(body, signal), staleTime: StaleTime.list }),
};
