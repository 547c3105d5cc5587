import {
  API_BASE,
  BATTERY_FILTER_OPTIONS,
  DEVICE_STATUS_FILTER_OPTIONS,
  Pagination,
  compactParams,
  type DeviceFilters,
  type DeviceListBody,
  type DeviceRow,
  type DeviceStatus,
} from '@pest/shared';
import type { DevicePage } from '../../api/devices.ts';
import type { FilterParams } from '../../components/FilterForm/index.ts';

/** The device list's own search fields, next to the shared form's organisation, area and device kind. */
export interface DeviceSearchFields {
  /** Name, code, number or IMEI. */
  keyword?: string;
  status?: DeviceStatus;
  /** Battery at most this percent. */
  remainingPower?: number;
}

const isDeviceKind = (value: number | undefined): value is 1 | 2 | 3 => value === 1 || value === 2 || value === 3;

/**
 * The list's filters from both halves of the search form. The keyword is trimmed, and anything
 * empty is left out (console-spec section 5), so an untouched form asks for every device in scope.
 */
export function deviceFilters(params: FilterParams, fields: DeviceSearchFields): DeviceFilters {
  return compactParams({
    name: fields.keyword?.trim(),
    deviceType: isDeviceKind(params.deviceType) ? params.deviceType : undefined,
    status: fields.status,
    remainingPower: fields.remainingPower,
    customerIds: params.customerIds ? [...params.customerIds] : undefined,
    areaIds: params.areaIds ? [...params.areaIds] : undefined,
  });
}

/**
 * The search fields a link opens the list with (the wallboard's tiles, shared/rules/consoleLinks.ts):
 * a status the filter offers (故障 included) and a battery step; anything else is left out.
 */
export function linkedDeviceFields(search: URLSearchParams): DeviceSearchFields {
  const status = DEVICE_STATUS_FILTER_OPTIONS.find((one) => String(one) === search.get('status'));
  const remainingPower = BATTERY_FILTER_OPTIONS.find((one) => String(one) === search.get('remainingPower'));
  return compactParams({ status, remainingPower });
}

/** What the device list has asked for: the filters of the last Query and the page on screen. */
export interface DeviceListQuery {
  filters: DeviceFilters;
  current: number;
  size: number;
}

export const FIRST_DEVICE_PAGE: DeviceListQuery = { filters: {}, current: Pagination.defaultPage, size: Pagination.defaultSize };

/** The spec's call (section 7): the customer's devices, `isCustomer: true`. */
export function deviceListBody({ filters, current, size }: DeviceListQuery): DeviceListBody {
  return { current, size, isCustomer: true, filters };
}

/** A new page keeps the size; a new size goes back to page 1. */
export function pagedQuery(query: DeviceListQuery, current: number, size: number): DeviceListQuery {
  return { ...query, size, current: size === query.size ? current : Pagination.defaultPage };
}

/** The page with live rows put in place by id; rows not on the page are left out (they come with a reload). */
export function withLiveRows(page: DevicePage, rows: readonly DeviceRow[]): DevicePage {
  if (rows.length === 0) return page;
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { ...page, records: page.records.map((row) => byId.get(row.id) ?? row) };
}

/**
 * The template's URL as the http client takes it. The server may answer with a path under /api
 * (its own file) or an absolute URL (a file store); the client adds /api itself, so a path loses it.
 */
export function templateRequestUrl(url: string): string {
  return url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url;
}
