import { queryOptions } from '@tanstack/react-query';
import type { DeliveryListBody } from '@pest/shared';
import { fetchChannels, fetchDeliveries, fetchRules } from './notify.ts';
import { StaleTime } from './query/staleTimes.ts';

/** Notification cache entries: a saved channel or rule invalidates its list, a send the log. */
export const notifyKeys = {
  all: ['notify'] as const,
  channels: () => [...notifyKeys.all, 'channels'] as const,
  rules: () => [...notifyKeys.all, 'rules'] as const,
  deliveries: () => [...notifyKeys.all, 'deliveries'] as const,
  deliveryPage: (body: DeliveryListBody) => [...notifyKeys.deliveries(), body] as const,
};

export const notifyQueries = {
  channels: () => queryOptions({ queryKey: notifyKeys.channels(), queryFn: ({ signal }) => fetchChannels(signal), staleTime: StaleTime.list }),
  rules: () => queryOptions({ queryKey: notifyKeys.rules(), queryFn: ({ signal }) => fetchRules(signal), staleTime: StaleTime.list }),
  deliveryPage: (body: DeliveryListBody) =>
    queryOptions({ queryKey: notifyKeys.deliveryPage(body), queryFn: ({ signal }) => fetchDeliveries(body, signal), staleTime: StaleTime.list }),
};
