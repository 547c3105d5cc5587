import type { Writable } from 'node:stream';
import { RISK_STATUS_TEXTS, RiskStatus, tableText, type RiskSummaryBody, type RiskSummaryRow, type TableHeaderNode, type TableTextId, type TextLanguage } from '@pest/shared';
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
const RISK_SUMMARY_COLUMNS: readonly { prop: string; text: TableTextId }[] = [
  { prop: 'customerCode', text: 'storeCode' },
  { prop: 'customerName', text: 'storeName' },
  { prop: 'customerAddress', text: 'storeAddress' },
  { prop: 'serviceStaff', text: 'serviceStaff' },
  { prop: 'realityStartTime', text: 'serviceStart' },
  { prop: 'realityEndTime', text: 'serviceEnd' },
  { prop: 'regionName', text: 'region' },
  { prop: 'pointName', text: 'point' },
  { prop: 'status', text: 'riskStatus' },
  { prop: 'riskType', text: 'riskType' },
  { prop: 'issueDesc', text: 'issueDesc' },
  { prop: 'pestName', text: 'targetPest' },
  { prop: 'advice', text: 'advice' },
  { prop: 'followUpMeasure', text: 'followUpMeasure' },
  { prop: 'location', text: 'location' },
  { prop: 'followUpType', text: 'followUpBy' },
  { prop: 'grade', text: 'riskGrade' },
  { prop: 'ageing', text: 'riskAge' },
  { prop: 'picturesList', text: 'photosBefore' },
  { prop: 'rectifyPicturesList', text: 'photosAfter' },
];

export const riskSummaryHeader = (language: TextLanguage): TableHeaderNode[] =>
  RISK_SUMMARY_COLUMNS.map(({ prop, text }) => ({ prop, name: tableText(text, language) }));

/** The export's file name. */
export const riskSummaryFileName = (language: TextLanguage) => `${tableText('riskSummary', language)}.xlsx`;

/**
 * The page `current`/`size` of the risk summary (the console sends size = total) as a sheet:
 * header, status and age in words of `language`, photos one per line as `photoLink` makes them (absolute links that work from
 * the file), read in batches that wait for the download (`output`) to keep up.
 */
export function riskSummarySheet(
  db: Queryable,
  scope: Scope,
  { current, size, ...filters }: RiskSummaryBody,
  ageing: RiskAgeing,
  photoLink: (path: string) => string,
  language: TextLanguage,
  output: Writable,
): XlsxExport {
  async function* rows() {
    const stores = await selectedStores(db, scope, filters);
    const start = (current - 1) * size;
    for (let offset = start; offset < start + size; offset += BATCH_SIZE) {
      await drained(output);
      const limit = Math.min(BATCH_SIZE, start + size - offset);
      const batch = await riskSummaryRows(db, scope, filters, ageing, stores, { offset, limit, language });
      for (const row of batch) yield exportedRisk(row, photoLink, language);
      if (batch.length < limit) return;
    }
  }
  return { sheetName: tableText('riskSummary', language), header: riskSummaryHeader(language), rows: rows() };
}

function exportedRisk(row: RiskSummaryRow, photoLink: (path: string) => string, language: TextLanguage): Record<string, unknown> {
  const status = RISK_STATUS_TEXTS[row.status as RiskStatus];
  return {
    ...row,
    status: status ? tableText(status, language) : row.status,
    ageing: ageingText(row, language),
    picturesList: row.picturesList.map(photoLink),
    rectifyPicturesList: row.rectifyPicturesList.map(photoLink),
  };
}

/** 整改用时 3 天 for a risk put right; 已开 12 天（超期） for an open one past its grade's days (in Chinese). */
export function ageingText(row: Pick<RiskSummaryRow, 'status' | 'ageDays' | 'overdue'>, language: TextLanguage): string {
  const days = { days: row.ageDays };
  if (row.status === RiskStatus.rectified) return tableText('ageingRectified', language, days);
  return `${tableText('ageingOpen', language, days)}${row.overdue ? tableText('overdueMark', language) : ''}`;
}
