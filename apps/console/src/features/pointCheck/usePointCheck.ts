import { useEffect, useState } from 'react';
import { Pagination, type PointCheckTab, type TableHeaderNode } from '@pest/shared';
import {
  fetchPointCheckHeader,
  fetchPointCheckRows,
  fetchPointCheckTabs,
  type PointCheckRows,
} from '../../api/jobOrders.ts';
import { pointCheckBody, tabKey } from './pointCheckQuery.ts';

interface Sheet {
  tab: PointCheckTab;
  current: number;
  size: number;
}

const NO_ROWS: PointCheckRows = { total: 0, records: [], totalRow: {} };

/**
 * A job order's point check (console-spec screen 11): its device-type tabs, the first chosen on
 * arrival; choosing a tab reloads the header and the rows from page 1. Failures were shown by the
 * http client; the table just empties.
 */
export function usePointCheck(jobId: number) {
  /** Undefined until the tabs arrive. */
  const [tabs, setTabs] = useState<PointCheckTab[]>();
  const [sheet, setSheet] = useState<Sheet>();
  const [header, setHeader] = useState<TableHeaderNode[]>([]);
  const [rows, setRows] = useState<PointCheckRows>(NO_ROWS);

  useEffect(() => {
    let current = true;
    fetchPointCheckTabs(jobId)
      .catch(() => [])
      .then((list) => {
        if (!current) return;
        setTabs(list);
        setSheet(list[0] && { tab: list[0], current: Pagination.defaultPage, size: Pagination.defaultSize });
      });
    return () => {
      current = false;
    };
  }, [jobId]);

  const tab = sheet?.tab;
  useEffect(() => {
    if (!tab) return;
    let current = true;
    fetchPointCheckHeader(pointCheckBody(tab, Pagination.defaultPage, Pagination.defaultSize))
      .catch(() => [])
      .then((next) => current && setHeader(next));
    return () => {
      current = false;
    };
  }, [tab]);

  useEffect(() => {
    if (!sheet) return;
    let current = true;
    fetchPointCheckRows(pointCheckBody(sheet.tab, sheet.current, sheet.size))
      .catch(() => NO_ROWS)
      .then((next) => current && setRows(next));
    return () => {
      current = false;
    };
  }, [sheet]);

  const selectTab = (key: string) => {
    const next = tabs?.find((candidate) => tabKey(candidate) === key);
    if (next && next !== sheet?.tab) setSheet((s) => ({ tab: next, current: Pagination.defaultPage, size: s?.size ?? Pagination.defaultSize }));
  };

  const changePage = (current: number, size: number) =>
    setSheet((s) => s && { ...s, size, current: size === s.size ? current : Pagination.defaultPage });

  return { tabs, sheet, header, rows, selectTab, changePage };
}
