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

/** Months as the roll-ups key them (first days), either end open. */
export interface MonthRange {
  from?: string;
  to?: string;
}

/** Days with both ends, as a range's edges and the day roll-ups (migration 190) have them. */
export interface DayRange {
  from: string;
  to: string;
}

/** The first days of the first and last months of `bounds`, or null when a bound cuts a month. */
export function wholeMonths(bounds: DayBounds): MonthRange | null {
  const { months, edges } = splitAtWholeMonths(bounds);
  return edges.length === 0 ? months : null;
}

/**
 * A range of days split into the whole months inside it (the roll-ups' part, as their first days;
 * null when it holds none) and the days before and after them (the edges, for the checks): a year
 * from today is eleven whole months and two cut ones. An open end stays open and has no edge.
 */
export function splitAtWholeMonths(bounds: DayBounds): { months: MonthRange | null; edges: DayRange[] } {
  const firstWhole = bounds.from && (bounds.from.endsWith('-01') ? bounds.from : nextMonth(bounds.from));
  const lastWhole = bounds.to && (bounds.to === lastDayOfMonth(bounds.to) ? monthOf(bounds.to) : previousMonth(bounds.to));
  if (firstWhole && lastWhole && firstWhole > lastWhole) return { months: null, edges: [{ from: bounds.from!, to: bounds.to! }] };
  const edges = [];
  if (bounds.from && firstWhole && bounds.from < firstWhole) edges.push({ from: bounds.from, to: dayBefore(firstWhole) });
  if (bounds.to && lastWhole && lastWhole < monthOf(bounds.to)) edges.push({ from: monthOf(bounds.to), to: bounds.to });
  return { months: { from: firstWhole, to: lastWhole }, edges };
}

const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
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

/** Whether the roll-ups hold these filters' figures at this grain, for whole months. */
function rollupsAnswer(filters: Pick<SummaryFilters, 'servicePlanId' | 'regionIds' | 'pointIds'>, grain: PeriodGrain): boolean {
  return grain !== 'occurrence' && !filters.servicePlanId && !filters.regionIds?.length && !filters.pointIds?.length;
}

/** `bounds` split at whole months when the roll-ups answer these filters at this grain; null when they do not. */
export function rollupSplit(
  filters: Pick<SummaryFilters, 'servicePlanId' | 'regionIds' | 'pointIds'>,
  grain: PeriodGrain,
  bounds: DayBounds,
): ReturnType<typeof splitAtWholeMonths> | null {
  return rollupsAnswer(filters, grain) ? splitAtWholeMonths(bounds) : null;
}

/** Whether the roll-ups answer these filters at this grain over these days exactly; null when they do not. */
export function rollupMonths(filters: SummaryFilters, grain: PeriodGrain, bounds: DayBounds): MonthRange | null {
  return rollupsAnswer(filters, grain) ? wholeMonths(bounds) : null;
}

/**
 * SQL of a chart's rows over the days `bounds`, for the caller to add up per key: from the monthly
 * roll-ups (`fromRollups`) for the whole months inside, and for the days around them (a range from
 * a day to a day cuts its first and last months) from the day roll-ups (`fromDayRollups`, where a
 * chart has such SQL) or else the checks (`fromChecks`), union all; from the checks alone when the
 * roll-ups cannot answer these filters. Each part is a whole query with the same columns.
 */
export async function overDays(
  filters: Pick<SummaryFilters, 'servicePlanId' | 'regionIds' | 'pointIds'>,
  grain: PeriodGrain,
  bounds: DayBounds,
  fromRollups: (months: MonthRange) => string | Promise<string>,
  fromChecks: (days: DayBounds) => string,
  fromDayRollups?: (days: DayRange) => string | Promise<string>,
): Promise<string> {
  const split = rollupSplit(filters, grain, bounds);
  if (!split || (!split.months && !fromDayRollups)) return fromChecks(bounds);
  const edges = await Promise.all(split.edges.map(async (days) => (fromDayRollups ?? fromChecks)(days)));
  const parts = [...(split.months ? [await fromRollups(split.months)] : []), ...edges];
  return parts.map((sql) => `select * from (${sql}) part`).join(' union all ');
}

