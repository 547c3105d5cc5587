import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DevicePage } from '../../api/devices.ts';
import { deviceKeys } from '../../api/deviceQueries.ts';
import { useLiveTopic } from '../../live/useLiveTopic.ts';
import { deviceListBody, withLiveRows, type DeviceListQuery } from './deviceListQuery.ts';

/** How long a row that changed live stays highlighted. */
export const CHANGED_ROW_MS = 2_000;

/**
 * Keeps the page of devices on screen live: changed rows are put in place in the cached page and
 * highlighted; when devices enter or leave the page (or the total moves), the page is asked again.
 * Returns the ids to highlight.
 */
export function useDeviceListLive(query: DeviceListQuery): ReadonlySet<number> {
  const queryClient = useQueryClient();
  const [changed, setChanged] = useState<ReadonlySet<number>>(new Set());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const queryKey = deviceKeys.list(deviceListBody(query));
  const reload = () => void queryClient.invalidateQueries({ queryKey, exact: true });

  useLiveTopic(
    'deviceList',
    { current: query.current, size: query.size, filters: query.filters },
    {
      onUpdate: ({ full, data }) => {
        queryClient.setQueryData<DevicePage>(queryKey, (shown) => shown && withLiveRows(shown, data.rows));
        if (full) return;
        if (data.ids || data.total !== undefined) reload();
        if (data.rows.length === 0) return;
        setChanged(new Set(data.rows.map((row) => row.id)));
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setChanged(new Set()), CHANGED_ROW_MS);
      },
      onResync: reload,
    },
  );
  return changed;
}
