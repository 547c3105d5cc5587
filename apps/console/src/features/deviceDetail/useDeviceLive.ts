import { useState } from 'react';
import type { AlarmTrend, DeviceInfo } from '@pest/shared';
import { useLiveTopic } from '../../live/useLiveTopic.ts';

/**
 * The open device, live: its row (status, battery, last communication) goes to `onDevice`, new
 * events bump `eventsVersion` so the event list fetches again, and today's trend numbers come as
 * `todayTrend` for the chart to merge.
 */
export function useDeviceLive(id: number, onDevice: (device: DeviceInfo) => void) {
  const [eventsVersion, setEventsVersion] = useState(0);
  const [todayTrend, setTodayTrend] = useState<AlarmTrend>();

  useLiveTopic(
    'device',
    { id },
    {
      onUpdate: ({ full, data }) => {
        if (data.device) onDevice(data.device);
        if (data.trendToday) setTodayTrend(data.trendToday);
        if (!full && data.newEvents.length > 0) setEventsVersion((n) => n + 1);
      },
      // The device itself comes back with the whole state that follows the resubscription.
      onResync: () => setEventsVersion((n) => n + 1),
    },
  );
  return { eventsVersion, todayTrend };
}