/** SQL conditions on the day roll-up row `alias` (migration 190) for all but its store: the days, the device types asked for. */
export function dayConditions(filters: Pick<SummaryFilters, 'deviceTypeIds'>, days: DayRange, alias: string, params: SqlParams): string[] {
  return [
    `${alias}.day >= ${params.add(days.from)}::date`,
    `${alias}.day <= ${params.add(days.to)}::date`,
    ...(filters.deviceTypeIds?.length ? [`${alias}.device_type_id = any(${params.add(filters.deviceTypeIds)}::int[])`] : []),
  ];
}

/** SQL conditions on the day roll-up row `alias` (migration 190): the stores the filters and the scope allow, the days, the device types asked for. */
export function dayRollupConditions(scope: Scope, filters: SummaryFilters, days: DayRange, alias: string, params: SqlParams): string[] {
  return [...visitStoreConditions(scope, filters, `${alias}.store_id`, params), ...dayConditions(filters, days, alias, params)];
}

/**
 * SQL conditions on the roll-up row `alias` (store_id, month, and device_type_id unless it is a
 * point's row): the stores the filters and the scope allow, the months, the device types asked for.
 */
export function rollupConditions(
  scope: Scope,
  filters: SummaryFilters,
  months: MonthRange,
  alias: string,
  params: SqlParams,
  deviceTypeColumn: string = `${alias}.device_type_id`,
): string[] {
  return [...visitStoreConditions(scope, filters, `${alias}.store_id`, params), ...monthConditions(filters, months, alias, params, deviceTypeColumn)];
}

/** SQL conditions on the roll-up row `alias` for all but its store: the months, the device types asked for. */
export function monthConditions(
  filters: SummaryFilters,
  months: MonthRange,
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

/** The same per day (migrations 190 and 240). */
export interface DayRollups {
  checks: 'service_check_days' | 'service_organisation_check_days';
  catches: 'service_catch_days' | 'service_organisation_catch_days';
  conditions: string[];
}

/** The checks and catches roll-ups that answer a query's filters, over whole months and over days. */
export interface CheckRollups {
  /** Whether they are the rows per organisation and area (else per store). */
  perOrganisation: boolean;
  months(months: MonthRange, alias: string, params: SqlParams): MonthRollups;
  days(days: DayRange, alias: string, params: SqlParams): DayRollups;
}

/** checkRollups looked up on first use only: a query the checks alone answer needs no lookup. */
export function lazyCheckRollups(db: Queryable, scope: Scope, filters: SummaryFilters): () => Promise<CheckRollups> {
  let lookup: Promise<CheckRollups> | undefined;
  return () => (lookup ??= checkRollups(db, scope, filters));
}

/**
 * The roll-ups that answer these filters: per organisation and area (migrations 150 and 240) when
 * the stores they select are whole organisations' (`organisationRollups`), else per store. Decided
 * once (it looks the customers up); the conditions are written where a query needs them.
 */
export async function checkRollups(db: Queryable, scope: Scope, filters: SummaryFilters): Promise<CheckRollups> {
  const organisations = await organisationRollups(db, scope, requireOrganisation(filters), filters);
  if (!organisations) {
    return {
      perOrganisation: false,
      months: (months, alias, params) => ({ checks: 'service_check_months', catches: 'service_catch_months', conditions: rollupConditions(scope, filters, months, alias, params) }),
      days: (days, alias, params) => ({ checks: 'service_check_days', catches: 'service_catch_days', conditions: dayRollupConditions(scope, filters, days, alias, params) }),
    };
  }
  return {
    perOrganisation: true,
    months: (months, alias, params) => ({
      checks: 'service_organisation_check_months',
      catches: 'service_organisation_catch_months',
      conditions: [...organisations(alias, params), ...monthConditions(filters, months, alias, params)],
    }),
    days: (days, alias, params) => ({
      checks: 'service_organisation_check_days',
      catches: 'service_organisation_catch_days',
      conditions: [...organisations(alias, params), ...dayConditions(filters, days, alias, params)],
    }),
  };
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

/** SQL: the day text of a day roll-up row, for periodSql. */
export const rollupDayOfDay = (alias: string) => `to_char(${alias}.day, 'YYYY-MM-DD')`;
