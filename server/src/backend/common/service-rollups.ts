import type { DayBounds, PeriodGrain } from '@pest/shared';
import type { SqlParams } from '../db/sql-params.ts';
import type { Scope } from '../scope.ts';
import { visitStoreConditions, type SummaryFilters } from './summary-filters.ts';

/**
 * The monthly roll-ups of the service records (migration 120): checks per store, device type and
 * month (service_check_months), catches per store, device type, pest and month
 * (service_catch_months), positive checks per point and month (service_point_positive_months).
 * A query reads them instead of the point checks when they hold its answer exactly: its days are
 * whole Beijing months, its periods are months or quarters, and it narrows no finer than a store,
 * a device type and a pest (a plan, a region or a point is read from the checks of those stores).
 */

/** The first days of the first and last months of `bounds`, or null when a bound cuts a month. */
export function wholeMonths(bounds: DayBounds): { from?: string; to?: string } | null {
  if (bounds.from && !bounds.from.endsWith('-01')) return null;
  if (bounds.to && bounds.to !== lastDayOfMonth(bounds.to)) return null;
  return { from: bounds.from, to: bounds.to && `${bounds.to.slice(0, 7)}-01` };
}

function lastDayOfMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${day.slice(0, 7)}-${String(last).padStart(2, '0')}`;
}

/** Whether the roll-ups answer these filters at this grain over these days exactly; null when they do not. */
export function rollupMonths(filters: SummaryFilters, grain: PeriodGrain, bounds: DayBounds): { from?: string; to?: string } | null {
  if (grain === 'occurrence' || filters.servicePlanId || filters.regionIds?.length || filters.pointIds?.length) return null;
  return wholeMonths(bounds);
}

/**
 * SQL conditions on the roll-up row `alias` (store_id, month, and device_type_id unless it is a
 * point's row): the stores the filters and the scope allow, the months, the device types asked for.
 */
export function rollupConditions(
  scope: Scope,
  filters: SummaryFilters,
  months: { from?: string; to?: string },
  alias: string,
  params: SqlParams,
  deviceTypeColumn: string = `${alias}.device_type_id`,
): string[] {
  const conditions = visitStoreConditions(scope, filters, `${alias}.store_id`, params);
  if (months.from) conditions.push(`${alias}.month >= ${params.add(months.from)}::date`);
  if (months.to) conditions.push(`${alias}.month <= ${params.add(months.to)}::date`);
  if (filters.deviceTypeIds?.length) conditions.push(`${deviceTypeColumn} = any(${params.add(filters.deviceTypeIds)}::int[])`);
  return conditions;
}

/** SQL: the day text of a roll-up row's month, for periodSql. */
export const rollupDay = (alias: string) => `to_char(${alias}.month, 'YYYY-MM-DD')`;
