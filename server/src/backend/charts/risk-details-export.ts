import type { Writable } from 'node:stream';
import { RISK_DETAIL_COLUMNS, tableText, type RiskDetailRow, type RiskDetailsBody, type TextLanguage } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { drained } from '../exports/drained.ts';
import type { XlsxExport } from '../exports/xlsx-export.ts';
import type { Scope } from '../scope.ts';
import type { RiskAgeing } from '../common/risk-ageing-sql.ts';
import { riskDetailRows } from './risk-chart-queries.ts';

/** Risk rows read per query: a few hundred kilobytes in memory at a time. */
const BATCH_SIZE = 2_000;

/**
 * Every risk detail row under the dialog's filters and tab (paging ignored) as a sheet with
 * screen 12's columns (named in `language`); photos one per line as `photoLink` makes them (absolute links that work
 * from the file). Rows are read in batches that wait for the download (`output`) to keep up.
 */
export function riskDetailsSheet(
  db: Queryable,
  scope: Scope,
  { pageNum: _n, pageSize: _s, ...filters }: RiskDetailsBody,
  ageing: RiskAgeing,
  photoLink: (path: string) => string,
  language: TextLanguage,
  output: Writable,
): XlsxExport {
  const absolute = (paths: string[]) => paths.map(photoLink);
  async function* rows() {
    for (let offset = 0; ; offset += BATCH_SIZE) {
      await drained(output);
      const batch = await riskDetailRows(db, scope, filters, ageing, { offset, limit: BATCH_SIZE });
      for (const row of batch) yield exported(row, absolute);
      if (batch.length < BATCH_SIZE) return;
    }
  }
  const header = RISK_DETAIL_COLUMNS.map(({ prop, text }) => ({ prop, name: tableText(text, language) }));
  return { sheetName: tableText('riskDetails', language), header, rows: rows() };
}

function exported(row: RiskDetailRow, absolute: (urls: string[]) => string[]): Record<string, unknown> {
  return { ...row, pictures: absolute(row.pictures), solvedPictures: absolute(row.solvedPictures) };
}
