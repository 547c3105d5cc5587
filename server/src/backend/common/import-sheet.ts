import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS, ImportMessages, TEXT_LANGUAGES, importHeaderProblem, tableText, type TableTextId, type TextLanguage } from '@pest/shared';
import { ApiError } from '../envelope.ts';

/** A cell of a template: a table text said in the template's language, or the same in every language (IMEI, an example number). */
export type SheetText = { id: TableTextId } | string;

export const sheetText = (cell: SheetText, language: TextLanguage): string => (typeof cell === 'string' ? cell : tableText(cell.id, language));

/** One column of an import template: its header in each language, the field it fills, and the example row's value. */
export interface ImportColumn {
  header: SheetText;
  key: string;
  width: number;
  example: SheetText;
  /** A column added to the template later: a sheet filled in from the earlier template, without it, is read with it empty. */
  added?: true;
}

/** A data row as the file has it: its sheet row number (the header is 1) and its cells as trimmed text, one per template column. */
export interface SheetRow {
  row: number;
  cells: string[];
}

export interface ImportSheet {
  sheetName: string;
  /** The header row as the file has it (its language). */
  headers: string[];
  rows: SheetRow[];
}

/** A cell's value as the text a person typed: numbers as written (an IMEI typed as a number too), a formula's result, rich text joined. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const cell = value as { richText?: { text: string }[]; text?: unknown; result?: unknown };
    if (cell.richText) return cell.richText.map((part) => part.text).join('').trim();
    if ('result' in cell) return cellText(cell.result);
    if (cell.text !== undefined) return cellText(cell.text);
  }
  return '';
}

const folded = (text: string) => text.trim().toLowerCase();

/** The text of a stream of UTF-8 bytes, a character cut between two chunks joined again. */
async function* utf8Text(chunks: AsyncIterable<Buffer | string>): AsyncIterable<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) yield typeof chunk === 'string' ? chunk : decoder.write(chunk);
  yield decoder.end();
}

/** ExcelJS's private parsing steps that take the zip's entries (exceljs 4.4). */
interface ReaderSteps {
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: number): Generator<unknown>;
}
const readerSteps = ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as ReaderSteps;

/**
 * ExcelJS's streaming reader decodes each inflated chunk of the sheet on its own, so a Chinese
 * character cut between two chunks became two U+FFFD (measured: 27 of 60,000 rows of a device
 * sheet, names and types garbled). This one hands its parser whole characters.
 */
class Utf8WorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  _parseSharedStrings(entry: Readable) {
    entry.setEncoding('utf8');
    return readerSteps._parseSharedStrings.call(this, entry);
  }

  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: number) {
    return readerSteps._parseWorksheet.call(this, utf8Text(iterator), sheetNo);
  }
}

/**
 * The first worksheet of an uploaded template, read as a stream (a 60,000-row sheet is never held
 * as a workbook). Every language's template has the same columns in the same order, so the header
 * row is checked by position against the column's header in any language; blank rows are skipped.
 * A file that is no xlsx, has other headers, no rows or too many is refused (400) as a whole.
 */
export async function readImportSheet(file: Readable, columns: readonly ImportColumn[]): Promise<ImportSheet> {
  const reader = new Utf8WorkbookReader(file, { sharedStrings: 'cache', worksheets: 'emit', styles: 'ignore', hyperlinks: 'ignore', entries: 'ignore' });
  let sheet: ImportSheet | null = null;
  try {
    for await (const worksheet of reader) {
      sheet = { sheetName: (worksheet as unknown as { name?: string }).name ?? '', headers: [], rows: [] };
      for await (const row of worksheet) {
        const values = row.values as unknown[];
        const cells = columns.map((_, index) => cellText(values[index + 1]));
        if (sheet.headers.length === 0) {
          sheet.headers = cells;
          checkHeaders(cells, columns);
        } else if (cells.some((cell) => cell !== '')) {
          if (sheet.rows.length === IMPORT_MAX_ROWS) throw new ApiError(400, ImportMessages.tooManyRows);
          sheet.rows.push({ row: row.number, cells });
        }
      }
      // The first sheet is the import; what follows (notes, lists) is not read.
      break;
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, ImportMessages.notASheet);
  } finally {
    file.destroy();
  }
  if (!sheet || sheet.headers.length === 0) throw new ApiError(400, ImportMessages.notASheet);
  if (sheet.rows.length === 0) throw new ApiError(400, ImportMessages.noRows);
  return sheet;
}

function checkHeaders(headers: readonly string[], columns: readonly ImportColumn[]): void {
  columns.forEach((column, index) => {
    const accepted = TEXT_LANGUAGES.map((language) => folded(sheetText(column.header, language)));
    if (column.added && headers.slice(index).every((header) => header === '')) return;
    if (!accepted.includes(folded(headers[index] ?? ''))) throw new ApiError(400, importHeaderProblem(index + 1, sheetText(column.header, 'zh')));
  });
}

/** The template of `columns` (xlsx) in `language`: a bold header row and one example row. */
export async function importTemplate(sheetName: string, columns: readonly ImportColumn[], language: TextLanguage): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map(({ header, key, width }) => ({ header: sheetText(header, language), key, width }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(Object.fromEntries(columns.map(({ key, example }) => [key, sheetText(example, language)])));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
