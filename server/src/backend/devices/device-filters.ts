import type { DeviceFilters } from '@pest/shared';
import type { SqlParams } from '../db/sql-params.ts';
import { inScope, type Scope } from '../scope.ts';

/** SQL condition on a devices row `d`: not retired. A retired device (设备停用) keeps its history and leaves the lists and counts. */
export const IN_SERVICE = 'd.retired_at is null';

/**
 * SQL conditions on a device row `d` (devices) for the device list's filters, always within the
 * scope. `customerIds` name stores or any node above them (its stores are included); `areaIds`
 * the sales areas of the stores.
 */
export function deviceConditions(scope: Scope, filters: DeviceFilters | undefined, params: SqlParams): string[] {
  const conditions = [inScope(scope, 'd.customer_id', params)];
  if (!filters) return conditions;
  const name = filters.name?.trim();
  if (name) conditions.push(nameCondition(name, params));
  if (filters.deviceType !== undefined) {
    conditions.push(`d.device_type_id in (select id from device_types where smart_kind = ${params.add(filters.deviceType)})`);
  }
  if (filters.status !== undefined) conditions.push(`d.status = ${params.add(filters.status)}`);
  if (filters.remainingPower !== undefined) conditions.push(`d.remaining_power <= ${params.add(filters.remainingPower)}`);
  if (filters.customerIds?.length) {
    conditions.push(`d.customer_id in (select id from customers where path && ${params.add(filters.customerIds)}::int[])`);
  }
  if (filters.areaIds?.length) {
    conditions.push(`d.customer_id in (select id from customers where area_id = any(${params.add(filters.areaIds)}::int[]))`);
  }
  if (filters.hasUnHandleAlarm !== undefined) conditions.push(`d.has_unhandled_alarm = ${params.add(filters.hasUnHandleAlarm)}`);
  return conditions;
}

/** The columns a keyword matches (migration 230's search_text), each case-insensitively. */
function nameCondition(name: string, params: SqlParams): string {
  // The separator inside search_text could join two columns into one match: then column by column.
  if (name.includes(SEARCH_TEXT_SEPARATOR)) {
    const pattern = params.add(`%${escapeLike(name)}%`);
    return `(d.name ilike ${pattern} or d.code ilike ${pattern} or d.device_no ilike ${pattern} or d.imei ilike ${pattern})`;
  }
  return `d.search_text like lower(${params.add(`%${escapeLike(name)}%`)})`;
}
const SEARCH_TEXT_SEPARATOR = String.fromCharCode(31);

/** A search text taken literally by ILIKE: % and _ are not wildcards to the user. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
