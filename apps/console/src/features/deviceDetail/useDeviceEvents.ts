import { useEffect, useState } from 'react';
import { Pagination, type DateRangeValue } from '@pest/shared';
import { fetchAlarmRecords, type AlarmRecordPage } from '../../api/devices.ts';
import { eventListBody } from './deviceActivityQuery.ts';

const NO_EVENTS: AlarmRecordPage = { total: 0, records: [] };

/**
 * The device's event records over `range`, a page of 10; a new range goes back to page 1. A new
 * `version` (live events arrived) fetches the page again.
 */
export function useDeviceEvents(boxId: number, range: DateRangeValue, version: number) {
  const [current, setCurrent] = useState<number>(Pagination.defaultPage);
  const [page, setPage] = useState<AlarmRecordPage>(NO_EVENTS);
  const [loading, setLoading] = useState(false);
  const [start, end] = range;

  useEffect(() => setCurrent(Pagination.defaultPage), [boxId, start, end]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    fetchAlarmRecords(eventListBody(boxId, [start, end], current))
      .then((next) => live && setPage(next))
      .catch(() => live && setPage(NO_EVENTS))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [boxId, start, end, current, version]);

  return { page, current, loading, changePage: setCurrent };
}
