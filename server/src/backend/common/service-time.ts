import { CHINA_TIME_ZONE } from '@pest/shared';
import type { SqlParams } from '../db/sql-params.ts';

// Service times are China's wall-clock times (CHINA_TIME_ZONE): generated in it, filtered and shown in
// it (console-spec section 9: yyyy-MM-dd HH:mm:ss), whatever the server's or database's zone.

/** SQL text `yyyy-MM-dd HH:mm:ss` of a timestamptz column; null stays null. */
export function sqlServiceTime(column: string): string {
  return `to_char(${column} at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM-DD HH24:MI:SS')`;
}

/**
 * SQL conditions for `column` in [from, to]. A bare date as `to` includes that whole day, as
 * the console's date pickers mean it.
 */
export function sqlTimeRange(column: string, from: string | undefined, to: string | undefined, params: SqlParams): string[] {
  const conditions: string[] = [];
  const local = (value: string) => `(${params.add(value)}::timestamp at time zone '${CHINA_TIME_ZONE}')`;
  if (from) conditions.push(`${column} >= ${local(from)}`);
  if (to) conditions.push(isBareDate(to) ? `${column} < ${local(to)} + interval '1 day'` : `${column} <= ${local(to)}`);
  return conditions;
}

const isBareDate = (value: string) => value.length === 'yyyy-MM-dd'.length;
