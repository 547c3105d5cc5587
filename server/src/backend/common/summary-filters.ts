import { ApiMessages, type SummaryHeaderBody } from '@pest/shared';
import { storeConditions } from './store-filters.ts';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { ApiError } from '../envelope.ts';
import { DeviceCondition } from './check-vocabulary.ts';
import { sqlTimeRange } from './service-time.ts';
import { inScope, type Scope } from '../scope.ts';

/** The filters every summary takes (the shared filter form plus the visit period). */
export type SummaryFilters = SummaryHeaderBody;

/** The organisations or stores asked for; a summary without any is refused, as the console refuses to send it. */
export function requireOrganisation(filters: SummaryFilters): number[] {
  const ids = [...(filters.customerId ? [filters.customerId] : []), ...(filters.customerIds ?? [])];
  if (ids.length === 0) throw new ApiError(400, ApiMessages.organisationRequired);
  return ids;
}

/**
 * SQL conditions on the job order `j`: in scope, at a store in the subtree of a customer asked
 * for (an organisation, a group or a store) that matches the store-narrowing fields (area,
 * region, contacts), on the plan asked for, started within the period. `stores`, when given, are
 * those stores already looked up (`selectedStores`), matched in `storeColumn` (a row of the visit
 * that names its store, such as a risk's customer_id, lets its own index narrow first).
 */
export function visitConditions(scope: Scope, filters: SummaryFilters, params: SqlParams, stores?: readonly number[], storeColumn = 'j.customer_id'): string[] {
  const conditions = [
    ...(stores ? [`${storeColumn} = any(${params.add(stores)}::int[])`] : visitStoreConditions(scope, filters, 'j.customer_id', params)),
    ...sqlTimeRange('j.started_at', filters.realityStartTime ?? filters.startTime, filters.realityEndTime ?? filters.endTime, params),
  ];
  if (filters.servicePlanId) conditions.push(`j.plan_id = ${params.add(filters.servicePlanId)}`);
  return conditions;
}

/** SQL conditions on the store id in `column` (a job order's or a roll-up's): in scope, under a customer asked for, matching the store-narrowing fields. */
export function visitStoreConditions(scope: Scope, filters: SummaryFilters, column: string, params: SqlParams): string[] {
  const stores = storeConditions('st', filters, params);
  return [
    inScope(scope, column, params),
    `${column} in (select id from customers where path && ${params.add(requireOrganisation(filters))}::int[])`,
    ...(stores.length ? [`${column} in (select st.id from customers st where ${stores.join(' and ')})`] : []),
  ];
}

/**
 * The ids of the stores `visitStoreConditions` select. Given to a query as an array, whose size
 * the planner knows, where it estimated the subqueries on the customers' paths (a scope's and the
 * customers asked for, each `path` && or @> an array) at one row together: PGlite then ran the
 * risk summary's whole join once per store of an organisation, 1.2 s where 50 ms would do.
 */
export async function selectedStores(db: Queryable, scope: Scope, filters: SummaryFilters): Promise<number[]> {
  const params = new SqlParams();
  const rows = await db.query<{ id: number }>(
    `select s.id from customers s where ${visitStoreConditions(scope, filters, 's.id', params).join(' and ')}`,
    params.values,
  );
  return rows.map((row) => row.id);
}

/** SQL condition: the service region in `column` is one asked for or below one (a top-level region stands for its sub-areas). */
export function regionCondition(column: string, regionIds: number[] | undefined, params: SqlParams): string[] {
  if (!regionIds?.length) return [];
  const ids = params.add(regionIds);
  return [`${column} in (select id from service_regions where id = any(${ids}::int[]) or parent_id = any(${ids}::int[]))`];
}

/** SQL conditions on the point `pt`: its region, device type and the points asked for. */
export function pointConditions(alias: string, filters: SummaryFilters, params: SqlParams): string[] {
  const conditions = regionCondition(`${alias}.region_id`, filters.regionIds, params);
  if (filters.deviceTypeIds?.length) conditions.push(`${alias}.device_type_id = any(${params.add(filters.deviceTypeIds)}::int[])`);
  if (filters.pointIds?.length) conditions.push(`${alias}.id = any(${params.add(filters.pointIds)}::int[])`);
  return conditions;
}

/** SQL condition on a catch reading `v`: of a pest asked for, when pests are asked for. */
export function pestCondition(alias: string, filters: SummaryFilters, params: SqlParams): string {
  return filters.petIds?.length ? `${alias}.pest_id = any(${params.add(filters.petIds)}::int[])` : 'true';
}

/**
 * A `checks` CTE: the point checks the pest and device-type summaries count, with the store and
 * device type of each. A missing device could not be checked (its sheet row is empty), so it is
 * not a checked point.
 */
export function checksCte(scope: Scope, filters: SummaryFilters, params: SqlParams): string {
  const conditions = [...visitConditions(scope, filters, params), ...pointConditions('pt', filters, params), `c.condition <> ${DeviceCondition.missing}`];
  return `checks as (
    select c.job_order_id, c.point_id, j.customer_id, pt.device_type_id
    from point_checks c join job_orders j on j.id = c.job_order_id join points pt on pt.id = c.point_id
    where ${conditions.join(' and ')}
  )`;
}
