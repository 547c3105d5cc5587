import type { SqlParams } from '../db/sql-params.ts';

/** Filters the console's forms put on stores; each one given narrows the result. */
export interface StoreFilters {
  name?: string;
  provinceId?: number;
  cityId?: number;
  districtId?: number;
  areaId?: number;
  areaIds?: number[];
  contactNameList?: string[];
}

/** SQL conditions on the store row `alias` for the filters given; empty values are absent (spec section 5). */
export function storeConditions(alias: string, filters: StoreFilters, params: SqlParams): string[] {
  const conditions: string[] = [];
  if (filters.name) conditions.push(`strpos(lower(${alias}.name), lower(${params.add(filters.name)})) > 0`);
  if (filters.provinceId) conditions.push(`${alias}.province_id = ${params.add(filters.provinceId)}`);
  if (filters.cityId) conditions.push(`${alias}.city_id = ${params.add(filters.cityId)}`);
  if (filters.districtId) conditions.push(`${alias}.district_id = ${params.add(filters.districtId)}`);
  if (filters.areaId) conditions.push(`${alias}.area_id = ${params.add(filters.areaId)}`);
  if (filters.areaIds?.length) conditions.push(`${alias}.area_id = any(${params.add(filters.areaIds)}::int[])`);
  const contacts = contactCondition(alias, filters.contactNameList, params);
  if (contacts) conditions.push(contacts);
  return conditions;
}

/**
 * SQL condition: the customer `alias` has, in its subtree (itself included), a store one of
 * whose contacts is named in the list; null when no names are given.
 */
export function contactCondition(alias: string, names: string[] | undefined, params: SqlParams): string | null {
  if (!names?.length) return null;
  // The ancestors of the matching stores, found once, rather than a subtree search per row.
  return `${alias}.id in (
    select unnest(cs.path) from contacts k join customers cs on cs.id = k.customer_id
    where k.name = any(${params.add(names)}::text[]))`;
}

/**
 * SQL condition: the store id in `column` is one of `customerIds` or below one (an organisation or
 * a group stands for its stores), as the shared filter form's organisation/store picker gives them.
 */
export function underCustomers(column: string, customerIds: readonly number[], params: SqlParams): string {
  return `${column} in (select id from customers where path && ${params.add(customerIds)}::int[])`;
}
