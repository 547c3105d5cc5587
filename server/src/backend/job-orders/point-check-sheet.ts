import { tableText, type PointCheckRow, type TableHeaderNode, type TableTextId, type TextLanguage } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope, type Scope } from '../scope.ts';
import { baitLevel, DEVICE_CONDITION_TEXTS, DeviceCondition, Metric } from '../common/check-vocabulary.ts';

/**
 * A point-check sheet: the checks of one device type on one job order (sheetId is the job
 * order's id). Its columns follow what the device type records (device_type_metrics) and, for
 * catches, the pests found on this sheet.
 */
export interface Sheet {
  jobOrderId: number;
  /** The job order's plan: the points it checks. */
  planId: number;
  code: string;
  deviceTypeId: number;
  deviceTypeName: string;
  /** A smart device has a device number to show. */
  smart: boolean;
  metrics: Metric[];
  /** Pests caught on this sheet, by id. */
  pests: { id: number; name: string }[];
}

/** The sheet of a job order in scope and a device type checked on it; null otherwise. */
export async function findSheet(db: Queryable, scope: Scope, sheetId: number, deviceTypeId: number): Promise<Sheet | null> {
  const params = new SqlParams();
  const [sheet] = await db.query<Sheet>(
    `select j.id as "jobOrderId", j.plan_id as "planId", j.code, t.id as "deviceTypeId", t.name as "deviceTypeName", t.smart_kind is not null as smart,
            array(select distinct m.metric from device_type_metrics m where m.device_type_id = t.id order by 1) as metrics,
            coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name) order by p.id) from pests p
                      where p.id in (select v.pest_id from point_check_values v join points pt on pt.id = v.point_id
                                     where v.job_order_id = j.id and pt.device_type_id = t.id and v.metric = '${Metric.catch}')), '[]') as pests
     from job_orders j join device_types t on t.id = ${params.add(deviceTypeId)}
     where j.id = ${params.add(sheetId)} and ${inScope(scope, 'j.customer_id', params)}
       and exists (select 1 from point_checks c join points pt on pt.id = c.point_id
                   where c.job_order_id = j.id and pt.device_type_id = t.id)`,
    params.values,
  );
  return sheet ?? null;
}

/**
 * The two-level header: point, region (device number), then the readings the device type records,
 * then its condition; in `language`, but the pests' names as the catalogue has them.
 */
export function sheetHeader(sheet: Sheet, language: TextLanguage): TableHeaderNode[] {
  const text = (id: TableTextId) => tableText(id, language);
  const header: TableHeaderNode[] = [
    { prop: 'pointCode', name: text('pointCode') },
    { prop: 'regionName', name: text('region') },
  ];
  if (sheet.smart) header.push({ prop: 'deviceNo', name: text('deviceNo') });
  if (sheet.metrics.includes(Metric.trigger)) header.push({ prop: 'trigger', name: text('triggers') });
  if (sheet.metrics.includes(Metric.catch)) {
    header.push({
      prop: 'catch',
      name: text('catches'),
      child: [...sheet.pests.map((pest) => ({ prop: pestProp(pest.id), name: pest.name })), { prop: 'catchTotal', name: text('subtotal') }],
    });
  }
  if (sheet.metrics.includes(Metric.bait)) {
    header.push({
      prop: 'bait',
      name: text('baitConsumption'),
      child: [
        { prop: 'baitLevel', name: text('baitLevel') },
        { prop: 'baitPercent', name: text('baitPercent') },
      ],
    });
  }
  header.push({ prop: 'condition', name: text('deviceCondition') });
  return header;
}

const pestProp = (pestId: number) => `pest${pestId}`;

/** A check as the queries read it; readings only when not zero. */
export interface CheckRecord {
  pointCode: string;
  regionName: string;
  deviceNo: string | null;
  condition: DeviceCondition;
  readings: Reading[];
}

export interface Reading {
  metric: Metric;
  pestId: number | null;
  value: number;
}

/**
 * A sheet row keyed by the header's leaves: zero where nothing was found, empty where the device
 * could not be checked; the bait grade and the condition in `language`.
 */
export function sheetRow(sheet: Sheet, check: CheckRecord, language: TextLanguage): PointCheckRow {
  const row: PointCheckRow = { pointCode: check.pointCode, regionName: check.regionName };
  if (sheet.smart) row.deviceNo = check.deviceNo;
  const checked = check.condition !== DeviceCondition.missing;
  Object.assign(row, countColumns(sheet, (metric, pestId) => (checked ? sumReadings(check.readings, metric, pestId) : null)));
  if (sheet.metrics.includes(Metric.bait)) {
    const percent = checked ? sumReadings(check.readings, Metric.bait) : null;
    row.baitLevel = percent === null ? null : baitLevel(percent, language);
    row.baitPercent = percent;
  }
  row.condition = tableText(DEVICE_CONDITION_TEXTS[check.condition], language);
  return row;
}

/** The 合计 row from the sheet's reading totals: counts add up; bait shares and conditions do not. */
export function sheetTotalRow(sheet: Sheet, totals: Reading[], language: TextLanguage): PointCheckRow {
  return { pointCode: tableText('total', language), ...countColumns(sheet, (metric, pestId) => sumReadings(totals, metric, pestId)) };
}

function countColumns(sheet: Sheet, count: (metric: Metric, pestId?: number) => number | null): PointCheckRow {
  const columns: PointCheckRow = {};
  if (sheet.metrics.includes(Metric.trigger)) columns.trigger = count(Metric.trigger);
  if (sheet.metrics.includes(Metric.catch)) {
    for (const pest of sheet.pests) columns[pestProp(pest.id)] = count(Metric.catch, pest.id);
    columns.catchTotal = count(Metric.catch);
  }
  return columns;
}

/** The sum of the readings of a metric, of one pest when given. */
function sumReadings(readings: readonly Reading[], metric: Metric, pestId?: number): number {
  return readings.filter((r) => r.metric === metric && (pestId === undefined || r.pestId === pestId)).reduce((total, r) => total + r.value, 0);
}
