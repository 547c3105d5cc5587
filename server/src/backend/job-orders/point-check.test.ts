import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  headerLeaves,
  JobOrderPaths,
  type PointCheckBody,
  type PointCheckRow,
  type PointCheckTab,
  type TableHeaderNode,
  ALL_PERMISSIONS,
} from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { XLSX_TYPE } from '../exports/xlsx-download.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';
import { sheetRowBatches } from './point-check-queries.ts';
import { findSheet } from './point-check-sheet.ts';

const DEMO_ORGANISATION_ID = 1;
const OTHER_ORGANISATION_ID = 2;

interface Rows {
  total: number;
  records: PointCheckRow[];
  totalRow: PointCheckRow;
}

describe(`point-check sheets on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: { authorization: string };
  let manager: { authorization: string };

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
  });
  afterAll(() => backend?.close());

  const post = (url: string, payload: object, headers = manager) => backend.app.inject({ method: 'POST', url, headers, payload });
  const data = async <T>(url: string, payload: object, headers = manager) => {
    const response = await post(url, payload, headers);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: T }>().data;
  };
  const tabsOf = async (jobId: number, headers = manager) => {
    const response = await backend.app.inject({ method: 'GET', url: `${JobOrderPaths.pointTabs}?jobId=${jobId}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: PointCheckTab[] }>().data;
  };
  const body = (tab: PointCheckTab, current = 1, size = 1000): PointCheckBody => ({ current, size, ...tab });
  const headerOf = (tab: PointCheckTab, headers = manager) => data<TableHeaderNode[]>(JobOrderPaths.pointCheckHeader, body(tab), headers);
  const rowsOf = (tab: PointCheckTab, current = 1, size = 1000, headers = manager) => data<Rows>(JobOrderPaths.pointCheckRows, body(tab, current, size), headers);

  /** The latest finished job order of an organisation with a sheet of this device type, with catches on it when asked. */
  const sheetOf = async (deviceTypeName: string, { withCatches = false, organisationId = DEMO_ORGANISATION_ID } = {}): Promise<PointCheckTab> => {
    const [tab] = await backend.db.query<PointCheckTab>(
      `select t.id as "deviceTypeId", t.name as "deviceTypeName", j.id as "sheetId"
       from job_orders j join customers s on s.id = j.customer_id join device_types t on t.name = $1
       where s.path[1] = $2 and j.ended_at is not null
         and exists (select 1 from point_checks c join points pt on pt.id = c.point_id where c.job_order_id = j.id and pt.device_type_id = t.id)
         and (not $3 or exists (select 1 from point_check_values v join points pt on pt.id = v.point_id
                                where v.job_order_id = j.id and pt.device_type_id = t.id and v.metric = 'catch'))
       order by j.started_at desc limit 1`,
      [deviceTypeName, organisationId, withCatches],
    );
    if (!tab) throw new Error(`No sheet of ${deviceTypeName}`);
    return tab;
  };

  it("gives one tab per device type checked on the job order, the job order's id as sheetId", async () => {
    const tab = await sheetOf('粘鼠板');
    const expected = await backend.db.query<PointCheckTab>(
      `select distinct t.id as "deviceTypeId", t.name as "deviceTypeName", j.id as "sheetId"
       from job_orders j join points pt on pt.plan_id = j.plan_id join device_types t on t.id = pt.device_type_id
       where j.id = $1 order by 1`,
      [tab.sheetId],
    );
    expect(await tabsOf(tab.sheetId)).toEqual(expected);
  });

  it("names the job order by its code and store for its point-check page, and not outside the scope", async () => {
    const tab = await sheetOf('粘鼠板');
    const [expected] = await backend.db.query<{ code: string; customerName: string; jobOrderName: string }>(
      `select j.code, s.name as "customerName", j.name as "jobOrderName" from job_orders j join customers s on s.id = j.customer_id where j.id = $1`,
      [tab.sheetId],
    );
    const infoOf = async (jobId: number, headers: { authorization: string }) => {
      const response = await backend.app.inject({ method: 'GET', url: `${JobOrderPaths.info}?jobId=${jobId}`, headers });
      expect(response.statusCode).toBe(200);
      return response.json<{ data: unknown }>().data;
    };
    expect(await infoOf(tab.sheetId, manager)).toEqual({ id: tab.sheetId, ...expected });
    const other = await sheetOf('粘鼠板', { organisationId: OTHER_ORGANISATION_ID });
    expect(await infoOf(other.sheetId, manager)).toBeNull();
    expect(await infoOf(other.sheetId, admin)).toMatchObject({ id: other.sheetId });
    expect(await infoOf(999_999_999, admin)).toBeNull();
  });

  describe('header', () => {
    const group = (header: TableHeaderNode[], prop: string) => header.find((node) => node.prop === prop);

    it('of a glue board: point, region, 捕获数量 with a column per pest found and a subtotal, condition', async () => {
      const header = await headerOf(await sheetOf('粘鼠板', { withCatches: true }));
      expect(header.map((node) => node.name)).toEqual(['点位编号', '区域', '捕获数量', '设备状况']);
      const pests = group(header, 'catch')!.child!;
      expect(pests.at(-1)).toEqual({ prop: 'catchTotal', name: '小计' });
      expect(pests.length).toBeGreaterThan(1);
      for (const pest of pests.slice(0, -1)) expect(['褐家鼠', '小家鼠', '黄胸鼠', '德国小蠊']).toContain(pest.name);
    });

    it('of a bait station: consumption grade and share, condition', async () => {
      expect(await headerOf(await sheetOf('鼠饵站'))).toEqual([
        { prop: 'pointCode', name: '点位编号' },
        { prop: 'regionName', name: '区域' },
        { prop: 'bait', name: '饵料消耗', child: [{ prop: 'baitLevel', name: '消耗程度' }, { prop: 'baitPercent', name: '消耗比例(%)' }] },
        { prop: 'condition', name: '设备状况' },
      ]);
    });

    it('of a fly lamp: counts of flying insects', async () => {
      const pests = group(await headerOf(await sheetOf('灭蝇灯', { withCatches: true })), 'catch')!.child!.slice(0, -1);
      expect(pests.length).toBeGreaterThan(0);
      for (const pest of pests) expect(['家蝇', '果蝇', '蛾蠓', '麻蝇', '淡色库蚊', '白纹伊蚊']).toContain(pest.name);
    });

    it('of a smart rodent box: device number, triggers and captures', async () => {
      const header = await headerOf(await sheetOf('智能鼠盒 NB-IoT'));
      expect(header.map((node) => node.name)).toEqual(['点位编号', '区域', '设备编号', '触发次数', '捕获数量', '设备状况']);
    });

    it('of a gateway: no readings', async () => {
      expect((await headerOf(await sheetOf('LoRa网关'))).map((node) => node.prop)).toEqual(['pointCode', 'regionName', 'deviceNo', 'condition']);
    });
  });

  describe('rows', () => {
    it('has one row per point checked, keyed by the header leaves, with catches as stored', async () => {
      for (const deviceType of ['灭蝇灯', '鼠饵站', '智能鼠盒 NB-IoT', 'LoRa网关']) {
        const tab = await sheetOf(deviceType, { withCatches: deviceType === '灭蝇灯' });
        const leaves = headerLeaves(await headerOf(tab)).map((leaf) => leaf.prop);
        const { total, records } = await rowsOf(tab);
        const stored = await backend.db.query<{ pointCode: string; caught: number }>(
          `select pt.code as "pointCode", coalesce((select sum(v.value) from point_check_values v
                    where v.job_order_id = c.job_order_id and v.point_id = c.point_id and v.metric = 'catch'), 0) as caught
           from point_checks c join points pt on pt.id = c.point_id
           where c.job_order_id = $1 and pt.device_type_id = $2 order by pt.code`,
          [tab.sheetId, tab.deviceTypeId],
        );
        expect(total).toBe(stored.length);
        expect(records.map((row) => row.pointCode)).toEqual(stored.map((row) => row.pointCode));
        for (const [i, row] of records.entries()) {
          expect(Object.keys(row).sort()).toEqual([...leaves].sort());
          if ('catchTotal' in row && row.condition !== '丢失') expect(row.catchTotal).toBe(stored[i]!.caught);
        }
      }
    });

    it('adds up every count column of the whole sheet in the 合计 row', async () => {
      const tab = await sheetOf('灭蝇灯', { withCatches: true });
      const counts = headerLeaves(await headerOf(tab)).filter((leaf) => /^pest\d+$|^catchTotal$|^trigger$/.test(leaf.prop));
      const { records } = await rowsOf(tab);
      const { totalRow } = await rowsOf(tab, 1, 2);
      expect(totalRow.pointCode).toBe('合计');
      for (const { prop } of counts) {
        expect(totalRow[prop]).toBe(records.reduce((sum, row) => sum + Number(row[prop] ?? 0), 0));
      }
      expect(counts.length).toBeGreaterThan(1);
    });

    it('pages in point-code order', async () => {
      const tab = await sheetOf('智能鼠盒 NB-IoT');
      const all = await rowsOf(tab);
      const page = await rowsOf(tab, 2, 3);
      expect(page.total).toBe(all.total);
      expect(page.records).toEqual(all.records.slice(3, 6));
    });

    it('reads the same rows in keyset batches as in one page', async () => {
      const tab = await sheetOf('智能鼠盒 NB-IoT');
      const sheet = (await findSheet(backend.db, { userId: 1, isAdmin: true, customerId: null, permissions: new Set(ALL_PERMISSIONS) }, tab.sheetId, tab.deviceTypeId))!;
      const batches: PointCheckRow[] = [];
      const window = { offset: 1, limit: 7, batchSize: 2, beforeBatch: async () => undefined, language: 'zh' as const };
      for await (const row of sheetRowBatches(backend.db, sheet, window)) batches.push(row);
      expect(batches).toEqual((await rowsOf(tab)).records.slice(1, 8));
    });
  });

  describe('export', () => {
    const exportOf = (payload: PointCheckBody, headers = manager) => post(JobOrderPaths.pointCheckExport, payload, headers);
    const readWorkbook = async (bytes: Buffer) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      return workbook.worksheets[0]!;
    };

    it('streams an xlsx with the same two-level header, as merged cells, and the same rows', async () => {
      const tab = await sheetOf('灭蝇灯', { withCatches: true });
      const header = await headerOf(tab);
      const { total, records } = await rowsOf(tab);
      const response = await exportOf(body(tab, 1, total));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(XLSX_TYPE);
      const [job] = await backend.db.query<{ code: string }>('select code from job_orders where id = $1', [tab.sheetId]);
      expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`点检表-${job!.code}-灭蝇灯.xlsx`)}`);

      const sheet = await readWorkbook(response.rawPayload);
      expect(sheet.name).toBe('灭蝇灯');
      const leaves = headerLeaves(header);
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
      expect(sheet.rowCount).toBe(2 + records.length);
      records.forEach((record, i) => {
        const cells = leaves.map((_, c) => sheet.getRow(3 + i).getCell(c + 1).value ?? null);
        expect(cells).toEqual(leaves.map((leaf) => record[leaf.prop] ?? null));
      });
    });

    it('exports the page asked for', async () => {
      const tab = await sheetOf('智能鼠盒 NB-IoT');
      const sheet = await readWorkbook((await exportOf(body(tab, 2, 4))).rawPayload);
      const page = await rowsOf(tab, 2, 4);
      expect(sheet.rowCount).toBe(2 + 4);
      expect(sheet.getRow(3).getCell(1).value).toBe(page.records[0]!.pointCode);
      expect(sheet.getRow(6).getCell(1).value).toBe(page.records[3]!.pointCode);
    });

    it('answers an unknown sheet with a JSON envelope the console can show', async () => {
      const tab = await sheetOf('鼠饵站');
      const response = await exportOf({ ...body(tab), deviceTypeId: 999 });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ status: 404, message: '点检表不存在', data: null });
    });
  });

  it("gives a customer's manager nothing of another organisation's job orders: no tabs, header, rows or export", async () => {
    const tab = await sheetOf('智能鼠盒 NB-IoT', { organisationId: OTHER_ORGANISATION_ID }).catch(() => sheetOf('粘鼠板', { organisationId: OTHER_ORGANISATION_ID }));
    expect(await tabsOf(tab.sheetId)).toEqual([]);
    expect(await headerOf(tab)).toEqual([]);
    expect(await rowsOf(tab)).toEqual({ total: 0, records: [], totalRow: {} });
    expect((await post(JobOrderPaths.pointCheckExport, body(tab))).statusCode).toBe(404);
    // The same sheet is there for an admin.
    expect((await tabsOf(tab.sheetId, admin)).length).toBeGreaterThan(0);
    expect((await rowsOf(tab, 1, 1000, admin)).total).toBeGreaterThan(0);
    expect((await post(JobOrderPaths.pointCheckExport, body(tab), admin)).statusCode).toBe(200);
  });
});
