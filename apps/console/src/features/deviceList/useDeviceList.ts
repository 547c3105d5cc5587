import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeviceFilters } from '@pest/shared';
import type { DevicePage } from '../../api/devices.ts';
import { deviceQueries } from '../../api/deviceQueries.ts';
import { useSubmittedRequest } from '../../api/query/useSubmittedRequest.ts';
import { FIRST_DEVICE_PAGE, deviceListBody, pagedQuery, type DeviceListQuery } from './deviceListQuery.ts';

const NO_DEVICES: DevicePage = { total: 0, records: [] };
const listQuery = (query: DeviceListQuery) => deviceQueries.list(deviceListBody(query));

/**
 * The device list's state: the query on screen and its rows. It loads every device in scope on
 * open; Query goes back to page 1, Reset to the first page of everything; the rows on screen stay
 * while the next page loads. A failure was shown by the http client (console-spec section 8): the
 * table empties. Live changes reach the rows through the cache (useDeviceListLive).
 */
export function useDeviceList(first: DeviceListQuery = FIRST_DEVICE_PAGE) {
  const { request: query, submit, change } = useSubmittedRequest<DeviceListQuery>(first, (next) => [listQuery(next).queryKey]);
  const list = useQuery({ ...listQuery(query), placeholderData: keepPreviousData });

  return {
    query,
    page: list.data ?? NO_DEVICES,
    loading: list.isFetching,
    search: (filters: DeviceFilters) => submit({ ...FIRST_DEVICE_PAGE, size: query.size, filters }),
    reset: () => submit({ ...FIRST_DEVICE_PAGE, size: query.size }),
    changePage: (current: number, size: number) => change((shown) => pagedQuery(shown, current, size)),
  };
}
