import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  headerLeaves,
  RISK_STATUS_LABELS,
  SummaryPaths,
  type RiskStatus,
  type RiskSummaryRow,
  type SummaryRow,
  type TableHeaderNode,
} from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { XLSX_TYPE } from '../exports/xlsx-download.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';
import { riskSummaryHeader } from './summary-export.ts';

const DEMO_ORGANISATION_ID = 1;
const filters = { customerId: DEMO_ORGANISATION_ID };

describe(`summary exports on ${testDriver}`, () => {
  let backend: TestBackend;
  let manager: { authorization: string };

  beforeAll(async () => {
    backend = await createTestBackend();
    manager = await signIn(backend.app, '13800000001');
  });
  afterAll(() => backend?.close());

  /** A link without its signature: what it points at. */
  const pathOf = (url: string) => url.split('?', 1)[0]!;

  const post = (url: string, payload: object, headers: Record<string, string> = manager) => backend.app.inject({ method: 'POST', url, headers, payload });
  const data = async <T>(url: string, payload: object) => {
    const response = await post(url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: T }>().data;
  };
  const readSheet = async (bytes: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    return workbook.worksheets[0]!;
  };
  const cellsOf = (sheet: ExcelJS.Worksheet, row: number, width: number) =>
    Array.from({ length: width }, (_, c) => sheet.getRow(row).getCell(c + 1).value ?? null);

  it('streams the risk summary with the photos as absolute 30-day links (from Origin, else Host) and the status in words', async () => {
    const { total, records } = await data<{ total: number; records: RiskSummaryRow[] }>(SummaryPaths.riskSummary, { current: 1, size: 10, ...filters });
    const response = await post(SummaryPaths.riskSummaryExport, { current: 1, size: total, ...filters }, { ...manager, host: 'console.example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('风险汇总.xlsx')}`);

    const leaves = headerLeaves(riskSummaryHeader('zh'));
    const fromBrowser = await post(SummaryPaths.riskSummaryExport, { current: 1, size: 1, ...filters }, { ...manager, origin: 'https://pest.example.com' });
    const photoColumn = 1 + leaves.findIndex((leaf) => leaf.prop === 'picturesList');
    const firstPhoto = pathOf(records[0]!.picturesList[0]!);
    const exported = String((await readSheet(fromBrowser.rawPayload)).getRow(2).getCell(photoColumn).value).split('\n')[0]!;
    expect(exported).toMatch(new RegExp(`^https://pest\\.example\\.com${firstPhoto}\\?expires=\\d+&viewer=3&signature=`));
    // The link works from the file for 30 days, and is cached no longer than that.
    const photo = await backend.app.inject({ method: 'GET', url: exported.slice('https://pest.example.com'.length) });
    expect(photo.statusCode).toBe(200);
    const maxAgeDays = Number(/max-age=(\d+)/.exec(String(photo.headers['cache-control']))![1]) / 86_400;
    expect(maxAgeDays).toBeGreaterThanOrEqual(30);
    expect(maxAgeDays).toBeLessThanOrEqual(31);

    const sheet = await readSheet(response.rawPayload);
    expect(cellsOf(sheet, 1, leaves.length)).toEqual(leaves.map((leaf) => leaf.name));
    expect(sheet.rowCount).toBe(1 + total);
    records.forEach((record, i) => {
      const expected = leaves.map((leaf) => {
        const value = record[leaf.prop as keyof RiskSummaryRow];
        if (leaf.prop === 'status') return RISK_STATUS_LABELS[value as RiskStatus];
        if (leaf.prop === 'ageing') return record.status === 8 ? `整改用时 ${record.ageDays} 天` : `已开 ${record.ageDays} 天${record.overdue ? '（超期）' : ''}`;
        if (Array.isArray(value)) return value.length ? value.map((url) => `http://console.example.com${pathOf(url)}`).join('\n') : null;
        return value ?? null;
      });
      const cells = cellsOf(sheet, 2 + i, leaves.length).map((cell) => (typeof cell === 'string' && cell.startsWith('http') ? cell.split('\n').map(pathOf).join('\n') : cell));
      expect(cells).toEqual(expected);
    });
  });

  it.each([
    { path: SummaryPaths.pestSummaryExport, headerPath: SummaryPaths.pestSummaryHeader, pagePath: SummaryPaths.pestSummary, file: '虫害汇总.xlsx' },
    {
      path: SummaryPaths.deviceTypeSummaryExport,
      headerPath: SummaryPaths.deviceTypeSummaryHeader,
      pagePath: SummaryPaths.deviceTypeSummary,
      file: '设备类型汇总.xlsx',
    },
  ])('streams $file with the grouped header as merged cells, the rows and the 合计 row', async ({ path, headerPath, pagePath, file }) => {
    const header = await data<TableHeaderNode[]>(headerPath, filters);
    const page = await data<{ total: number; records: SummaryRow[]; totalRow: SummaryRow }>(pagePath, { current: 1, size: 1000, ...filters });
    const response = await post(path, { current: 1, size: page.total, ...filters });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(file)}`);

    const sheet = await readSheet(response.rawPayload);
    let column = 1;
    for (const node of header) {
      const top = sheet.getRow(1).getCell(column);
      expect(top.value).toBe(node.name);
      if (node.child) {
        node.child.forEach((leaf, i) => expect(sheet.getRow(2).getCell(column + i).value).toBe(leaf.name));
        expect(sheet.getRow(1).getCell(column + node.child.length - 1).master.address).toBe(top.address);
        column += node.child.length;
      } else {
        expect(sheet.getRow(2).getCell(column).master.address).toBe(top.address);
        column += 1;
      }
    }
    const leaves = headerLeaves(header);
    const rows = [...page.records, page.totalRow];
    expect(sheet.rowCount).toBe(2 + rows.length);
    rows.forEach((row, i) => expect(cellsOf(sheet, 3 + i, leaves.length)).toEqual(leaves.map((leaf) => row[leaf.prop] ?? null)));
  });

  it('writes the risk summary in English for Accept-Language: en: header, status, age and file name; the data as typed', async () => {
    const { records } = await data<{ records: RiskSummaryRow[] }>(SummaryPaths.riskSummary, { current: 1, size: 20, ...filters });
    const response = await post(SummaryPaths.riskSummaryExport, { current: 1, size: 20, ...filters }, { ...manager, 'accept-language': 'en-GB,en;q=0.9' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="Risk summary.xlsx"');
    const sheet = await readSheet(response.rawPayload);
    expect(sheet.name).toBe('Risk summary');
    const leaves = headerLeaves(riskSummaryHeader('en'));
    const header = cellsOf(sheet, 1, leaves.length);
    expect(header.slice(0, 3)).toEqual(['Store code', 'Store name', 'Store address']);
    expect(header.join('')).not.toMatch(/\p{Script=Han}/u);
    const column = (prop: string) => 1 + leaves.findIndex((leaf) => leaf.prop === prop);
    const statuses: Record<number, string> = { 1: 'Risk still exists', 2: 'Cannot be handled for now', 8: 'Rectified' };
    records.forEach((record, i) => {
      const row = sheet.getRow(2 + i);
      expect(row.getCell(column('status')).value).toBe(statuses[record.status]);
      expect(row.getCell(column('ageing')).value).toBe(record.status === 8 ? `Rectified in ${record.ageDays} d` : `Open ${record.ageDays} d${record.overdue ? ' (overdue)' : ''}`);
      expect(row.getCell(column('customerName')).value).toBe(record.customerName);
    });
  });

  it('writes the pest summary in English for Accept-Language: en, the pests by their catalogue names', async () => {
    const english = { ...manager, 'accept-language': 'en' };
    const header = (await post(SummaryPaths.pestSummaryHeader, filters, english)).json<{ data: TableHeaderNode[] }>().data;
    const response = await post(SummaryPaths.pestSummaryExport, { current: 1, size: 5, ...filters }, english);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="Pest summary.xlsx"');
    const sheet = await readSheet(response.rawPayload);
    expect(cellsOf(sheet, 1, 2)).toEqual(['Store code', 'Store name']);
    expect(cellsOf(sheet, 2, 5).slice(2)).toEqual(['Catches', 'Positive points', 'Positive rate']);
    // The group over them is the pest's name as the catalogue has it.
    expect(sheet.getRow(1).getCell(3).value).toBe(header[2]!.name);
    expect(sheet.getRow(1).getCell(3).value).toMatch(/\p{Script=Han}/u);
    expect(sheet.getRow(sheet.rowCount).getCell(1).value).toBe('Total');
  });

  it('answers a bad export with a JSON envelope, not a file', async () => {
    const response = await post(SummaryPaths.pestSummaryExport, { current: 1, size: 10 });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it.each([
    [SummaryPaths.riskSummaryExport, { current: 1, size: 10, customerIds: [1e30] }, 'body/customerIds/0'],
    [SummaryPaths.riskSummaryExport, { current: 1, size: 10, customerId: 1, endTime: '2026-02-32' }, 'body/endTime'],
    [SummaryPaths.pestSummaryExport, { current: 1, size: 10, customerId: 1, riskTypeIds: [2 ** 31] }, 'body/riskTypeIds/0'],
  ])('%s answers %j with a 400 envelope before the file starts', async (url, payload, field) => {
    // The risk summary once answered 200, sent 49 bytes of xlsx and cut the connection.
    const response = await post(url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().message).toContain(field);
  });
});
