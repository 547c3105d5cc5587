import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeXlsx } from './xlsx-export.ts';

async function* generateRows(count: number) {
  for (let i = 1; i <= count; i++) yield { pointCode: `A-${String(i).padStart(3, '0')}`, rat: i % 3, mouse: i % 2, status: '正常' };
}

describe('writeXlsx', () => {
  it('writes a two-level header as merged cells, then every row', async () => {
    const output = new PassThrough();
    const bytes = buffer(output);
    const written = await writeXlsx(output, {
      sheetName: '粘鼠板',
      header: [
        { prop: 'pointCode', name: '点位编号' },
        { prop: 'catch', name: '捕获数量', child: [{ prop: 'rat', name: '褐家鼠' }, { prop: 'mouse', name: '小家鼠' }] },
        { prop: 'status', name: '状态' },
      ],
      rows: generateRows(25),
    });
    expect(written).toBe(25);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytes) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('粘鼠板')!;
    expect(sheet.getRow(1).values).toEqual([undefined, '点位编号', '捕获数量', '捕获数量', '状态']);
    expect(sheet.getRow(2).getCell(2).value).toBe('褐家鼠');
    expect(sheet.getRow(2).getCell(3).value).toBe('小家鼠');
    expect(sheet.getCell('A1').isMerged && sheet.getCell('A2').master.address).toBe('A1');
    expect(sheet.getCell('C1').master.address).toBe('B1');
    expect(sheet.getCell('D2').master.address).toBe('D1');
    expect(sheet.rowCount).toBe(2 + 25);
    expect(sheet.getRow(3).values).toEqual([undefined, 'A-001', 1, 1, '正常']);
  });
});
