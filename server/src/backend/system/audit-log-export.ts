import type { Writable } from 'node:stream';
import { AUDIT_TEXTS, auditActionText, auditChangeLines, auditObjectText, type AuditLogExportBody, type TextLanguage } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { drained } from '../exports/drained.ts';
import type { XlsxExport } from '../exports/xlsx-export.ts';
import type { Scope } from '../scope.ts';
import { auditLogBatch } from './audit-log-queries.ts';

/** Entries read per query: a few hundred kilobytes in memory at a time. */
const BATCH_SIZE = 1_000;

/**
 * Every entry the filters find, newest first, with the screen's columns in `language`; a change a
 * line in its cell. Batches wait for the download (`output`) to keep up.
 */
export function auditLogSheet(db: Queryable, scope: Scope, filters: AuditLogExportBody, language: TextLanguage, output: Writable): XlsxExport {
  async function* rows() {
    for (let beforeId: number | null = null; ; ) {
      await drained(output);
      const records = await auditLogBatch(db, scope, filters, beforeId, BATCH_SIZE);
      for (const entry of records) {
        yield {
          time: entry.time,
          user: entry.userName,
          address: entry.address,
          object: auditObjectText(entry.objectType, entry.objectId, language),
          action: auditActionText(entry.action, language),
          changes: auditChangeLines(entry.changes, language).join('\n'),
        };
      }
      if (records.length < BATCH_SIZE) return;
      beforeId = records.at(-1)!.id;
    }
  }
  const header = (Object.keys(AUDIT_TEXTS.columns) as (keyof typeof AUDIT_TEXTS.columns)[]).map((prop) => ({ prop, name: AUDIT_TEXTS.columns[prop][language] }));
  return { sheetName: AUDIT_TEXTS.sheet[language], header, rows: rows() };
}
