import { Pagination, type PointCheckBody, type PointCheckTab } from '@pest/shared';

/** Page 1, size 10 on arrival (console-spec section 9); 10 joins the generic sizes so it can be chosen back. */
export const POINT_CHECK_SIZES: readonly number[] = [Pagination.defaultSize, ...Pagination.genericSizes];

/** The job order from `?id=`: a positive integer, or nothing. */
export function jobIdFromSearch(search: URLSearchParams): number | undefined {
  const raw = search.get('id') ?? '';
  if (!/^\d+$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** A tab's identity: a job order may list a device type on more than one sheet. */
export function tabKey(tab: PointCheckTab): string {
  return `${tab.deviceTypeId}-${tab.sheetId}`;
}

/** The header, rows and export calls all take the tab and a page. */
export function pointCheckBody(tab: PointCheckTab, current: number, size: number): PointCheckBody {
  return { current, size, deviceTypeId: tab.deviceTypeId, deviceTypeName: tab.deviceTypeName, sheetId: tab.sheetId };
}

/** The export: the same parameters with every row on one page (console-spec section 7: size = total). */
export function pointCheckExportBody(tab: PointCheckTab, total: number): PointCheckBody {
  return pointCheckBody(tab, Pagination.defaultPage, total);
}
