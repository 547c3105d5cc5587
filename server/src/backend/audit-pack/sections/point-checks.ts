import { PassThrough } from 'node:stream';
import { CHINA_TIME_ZONE, JobOrderState, type TableHeaderNode } from '@pest/shared';
import { Metric } from '../../common/check-vocabulary.ts';
import type { Queryable } from '../../db/db.ts';
import { drained } from '../../exports/drained.ts';
import { writeXlsxSheets, type XlsxExport } from '../../exports/xlsx-export.ts';
import { sheetRowBatches } from '../../job-orders/point-check-queries.ts';
import { sheetHeader, type Sheet } from '../../job-orders/point-check-sheet.ts';
import type { PackEntry } from '../pack-entry.ts';
import type { PackPeriod } from '../pack-period.ts';

/** Rows read per query, as the point-check export reads them. */
const BATCH_SIZE = 500;

interface Visit {
  id: number;
  planId: number;
  code: string;
  day: string;
}

/** A device type checked at the store in the period, with everything its sheets can show there. */
type PeriodSheet = Omit<Sheet, 'jobOrderId' | 'planId' | 'code'>;

const periodVisits = `select j.id from job_orders j where j.customer_id = $1 and j.state = '${JobOrderState.done}'
  and (j.started_at at time zone '${CHINA_TIME_ZONE}')::date between $2::date and $3::date`;

/** The device types checked at the store in the period; the pests of a type are every pest found on any of its sheets then. */
async function periodSheets(db: Queryable, storeId: number, period: PackPeriod): Promise<PeriodSheet[]> {
  return db.query<PeriodSheet>(
    `select t.id as "deviceTypeId", t.name as "deviceTypeName", t.smart_kind is not null as smart,
            array(select distinct m.metric from device_type_metrics m where m.device_type_id = t.id order by 1) as metrics,
            coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name) order by p.id) from pests p
                      where p.id in (select v.pest_id from point_check_values v join points pt on pt.id = v.point_id
                                     where v.job_order_id in (${periodVisits}) and pt.device_type_id = t.id and v.metric = '${Metric.catch}')), '[]') as pests
     from device_types t
     where exists (select 1 from point_checks c join points pt on pt.id = c.point_id where c.job_order_id in (${periodVisits}) and pt.device_type_id = t.id)
     order by t.id`,
    [storeId, period.startDate, period.endDate],
  );
}

/** Every visit's checks of one device type, oldest visit first, each row led by the visit's day and code. */
async function* periodRows(db: Queryable, sheet: PeriodSheet, visits: readonly Visit[], output: PassThrough): AsyncGenerator<Record<string, unknown>> {
  for (const visit of visits) {
    const rows = sheetRowBatches(
      db,
      { ...sheet, jobOrderId: visit.id, planId: visit.planId, code: visit.code },
      // The audit pack is a Chinese document, whoever downloads it.
      { offset: 0, limit: Number.MAX_SAFE_INTEGER, batchSize: BATCH_SIZE, beforeBatch: () => drained(output), language: 'zh' },
    );
    for await (const row of rows) yield { day: visit.day, jobCode: visit.code, ...row };
  }
}

/** 04-点检记录.xlsx: all point checks of the period, one sheet per device type, with the point-check sheets' two-level headers. */
export function pointChecksEntry(db: Queryable, storeId: number, period: PackPeriod, name: string): PackEntry {
  return {
    section: 'pointChecks',
    name,
    open: async () => {
      const [sheets, visits] = await Promise.all([
        periodSheets(db, storeId, period),
        db.query<Visit>(
          `select j.id, j.plan_id as "planId", j.code, to_char(j.started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM-DD') as day
           from job_orders j where j.id in (${periodVisits}) order by j.started_at, j.id`,
          [storeId, period.startDate, period.endDate],
        ),
      ]);
      const output = new PassThrough();
      const leading: TableHeaderNode[] = [
        { prop: 'day', name: '服务日期' },
        { prop: 'jobCode', name: '工单编号' },
      ];
      const workbook: XlsxExport[] = sheets.map((sheet) => ({
        sheetName: sheet.deviceTypeName,
        header: [...leading, ...sheetHeader({ ...sheet, jobOrderId: 0, planId: 0, code: '' }, 'zh')],
        rows: periodRows(db, sheet, visits, output),
      }));
      if (workbook.length === 0) workbook.push({ sheetName: '点检记录', header: leading, rows: [] });
      writeXlsxSheets(output, workbook).catch((error: Error) => output.destroy(error));
      return output;
    },
  };
}
