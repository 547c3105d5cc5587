import { PassThrough, type Readable } from 'node:stream';
import type { AuditPackSection } from '@pest/shared';
import { writeXlsx, type XlsxExport } from '../exports/xlsx-export.ts';

/** One file of the pack: where it goes in the zip, which section it belongs to, and its bytes when its turn comes. */
export interface PackEntry {
  section: AuditPackSection;
  /** Path inside the zip, '/'-separated. */
  name: string;
  /** Opened only when the zip reaches this entry, so one file at a time is held. */
  open(): Promise<Readable> | Readable;
}

/** An xlsx file written as the zip reads it (ExcelJS's streaming writer ends the stream on commit). */
export function xlsxStream(sheet: XlsxExport): Readable {
  const output = new PassThrough();
  writeXlsx(output, sheet).catch((error: Error) => output.destroy(error));
  return output;
}
