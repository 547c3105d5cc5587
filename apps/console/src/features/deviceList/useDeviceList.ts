import { useCallback, useEffect, useState } from 'react';
import type { DeviceFilters, DeviceRow } from '@pest/shared';
import { fetchDevices, type DevicePage } from '../../api/devices.ts';
import { FIRST_DEVICE_PAGE, deviceListBody, pagedQuery, type DeviceListQuery } from './deviceListQuery.ts';

const NO_DEVICES: DevicePage = { total: 0, records: [] };

/**
 * The device list's state: the query on screen and its rows. It loads every device in scope on
 * open; Query goes back to page 1, Reset to the first page of everything. `patchRows` puts live
 * rows in place by id without reloading the page; `reload` fetches the page again.
 */
export function useDeviceList() {
  const [query, setQuery] = useState<DeviceListQuery>(FIRST_DEVICE_PAGE);
  const [page, setPage] = useState<DevicePage>(NO_DEVICES);
  const [loading, setLoading] = useState(false);
  // Bumped to fetch the same query again (a live change moved devices across the page).
  const [version, setVersion] = useState(0);

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
  }, [query, version]);

  const patchRows = useCallback((rows: readonly DeviceRow[]) => {
    const byId = new Map(rows.map((row) => [row.id, row]));
    setPage((shown) => ({ ...shown, records: shown.records.map((row) => byId.get(row.id) ?? row) }));
  }, []);
  const reload = useCallback(() => setVersion((n) => n + 1), []);

  return {
    query,
    page,
    loading,
    /** A new object each Query, so querying the same filters again reloads. */
    search: (filters: DeviceFilters) => setQuery((shown) => ({ ...FIRST_DEVICE_PAGE, size: shown.size, filters })),
    reset: () => setQuery((shown) => ({ ...FIRST_DEVICE_PAGE, size: shown.size })),
    changePage: (current: number, size: number) => setQuery((shown) => pagedQuery(shown, current, size)),
    patchRows,
    reload,
  };
}
