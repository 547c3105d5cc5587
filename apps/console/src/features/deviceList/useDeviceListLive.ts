import { useEffect, useRef, useState } from 'react';
import type { DeviceRow } from '@pest/shared';
import { useLiveTopic } from '../../live/useLiveTopic.ts';
import type { DeviceListQuery } from './deviceListQuery.ts';

/** How long a row that changed live stays highlighted. */
export const CHANGED_ROW_MS = 2_000;

interface DeviceListLiveOptions {
  patchRows(rows: readonly DeviceRow[]): void;
  reload(): void;
}

/**
 * Keeps the page of devices on screen live: changed rows are put in place and highlighted; when
 * devices enter or leave the page (or the total moves), the page is fetched again. Returns the
 * ids to highlight.
 */
export function useDeviceListLive(query: DeviceListQuery, { patchRows, reload }: DeviceListLiveOptions): ReadonlySet<number> {
  const [changed, setChanged] = useState<ReadonlySet<number>>(new Set());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  useLiveTopic(
    'deviceList',
    { current: query.current, size: query.size, filters: query.filters },
    {
      onUpdate: ({ full, data }) => {
        patchRows(data.rows);
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
