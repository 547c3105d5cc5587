import type { Writable } from 'node:stream';
import { RISK_STATUS_LABELS, RiskStatus, type RiskSummaryBody, type RiskSummaryRow, type TableHeaderNode } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import type { XlsxExport } from '../exports/xlsx-export.ts';
import type { Scope } from '../scope.ts';
import { riskSummaryRows } from './risk-summary-queries.ts';
import { selectedStores } from '../common/summary-filters.ts';
import type { RiskAgeing } from '../common/risk-ageing-sql.ts';
import { drained } from '../exports/drained.ts';

/** Risk rows read per query: a few hundred kilobytes in memory at a time. */
const BATCH_SIZE = 2_000;

/** The risk summary's columns, in the console table's order; photos are links. */
export const RISK_SUMMARY_HEADER: TableHeaderNode[] = [
  { prop: 'customerCode', name: '门店编号' },
  { prop: 'customerName', name: '门店名称' },
  { prop: 'customerAddress', name: '门店地址' },
  { prop: 'serviceStaff', name: '服务人员' },
  { prop: 'realityStartTime', name: '实际开始时间' },
  { prop: 'realityEndTime', name: '实际结束时间' },
  { prop: 'regionName', name: '区域' },
  { prop: 'pointName', name: '点位' },
  { prop: 'status', name: '风险状态' },
  { prop: 'riskType', name: '风险类型' },
  { prop: 'issueDesc', name: '问题描述' },
  { prop: 'pestName', name: '目标害虫' },
  { prop: 'advice', name: '整改建议' },
  { prop: 'followUpMeasure', name: '跟进措施' },
  { prop: 'location', name: '具体位置' },
  { prop: 'followUpType', name: '跟进方' },
  { prop: 'grade', name: '风险等级' },
  { prop: 'ageing', name: '风险时长' },
  { prop: 'picturesList', name: '整改前照片' },
  { prop: 'rectifyPicturesList', name: '整改后照片' },
];

/**
 * The page `current`/`size` of the risk summary (the console sends size = total) as a sheet:
 * status in words, photos one per line as `photoLink` makes them (absolute links that work from
 * the file), read in batches that wait for the download (`output`) to keep up.
 */
export function riskSummarySheet(
  db: Queryable,
  scope: Scope,
  { current, size, ...filters }: RiskSummaryBody,
  ageing: RiskAgeing,
  photoLink: (path: string) => string,
  output: Writable,
): XlsxExport {
  async function* rows() {
    const stores = await selectedStores(db, scope, filters);
    const start = (current - 1) * size;
    for (let offset = start; offset < start + size; offset += BATCH_SIZE) {
      await drained(output);
      const limit = Math.min(BATCH_SIZE, start + size - offset);
      const batch = await riskSummaryRows(db, scope, filters, ageing, stores, { offset, limit });
      for (const row of batch) yield exportedRisk(row, photoLink);
      if (batch.length < limit) return;
    }
  }
  return { sheetName: '风险汇总', header: RISK_SUMMARY_HEADER, rows: rows() };
}

function exportedRisk(row: RiskSummaryRow, photoLink: (path: string) => string): Record<string, unknown> {
  return {
    ...row,
    status: RISK_STATUS_LABELS[row.status as RiskStatus] ?? row.status,
    ageing: ageingText(row),
    picturesList: row.picturesList.map(photoLink),
    rectifyPicturesList: row.rectifyPicturesList.map(photoLink),
  };
}

/** 整改用时 3 天 for a risk put right; 已开 12 天（超期） for an open one past its grade's days. */
export function ageingText(row: Pick<RiskSummaryRow, 'status' | 'ageDays' | 'overdue'>): string {
  if (row.status === RiskStatus.rectified) return `整改用时 ${row.ageDays} 天`;
  return `已开 ${row.ageDays} 天${row.overdue ? '（超期）' : ''}`;
}
