import type { PointCheckRow, PointCheckTab, TextLanguage } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope, type Scope } from '../scope.ts';
import { sheetRow, sheetTotalRow, type CheckRecord, type Reading, type Sheet } from './point-check-sheet.ts';

/** The device types checked on a job order in scope, one tab (sheet) each; [] otherwise. */
export function sheetTabs(db: Queryable, scope: Scope, jobOrderId: number): Promise<PointCheckTab[]> {
  const params = new SqlParams();
  return db.query<PointCheckTab>(
    `select t.id as "deviceTypeId", t.name as "deviceTypeName", j.id as "sheetId"
     from job_orders j
     join point_checks c on c.job_order_id = j.id
     join points pt on pt.id = c.point_id
     join device_types t on t.id = pt.device_type_id
     where j.id = ${params.add(jobOrderId)} and ${inScope(scope, 'j.customer_id', params)}
     group by t.id, t.name, j.id
     order by t.id`,
    params.values,
  );
}

/** One page of a sheet's rows by point code, how many rows it has, and its 合计 row. */
export async function sheetPage(
  db: Queryable,
  sheet: Sheet,
  { current, size }: { current: number; size: number },
  language: TextLanguage,
): Promise<{ total: number; records: PointCheckRow[]; totalRow: PointCheckRow }> {
  const [[count], checks, totals] = await Promise.all([
    db.query<{ total: number }>(
      `select count(*) as total from point_checks c join points pt on pt.id = c.point_id
       where c.job_order_id = $1 and pt.device_type_id = $2`,
      [sheet.jobOrderId, sheet.deviceTypeId],
    ),
    readChecks(db, sheet, { offset: (current - 1) * size, limit: size }),
    db.query<Reading>(
      `select v.metric, v.pest_id as "pestId", sum(v.value) as value
       from point_check_values v join points pt on pt.id = v.point_id
       where v.job_order_id = $1 and pt.device_type_id = $2
       group by v.metric, v.pest_id`,
      [sheet.jobOrderId, sheet.deviceTypeId],
    ),
  ]);
  return { total: count!.total, records: checks.map((check) => sheetRow(sheet, check, language)), totalRow: sheetTotalRow(sheet, totals, language) };
}

/**
 * The sheet's rows from `offset`, at most `limit`, read `batchSize` at a time so an export's
 * memory does not grow with the sheet. After the first batch each one continues after the last
 * point code read, down the plan's (plan, code) index, instead of sorting past an ever larger
 * offset. `beforeBatch` runs before each read: an export waits there for its reader to catch up.
 * Words (bait grade, condition) in `language`.
 */
export async function* sheetRowBatches(
  db: Queryable,
  sheet: Sheet,
  { offset, limit, batchSize, beforeBatch, language }: { offset: number; limit: number; batchSize: number; beforeBatch(): Promise<void>; language: TextLanguage },
): AsyncGenerator<PointCheckRow> {
  let left = limit;
  let afterCode: string | undefined;
  while (left > 0) {
    await beforeBatch();
    const size = Math.min(batchSize, left);
    const batch = await readChecks(db, sheet, afterCode === undefined ? { offset, limit: size } : { afterCode, limit: size });
    for (const check of batch) yield sheetRow(sheet, check, language);
    if (batch.length < size) return;
    left -= batch.length;
    afterCode = batch.at(-1)!.pointCode;
  }
}

type Window = { offset: number; limit: number } | { afterCode: string; limit: number };

/**
 * Checks of the sheet in point-code order, with their readings. A job order checks the points of
 * its plan, where codes are unique: the code alone orders the rows, as the (plan, code) index does.
 */
async function readChecks(db: Queryable, sheet: Sheet, window: Window): Promise<CheckRecord[]> {
  const params = new SqlParams();
  const conditions = [`pt.plan_id = ${params.add(sheet.planId)}`, `pt.device_type_id = ${params.add(sheet.deviceTypeId)}`];
  if ('afterCode' in window) conditions.push(`pt.code > ${params.add(window.afterCode)}`);
  const offset = 'offset' in window ? `offset ${params.add(window.offset)}` : '';
  return db.query<CheckRecord>(
    `select pt.code as "pointCode", r.name as "regionName", d.device_no as "deviceNo", c.condition,
            coalesce((select json_agg(json_build_object('metric', v.metric, 'pestId', v.pest_id, 'value', v.value))
                      from point_check_values v where v.job_order_id = c.job_order_id and v.point_id = c.point_id), '[]') as readings
     from points pt
     join point_checks c on c.job_order_id = ${params.add(sheet.jobOrderId)} and c.point_id = pt.id
     join service_regions r on r.id = pt.region_id
     left join devices d on d.id = pt.device_id
     where ${conditions.join(' and ')}
     order by pt.code
     limit ${params.add(window.limit)} ${offset}`,
    params.values,
  );
}
