import { Pagination, type AlarmRecordListBody, type AlarmTrendBody, type DateRangeValue } from '@pest/shared';

/** The device from `?id=`: a positive integer, or nothing. */
export function deviceIdFromSearch(search: URLSearchParams): number | undefined {
  const raw = search.get('id') ?? '';
  if (!/^\d+$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** One page of the device's event records, 10 to a page (section 9), inclusive days. */
export function eventListBody(boxId: number, [startDate, endDate]: DateRangeValue, current: number): AlarmRecordListBody {
  return { current, size: Pagination.eventListSize, boxId, startDate, endDate };
}

/** The device's prevention trend over the same days, one bucket a day. */
export function trendBody(boxId: number, [startDate, endDate]: DateRangeValue): AlarmTrendBody {
  return { boxId, startDate, endDate };
}
