import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Pagination, type DateRangeValue } from '@pest/shared';
import type { AlarmRecordPage } from '../../api/devices.ts';
import { deviceQueries } from '../../api/deviceQueries.ts';
import { eventListBody } from './deviceActivityQuery.ts';

const NO_EVENTS: AlarmRecordPage = { total: 0, records: [] };

/**
 * The device's event records over `range`, a page of 10; a new range goes back to page 1. Live
 * events make the cached pages stale, so the one on screen is asked again (useDeviceLive).
 */
export function useDeviceEvents(boxId: number, range: DateRangeValue) {
  const [start, end] = range;
  // The page chosen, for the range it was chosen in: another range starts from page 1.
  const [paging, setPaging] = useState({ start, end, current: Pagination.defaultPage as number });
  const current = paging.start === start && paging.end === end ? paging.current : Pagination.defaultPage;
  const query = useQuery({ ...deviceQueries.eventPage(eventListBody(boxId, [start, end], current)), placeholderData: keepPreviousData });

  return {
    page: query.data ?? NO_EVENTS,
    current,
    loading: query.isFetching,
    changePage: (next: number) => setPaging({ start, end, current: next }),
  };
}
