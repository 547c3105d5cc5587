import type { DayBounds, PeriodGrain } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import type { SqlParams } from '../db/sql-params.ts';
import { seesWholeOrganisations, type Scope } from '../scope.ts';
import { requireOrganisation, visitStoreConditions, type SummaryFilters } from './summary-filters.ts';

/**
 * The monthly roll-ups of the service records (migration 120): checks per store, device type and
 * month (service_check_months), catches per store, device type, pest and month
 * (service_catch_months), positive checks per point and month (service_point_positive_months).
 * A query reads them instead of the point checks when they hold its answer exactly: its days are
 * whole Beijing months, its periods are months or quarters, and it narrows no finer than a store,
 * a device type and a pest (a plan, a region or a point is read from the checks of those stores).
 * When the stores asked for are whole organisations (or their stores of some sales areas), the
 * same counts per organisation and area (migration 150) answer with a tenth of the rows or less.
 */

/** The first days of the first and last months of `bounds`, or null when a bound cuts a month. */
export function wholeMonths(bounds: DayBounds): { from?: string; to?: string } | null {
  if (bounds.from && !bounds.from.endsWith('-01')) return null;
  if (bounds.to && bounds.to !== lastDayOfMonth(bounds.to)) return null;
  return { from: bounds.from, to: bounds.to && `${bounds.to.slice(0, 7)}-01` };
}

/**
 * A range of days with both ends split into the whole months inside it (the roll-ups' part, as
 * their first days; null when it holds none) and the days before and after them (the edges, for
 * the checks): a year from today is eleven whole months and two cut ones.
 */
export function splitAtWholeMonths(bounds: { from: string; to: string }): { months: { from: string; to: string } | null; edges: { from: string; to: string }[] } {
  const firstWhole = bounds.from.endsWith('-01') ? bounds.from : nextMonth(bounds.from);
  const lastWhole = bounds.to === lastDayOfMonth(bounds.to) ? `${bounds.to.slice(0, 7)}-01` : previousMonth(bounds.to);
  if (firstWhole > lastWhole) return { months: null, edges: [bounds] };
  const edges = [];
  if (bounds.from < firstWhole) edges.push({ from: bounds.from, to: dayBefore(firstWhole) });
  if (lastWhole < `${bounds.to.slice(0, 7)}-01`) edges.push({ from: `${bounds.to.slice(0, 7)}-01`, to: bounds.to });
  return { months: { from: firstWhole, to: lastWhole }, edges };
}

/** The first day of the month after `day`'s, and of the month before. */
const nextMonth = (day: string) => monthStart(day, 1);
const previousMonth = (day: string) => monthStart(day, -1);

function monthStart(day: string, offset: number): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + offset, 1)).toISOString().slice(0, 10);
}

function dayBefore(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - 1)).toISOString().slice(0, 10);
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
  return [...visitStoreConditions(scope, filters, `${alias}.store_id`, params), ...monthConditions(filters, months, alias, params, deviceTypeColumn)];
}

/** SQL conditions on the roll-up row `alias` for all but its store: the months, the device types asked for. */
export function monthConditions(
  filters: SummaryFilters,
  months: { from?: string; to?: string },
  alias: string,
  params: SqlParams,
  deviceTypeColumn: string = `${alias}.device_type_id`,
): string[] {
  const conditions: string[] = [];
  if (months.from) conditions.push(`${alias}.month >= ${params.add(months.from)}::date`);
  if (months.to) conditions.push(`${alias}.month <= ${params.add(months.to)}::date`);
  if (filters.deviceTypeIds?.length) conditions.push(`${deviceTypeColumn} = any(${params.add(filters.deviceTypeIds)}::int[])`);
  return conditions;
}

/** The checks and catches roll-ups to read, and the conditions on their row `alias`. */
export interface MonthRollups {
  checks: 'service_check_months' | 'service_organisation_check_months';
  catches: 'service_catch_months' | 'service_organisation_catch_months';
  conditions: string[];
}

/**
 * The roll-ups that answer these filters over these months: per organisation and area when the
 * stores they select are whole organisations' (`organisationRollups`), else per store. Decided
 * once (it looks the customers up); the conditions are written where a query needs them.
 */
export async function monthRollups(
  db: Queryable,
  scope: Scope,
  filters: SummaryFilters,
  months: { from?: string; to?: string },
): Promise<(alias: string, params: SqlParams) => MonthRollups> {
  const organisations = await organisationRollups(db, scope, requireOrganisation(filters), filters);
  if (!organisations) {
    return (alias, params) => ({ checks: 'service_check_months', catches: 'service_catch_months', conditions: rollupConditions(scope, filters, months, alias, params) });
  }
  return (alias, params) => ({
    checks: 'service_organisation_check_months',
    catches: 'service_organisation_catch_months',
    conditions: [...organisations(alias, params), ...monthConditions(filters, months, alias, params)],
  });
}

/**
 * Whether the organisation roll-ups select exactly the stores in scope under `customerIds` (null:
 * under any) matching the filters: every customer asked for is an organisation, the scope sees
 * whole organisations, and the filters narrow stores by their sales area only. Then the SQL
 * conditions on such a row `alias` (organisation_id, area_id); else null.
 */
export async function organisationRollups(
  db: Queryable,
  scope: Scope,
  customerIds: readonly number[] | null,
  filters: Pick<SummaryFilters, 'provinceId' | 'cityId' | 'districtId' | 'contactNameList' | 'areaId' | 'areaIds'>,
): Promise<((alias: string, params: SqlParams) => string[]) | null> {
  if (filters.provinceId || filters.cityId || filters.districtId || filters.contactNameList?.length) return null;
  const seen = seesWholeOrganisations(scope);
  if (!seen) return null;
  const asked = [...new Set([...(customerIds ?? []), ...(seen.organisationId ? [seen.organisationId] : [])])];
  if (asked.length > 0) {
    const [tops] = await db.query<{ n: number }>('select count(*)::int as n from customers where id = any($1::int[]) and parent_id is null', [asked]);
    if (tops!.n !== asked.length) return null;
  }
  return (alias, params) => {
    const conditions = customerIds ? [`${alias}.organisation_id = any(${params.add(customerIds)}::int[])`] : [];
    if (seen.organisationId) conditions.push(`${alias}.organisation_id = ${params.add(seen.organisationId)}`);
    for (const areas of [seen.areaIds, filters.areaIds, filters.areaId ? [filters.areaId] : undefined]) {
      if (areas?.length) conditions.push(`${alias}.area_id = any(${params.add(areas)}::int[])`);
    }
    return conditions;
  };
}

/** SQL: the day text of a roll-up row's month, for periodSql. */
export const rollupDay = (alias: string) => `to_char(${alias}.month, 'YYYY-MM-DD')`;
