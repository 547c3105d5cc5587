import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ImportMessages } from '@pest/shared';
import { cellText, readImportSheet, type ImportColumn } from './import-sheet.ts';

const COLUMNS: ImportColumn[] = [
  { header: { id: 'deviceNo' }, key: 'deviceNo', width: 10, example: '' },
  { header: { id: 'deviceName' }, key: 'deviceName', width: 10, example: '' },
  { header: 'IMEI', key: 'imei', width: 10, example: '' },
];

async function streamedSheet(rows: unknown[][], useSharedStrings: boolean): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings, useStyles: false });
  const sheet = workbook.addWorksheet('设备导入');
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

describe('an import sheet', () => {
  it.each([false, true])('keeps every Chinese character, also where the zip cuts it between two chunks (shared strings %s)', async (shared) => {
    const names = Array.from({ length: 5_000 }, (_, i) => `后厨批量导入鼠盒${i}号`);
    const bytes = await streamedSheet([['设备编号', '设备名称', 'IMEI'], ...names.map((name, i) => [`RB-${i}`, name, 860000000000000 + i])], shared);
    const sheet = await readImportSheet(Readable.from(bytes), COLUMNS);
    expect(sheet.rows.map((row) => row.cells[1])).toEqual(names);
    expect(sheet.rows[0]).toEqual({ row: 2, cells: ['RB-0', names[0], '860000000000000'] });
  });

  it('reads headers in any language by position, skips blank rows, and refuses other headers', async () => {
    const english = await streamedSheet([['Device no.', 'Device name', 'IMEI'], [], ['RB-1', 'Box', '']], false);
    expect((await readImportSheet(Readable.from(english), COLUMNS)).rows).toEqual([{ row: 3, cells: ['RB-1', 'Box', ''] }]);
    const swapped = await streamedSheet([['设备名称', '设备编号', 'IMEI'], ['a', 'b', 'c']], false);
    await expect(readImportSheet(Readable.from(swapped), COLUMNS)).rejects.toThrow('第1列的表头应为“设备编号”');
    const empty = await streamedSheet([['设备编号', '设备名称', 'IMEI']], false);
    await expect(readImportSheet(Readable.from(empty), COLUMNS)).rejects.toThrow(ImportMessages.noRows);
    await expect(readImportSheet(Readable.from(Buffer.from('not a zip')), COLUMNS)).rejects.toThrow(ImportMessages.notASheet);
  });

  it('reads what a spreadsheet program writes: rich text, a formula by its result, cells left out', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('设备导入');
    sheet.addRow(['设备编号', '设备名称', 'IMEI']);
    sheet.getCell('A2').value = { richText: [{ text: 'RB-', font: { bold: true } }, { text: '7' }] };
    sheet.getCell('B2').value = { formula: '"后厨"&"鼠盒"', result: '后厨鼠盒' };
    sheet.getCell('C3').value = 869000000000007;
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await readImportSheet(Readable.from(bytes), COLUMNS)).rows).toEqual([
      { row: 2, cells: ['RB-7', '后厨鼠盒', ''] },
      { row: 3, cells: ['', '', '869000000000007'] },
    ]);
  });

  it('reads a cell as the text a person typed', () => {
    expect(cellText(860000000000001)).toBe('860000000000001');
    expect(cellText(12.5)).toBe('12.5');
    expect(cellText({ richText: [{ text: '后' }, { text: '厨 ' }] })).toBe('后厨');
    expect(cellText({ formula: 'A1', result: 7 })).toBe('7');
    expect(cellText({ text: '链接', hyperlink: 'http://x' })).toBe('链接');
    expect(cellText(null)).toBe('');
  });
});
