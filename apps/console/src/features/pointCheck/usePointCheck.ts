import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Pagination, type PointCheckTab } from '@pest/shared';
import type { PointCheckRows } from '../../api/jobOrders.ts';
import { jobOrderQueries } from '../../api/jobOrderQueries.ts';
import { pointCheckBody, tabKey } from './pointCheckQuery.ts';

interface Sheet {
  tab: PointCheckTab;
  current: number;
  size: number;
}

const NO_ROWS: PointCheckRows = { total: 0, records: [], totalRow: {} };
const firstPageOf = (tab: PointCheckTab, size: number = Pagination.defaultSize): Sheet => ({ tab, current: Pagination.defaultPage, size });

/**
 * A job order's point check (console-spec screen 11): its device-type tabs, the first chosen on
 * arrival; choosing a tab reloads the header and the rows from page 1, the sheet on screen staying
 * until they arrive. Failures were shown by the http client; the table just empties.
 */
export function usePointCheck(jobId: number) {
  const tabsQuery = useQuery(jobOrderQueries.pointTabs(jobId));
  /** Undefined until the tabs arrive; none when they could not be loaded. */
  const tabs = tabsQuery.isPending ? undefined : (tabsQuery.data ?? []);
  const [chosen, setChosen] = useState<Sheet>();
  const sheet = chosen ?? (tabs?.[0] && firstPageOf(tabs[0]));

  const headerBody = sheet && pointCheckBody(sheet.tab, Pagination.defaultPage, Pagination.defaultSize);
  const header = useQuery({ ...jobOrderQueries.pointCheckHeader(headerBody), placeholderData: keepPreviousData }).data ?? [];
  const rowsBody = sheet && pointCheckBody(sheet.tab, sheet.current, sheet.size);
  const rows = useQuery({ ...jobOrderQueries.pointCheckRows(rowsBody), placeholderData: keepPreviousData }).data ?? NO_ROWS;

  const selectTab = (key: string) => {
    const next = tabs?.find((candidate) => tabKey(candidate) === key);
    if (next && (!sheet || tabKey(sheet.tab) !== key)) setChosen(firstPageOf(next, sheet?.size));
  };

  const changePage = (current: number, size: number) =>
    setChosen(sheet && { ...sheet, size, current: size === sheet.size ? current : Pagination.defaultPage });

  return { tabs, sheet, header, rows, selectTab, changePage };
}
