import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { headerDepth, headerLeaves, type TableHeaderNode } from '@pest/shared';

export interface XlsxExport {
  sheetName: string;
  header: readonly TableHeaderNode[];
  /** Rows keyed by the header leaves' `prop`; read one at a time so memory stays flat. */
  rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>;
}

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFF4FB' } };
const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true };
const CENTRED: Partial<ExcelJS.Alignment> = { horizontal: 'center', vertical: 'middle', wrapText: true };

/**
 * Streams a sheet with a header of any depth (groups merged across their columns, leaves merged
 * down to the last header row) and the rows below it. ExcelJS's streaming writer commits each row
 * as it goes and shared strings are off, so memory does not grow with the row count.
 */
export async function writeXlsx(output: Writable, sheet: XlsxExport): Promise<number> {
  const [count] = await writeXlsxSheets(output, [sheet]);
  return count!;
}

/** Several sheets in one workbook, one after the other, each as writeXlsx writes one; the rows written per sheet. */
export async function writeXlsxSheets(output: Writable, sheets: readonly XlsxExport[]): Promise<number[]> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const counts: number[] = [];
  for (const { sheetName, header, rows } of sheets) {
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: headerDepth(header) }] });
    const leaves = headerLeaves(header);
    sheet.columns = leaves.map((leaf) => ({ key: leaf.prop, width: Math.max(10, Math.min(40, displayWidth(leaf.name) + 4)) }));
    writeHeader(sheet, header);
    let count = 0;
    for await (const row of rows) {
      sheet.addRow(leaves.map((leaf) => cellValue(row[leaf.prop]))).commit();
      count++;
    }
    sheet.commit();
    counts.push(count);
  }
  await workbook.commit();
  return counts;
}

function writeHeader(sheet: ExcelJS.Worksheet, header: readonly TableHeaderNode[]) {
  const depth = headerDepth(header);
  const grid: string[][] = Array.from({ length: depth }, () => []);
  const merges: [number, number, number, number][] = [];

  const place = (nodes: readonly TableHeaderNode[], level: number, firstColumn: number): number => {
    let column = firstColumn;
    for (const node of nodes) {
      const span = node.child?.length ? headerLeaves(node.child).length : 1;
      grid[level]![column - 1] = node.name;
      if (node.child?.length) {
        place(node.child, level + 1, column);
        if (span > 1) merges.push([level + 1, column, level + 1, column + span - 1]);
      } else if (level + 1 < depth) {
        merges.push([level + 1, column, depth, column]);
      }
      column += span;
    }
    return column;
  };
  place(header, 0, 1);

  const width = headerLeaves(header).length;
  const rows = grid.map((values) => {
    const row = sheet.addRow(Array.from({ length: width }, (_, i) => values[i] ?? null));
    row.eachCell({ includeEmpty: true }, (cell) => {
      cell.font = HEADER_FONT;
      cell.fill = HEADER_FILL;
      cell.alignment = CENTRED;
    });
    return row;
  });
  // The streaming writer can only merge cells of rows it has not flushed yet.
  for (const [top, left, bottom, right] of merges) sheet.mergeCells(top, left, bottom, right);
  for (const row of rows) row.commit();
}

function cellValue(value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.join('\n');
  return JSON.stringify(value);
}

/** CJK characters take two columns in a spreadsheet cell. */
function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += char.charCodeAt(0) > 0x2e80 ? 2 : 1;
  return width;
}
