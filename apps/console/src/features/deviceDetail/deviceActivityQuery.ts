import { Pagination, type DateRangeValue } from '@pest/shared';
import type { DeviceEventsBody, DeviceTrendBody } from '../../api/deviceQueries.ts';

/** One page of the device's event records, 10 to a page (section 9), inclusive days. */
export function eventListBody(boxId: number, [startDate, endDate]: DateRangeValue, current: number): DeviceEventsBody {
  return { current, size: Pagination.eventListSize, boxId, startDate, endDate };
}

/** The device's prevention trend over the same days, one bucket a day. */
export function trendBody(boxId: number, [startDate, endDate]: DateRangeValue): DeviceTrendBody {
  return { boxId, startDate, endDate };
}
