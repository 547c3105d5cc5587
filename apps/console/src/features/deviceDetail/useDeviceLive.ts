import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AlarmTrend, DeviceInfo } from '@pest/shared';
import { deviceKeys } from '../../api/deviceQueries.ts';
import { useLiveTopic } from '../../live/useLiveTopic.ts';
import { withLiveBuckets } from './liveTrend.ts';

/**
 * The open device, live, through the cache: its row (status, battery, last communication) goes
 * into the device's entry, today's trend numbers into every cached trend of it that shows today,
 * and new events (or a full state, which may hold some the page missed) make its event pages stale
 * so the one on screen is asked again. Returns when events last arrived (undefined before any), so
 * that the default date range can follow today. Watched only once the device has loaded: the hub
 * would refuse a device that does not exist, and a refusal must not read as data gone stale.
 */
export function useDeviceLive(id: number, loaded: boolean): number | undefined {
  const queryClient = useQueryClient();
  const [eventsArrivedAt, setEventsArrivedAt] = useState<number>();
  const eventsArrived = () => {
    void queryClient.invalidateQueries({ queryKey: deviceKeys.events(id) });
    setEventsArrivedAt(Date.now());
  };

  useLiveTopic(
    'device',
    loaded ? { id } : null,
    {
      onUpdate: ({ data }) => {
        const { device, trendToday } = data;
        if (device) queryClient.setQueryData<DeviceInfo>(deviceKeys.info(id), (shown) => (shown ? { ...shown, ...device } : device));
        if (trendToday) {
          queryClient.setQueriesData<AlarmTrend>({ queryKey: deviceKeys.trends(id) }, (shown) => shown && withLiveBuckets(shown, trendToday));
        }
        // A full state (each subscription starts with one) may hold events that happened between the
        // page's own fetch and the subscription: the page is asked again rather than trusted.
        if (data.newEvents.length > 0) eventsArrived();
      },
      // The device itself comes back with the whole state that follows the resubscription.
      onResync: eventsArrived,
    },
  );
  return eventsArrivedAt;
}
