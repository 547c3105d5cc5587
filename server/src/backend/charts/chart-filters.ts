import { CHINA_TIME_ZONE, ChartDateError, chartDayBounds, ChartMessages, type DayBounds, type PeriodGrain, type StoreNarrowingFields } from '@pest/shared';
import type { SqlParams } from '../db/sql-params.ts';
import { ApiError } from '../envelope.ts';
import { DeviceCondition, Metric } from '../common/check-vocabulary.ts';
import { pestCondition, pointConditions, visitConditions, type SummaryFilters } from '../common/summary-filters.ts';
import type { Scope } from '../scope.ts';

/** The store filters every chart of point checks takes (StoreFilterFields, shared/src/contract/charts/chart-fields.ts). */
export type StoreChartFilters = Pick<
  SummaryFilters,
  | 'customerId' | 'customerIds' | keyof typeof StoreNarrowingFields
  | 'servicePlanId' | 'regionIds' | 'deviceTypeIds' | 'pointIds' | 'petIds' | 'startTime' | 'endTime'
>;

/** A request's day bounds as real dates, or the 400 the contract promises. */
export function requestDayBounds(startTime: string | undefined, endTime: string | undefined): DayBounds {
  try {
    return chartDayBounds(startTime, endTime);
  } catch (error) {
    if (error instanceof ChartDateError) throw new ApiError(400, ChartMessages[error.reason]);
    throw error;
  }
}

/** The Beijing service day of a job order `j`, 'yyyy-MM-dd'. */
export const SERVICE_DAY = `to_char(j.started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM-DD')`;

/** SQL: the chart period key of the day text in `day` (see rules/chartPeriods.ts for the keys). */
export function periodSql(grain: PeriodGrain, day: string): string {
  if (grain === 'month') return `substr(${day}, 1, 7)`;
  if (grain === 'quarter') return `substr(${day}, 1, 4) || '-Q' || ((substr(${day}, 6, 2)::int + 2) / 3)`;
  return day;
}

/**
 * A `checks` CTE: the point checks under the store filters (in scope, an organisation required,
 * visits within the real day bounds), with the store, point, device type, region and service
 * day of each. A missing device was not checked.
 */
export function chartChecksCte(scope: Scope, filters: StoreChartFilters, bounds: DayBounds, params: SqlParams): string {
  const conditions = [
    ...visitConditions(scope, { ...filters, startTime: bounds.from, endTime: bounds.to }, params),
    ...pointConditions('pt', filters, params),
    `c.condition <> ${DeviceCondition.missing}`,
  ];
  return `checks as (
    select c.job_order_id, c.point_id, j.customer_id, pt.device_type_id, pt.region_id, ${SERVICE_DAY} as day
    from point_checks c join job_orders j on j.id = c.job_order_id join points pt on pt.id = c.point_id
    where ${conditions.join(' and ')}
  )`;
}

/** SQL: the catch readings of the check `ch` (of the pests asked for, if any), as `v`. */
export function catchesJoin(filters: StoreChartFilters, params: SqlParams, join: 'join' | 'left join' = 'join'): string {
  return `${join} point_check_values v on v.job_order_id = ch.job_order_id and v.point_id = ch.point_id
    and v.metric = '${Metric.catch}' and ${pestCondition('v', filters, params)}`;
}

/** SQL condition: the check `alias` caught something (of the pests asked for, if any): a positive check. */
export function positiveCheckSql(alias: string, filters: StoreChartFilters, params: SqlParams): string {
  return `exists (select 1 from point_check_values v where v.job_order_id = ${alias}.job_order_id and v.point_id = ${alias}.point_id
    and v.metric = '${Metric.catch}' and ${pestCondition('v', filters, params)})`;
}

/** SQL: the top-level service region of the region in `column` (regions are two levels deep). */
export const topRegionSql = (column: string) => `(select coalesce(r.parent_id, r.id) from service_regions r where r.id = ${column})`;
