import { useCallback, useEffect, useState } from 'react';
import type { DeviceFilters, DeviceRow } from '@pest/shared';
import { fetchDevices, type DevicePage } from '../../api/devices.ts';
import { FIRST_DEVICE_PAGE, deviceListBody, pagedQuery, type DeviceListQuery } from './deviceListQuery.ts';

const NO_DEVICES: DevicePage = { total: 0, records: [] };

/**
 * The device list's state: the query on screen and its rows. It loads every device in scope on
 * open; Query goes back to page 1, Reset to the first page of everything. `patchRow` changes one
 * row in place by id (for live updates) without reloading the page.
 */
export function useDeviceList() {
  const [query, setQuery] = useState<DeviceListQuery>(FIRST_DEVICE_PAGE);
  const [page, setPage] = useState<DevicePage>(NO_DEVICES);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let current = true;
    setLoading(true);
    fetchDevices(deviceListBody(query))
      .then((next) => current && setPage(next))
      // The http client has shown the failure (console-spec section 8): the table empties.
      .catch(() => current && setPage(NO_DEVICES))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [query]);

  const patchRow = useCallback((id: number, patch: Partial<DeviceRow>) => {
    setPage((shown) => ({ ...shown, records: shown.records.map((row) => (row.id === id ? { ...row, ...patch } : row)) }));
  }, []);

  return {
    query,
    page,
    loading,
    /** A new object each Query, so querying the same filters again reloads. */
    search: (filters: DeviceFilters) => setQuery((shown) => ({ ...FIRST_DEVICE_PAGE, size: shown.size, filters })),
    reset: () => setQuery((shown) => ({ ...FIRST_DEVICE_PAGE, size: shown.size })),
    changePage: (current: number, size: number) => setQuery((shown) => pagedQuery(shown, current, size)),
    patchRow,
  };
}
