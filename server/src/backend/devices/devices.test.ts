import { parse } from 'content-disposition';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHINA_TIME_ZONE,
  DEVICE_KIND_LABELS,
  DevicePaths,
  DeviceStatus,
  LOW_BATTERY_PERCENT,
  type DeviceFilters,
  type DeviceInfo,
  type DevicePlacement,
  type DeviceRow,
  type MouseBoxStatistics,
  type StoreStatus,
} from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

const DEMO_ORGANISATION_ID = 1;
type Headers = Record<string, string>;

describe(`device API on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: Headers;
  let manager: Headers;
  let otherDevice: { id: number; name: string };
  let ownDevice: { id: number; name: string };

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
    [otherDevice] = (await backend.db.query(
      `select d.id, d.name from devices d join customers s on s.id = d.customer_id where s.path[1] <> $1 order by d.id limit 1`,
      [DEMO_ORGANISATION_ID],
    )) as [{ id: number; name: string }];
    [ownDevice] = (await backend.db.query(
      `select d.id, d.name from devices d join customers s on s.id = d.customer_id where s.path[1] = $1 order by d.id limit 1`,
      [DEMO_ORGANISATION_ID],
    )) as [{ id: number; name: string }];
  });
  afterAll(() => backend?.close());

  const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) => {
    const response = await backend.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { statusCode: response.statusCode, body: response.json<{ status: number; message: string; data: T }>() };
  };
  const list = async (headers: Headers, filters?: DeviceFilters, size = 5000) => {
    const { statusCode, body } = await call<{ total: number; records: DeviceRow[] }>('POST', DevicePaths.list, headers, {
      current: 1,
      size,
      isCustomer: true,
      ...(filters ? { filters } : {}),
    });
    expect(statusCode).toBe(200);
    return body.data;
  };
  const countWhere = async (where: string, params: unknown[] = []) =>
    (await backend.db.query<{ n: number }>(`select count(*)::int as n from devices d join customers s on s.id = d.customer_id where ${where}`, params))[0]!.n;

  describe('list filters', () => {
    it('lists every device by id with the contract fields', async () => {
      const { total, records } = await list(admin);
      expect(total).toBe(await countWhere('true'));
      expect(records.map((row) => row.id)).toEqual([...records.map((row) => row.id)].sort((a, b) => a - b));
      expect(records[0]).toMatchObject({ deviceCode: expect.any(String), deviceType: expect.any(Number), customerName: expect.any(String) });
      expect(records[0]!.lastCommunicationDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it.each([
      ['deviceType', { deviceType: 2 }, `d.device_type_id in (select id from device_types where smart_kind = 2)`, []],
      ['status offline', { status: 1 }, 'd.status = 1', []],
      ['status online', { status: 2 }, 'd.status = 2', []],
      ['battery at most 30%', { remainingPower: 30 }, 'd.remaining_power <= 30', []],
      ['unhandled alarm', { hasUnHandleAlarm: true }, 'd.has_unhandled_alarm', []],
      ['organisation (its stores)', { customerIds: [2] }, 's.path[1] = 2', []],
      ['sales area', { areaIds: [1] }, 's.area_id = 1', []],
      ['name matches code, number, name or IMEI', { name: 'rb-nb-00000' }, `d.device_no ilike '%rb-nb-00000%'`, []],
    ] as const)('narrows by %s', async (_label, filters, where, params) => {
      const expected = await countWhere(where, [...params]);
      const { total, records } = await list(admin, filters as DeviceFilters);
      expect(expected).toBeGreaterThan(0);
      expect(total).toBeLessThan(await countWhere('true'));
      expect(total).toBe(expected);
      expect(records).toHaveLength(expected);
    });

    it('finds a device by part of its name, case-insensitively, and by IMEI', async () => {
      const [device] = await backend.db.query<{ id: number; name: string; imei: string }>(
        `select id, name, imei from devices where imei is not null order by id desc limit 1`,
      );
      const byImei = await list(admin, { name: device!.imei.slice(3, 12) });
      expect(byImei.records.map((row) => row.id)).toContain(device!.id);
      const byCode = await list(admin, { name: `ld${String(device!.id).padStart(8, '0')}` });
      expect(byCode.records.map((row) => row.id)).toEqual([device!.id]);
    });

    it('matches a keyword in any of the four columns exactly as ILIKE on each would, never across two', async () => {
      const [device] = await backend.db.query<{ name: string; code: string }>('select name, code from devices order by id limit 1');
      const eachColumn = `(d.name ilike $1 or d.code ilike $1 or d.device_no ilike $1 or d.imei ilike $1)`;
      for (const keyword of ['RB', 'rb', 'Nb-0', device!.name.slice(0, 2), device!.code.slice(-3)]) {
        const expected = await countWhere(eachColumn, [`%${keyword}%`]);
        expect(expected, keyword).toBeGreaterThan(0);
        expect((await list(admin, { name: keyword })).total, keyword).toBe(expected);
      }
      // The end of the name and the start of the code, joined by the search text's separator.
      const spanning = `${device!.name.slice(-2)}${String.fromCharCode(31)}${device!.code.slice(0, 2)}`;
      expect((await list(admin, { name: spanning })).total).toBe(0);
    });

    it('takes % and _ literally', async () => {
      expect((await list(admin, { name: '%' })).total).toBe(0);
    });

    it('pages', async () => {
      const all = await list(admin, undefined, 30);
      const second = (await call<{ records: DeviceRow[] }>('POST', DevicePaths.list, admin, { current: 2, size: 10 })).body.data.records;
      expect(second.map((row) => row.id)).toEqual(all.records.slice(10, 20).map((row) => row.id));
    });

    it('refuses a battery value off the 10% steps and an unknown status', async () => {
      for (const filters of [{ remainingPower: 25 }, { status: 4 }, { deviceType: 0 }]) {
        const { statusCode, body } = await call('POST', DevicePaths.list, admin, { current: 1, size: 10, filters });
        expect(statusCode).toBe(400);
        expect(body.message).toContain('filters');
      }
    });
  });

  describe('scope', () => {
    it('lists only the manager organisation', async () => {
      const { total, records } = await list(manager);
      expect(total).toBe(await countWhere('s.path[1] = $1', [DEMO_ORGANISATION_ID]));
      expect(records.map((row) => row.id)).not.toContain(otherDevice.id);
      expect((await list(manager, { customerIds: [2] })).total).toBe(0);
    });

    it('does not get, edit or place another customer device', async () => {
      for (const path of [DevicePaths.get, DevicePaths.detail]) {
        const { statusCode, body } = await call('GET', `${path}?id=${otherDevice.id}`, manager);
        expect(statusCode).toBe(404);
        expect(body.data).toBeNull();
      }
      const edit = await call('PUT', DevicePaths.edit, manager, { id: otherDevice.id, deviceName: '改名' });
      expect(edit.statusCode).toBe(404);
      const [row] = await backend.db.query<{ name: string }>('select name from devices where id = $1', [otherDevice.id]);
      expect(row!.name).toBe(otherDevice.name);
    });

    it('reads a query id only from plain decimal digits within an integer column', async () => {
      // 1e9, 0x10, 1.5 and 010 were once coerced into ids, and 20 digits reached the database as an error.
      for (const id of ['1e0', '0x1', '1.0', `0${ownDevice.id}`, ' 1', '+1', '99999999999999999999', '2147483648', '0', '-1', '']) {
        const { statusCode, body } = await call('GET', `${DevicePaths.get}?id=${encodeURIComponent(id)}`, manager);
        expect(statusCode, id).toBe(400);
        expect(body.message, id).toContain('querystring/id');
      }
      expect((await call('GET', `${DevicePaths.get}?id=${ownDevice.id}`, manager)).statusCode).toBe(200);
    });

    it('counts statistics and store status within the scope only', async () => {
      const stats = (await call<MouseBoxStatistics>('POST', DevicePaths.statistics, manager)).body.data;
      const own = 's.path[1] = $1';
      expect(stats).toEqual({
        total: await countWhere(own, [DEMO_ORGANISATION_ID]),
        online: await countWhere(`${own} and d.status = ${DeviceStatus.online}`, [DEMO_ORGANISATION_ID]),
        offline: await countWhere(`${own} and d.status = ${DeviceStatus.offline}`, [DEMO_ORGANISATION_ID]),
        fault: await countWhere(`${own} and d.status = ${DeviceStatus.fault}`, [DEMO_ORGANISATION_ID]),
        lowBattery: await countWhere(`${own} and d.remaining_power <= ${LOW_BATTERY_PERCENT}`, [DEMO_ORGANISATION_ID]),
        unhandledAlarm: await countWhere(`${own} and d.has_unhandled_alarm`, [DEMO_ORGANISATION_ID]),
        alarmsToday: (
          await backend.db.query<{ n: number }>(
            `select count(*)::int as n from device_events e join customers s on s.id = e.customer_id
             where s.path[1] = $1 and e.kind <> 6 and e.gateway_alarm_id is null
               and (e.created_at at time zone '${CHINA_TIME_ZONE}')::date = (now() at time zone '${CHINA_TIME_ZONE}')::date`,
            [DEMO_ORGANISATION_ID],
          )
        )[0]!.n,
      });
      const stores = (await call<StoreStatus[]>('POST', DevicePaths.storeStatus, manager, {})).body.data;
      const ownStores = await backend.db.query<{ id: number }>(
        `select distinct s.id from devices d join customers s on s.id = d.customer_id where s.path[1] = $1 order by s.id`,
        [DEMO_ORGANISATION_ID],
      );
      expect(stores.map((store) => store.customerId)).toEqual(ownStores.map((store) => store.id));
      expect(stores.reduce((sum, store) => sum + store.total, 0)).toBe(stats.total);
      expect(stores.reduce((sum, store) => sum + store.unhandledAlarm, 0)).toBe(stats.unhandledAlarm);
    });
  });

  describe('one device', () => {
    it('gets the device with its binding', async () => {
      const { body } = await call<DeviceInfo>('GET', `${DevicePaths.get}?id=${ownDevice.id}`, manager);
      expect(body.data).toMatchObject({ id: ownDevice.id, deviceName: ownDevice.name, imageUrl: null });
      expect(body.data.binding).toMatchObject({ organisationName: expect.any(String), pointCode: expect.stringMatching(/^[A-Z]-\d{3}$/) });
    });

    it('places the device on its plan floor plan with the plan other points, inside the image', async () => {
      const { body } = await call<DevicePlacement>('GET', `${DevicePaths.detail}?id=${ownDevice.id}`, manager);
      const placement = body.data;
      const [plan] = await backend.db.query<{ n: number }>(
        `select count(*)::int as n from points where plan_id = (select plan_id from points where device_id = $1)`,
        [ownDevice.id],
      );
      expect(placement.points).toHaveLength(plan!.n);
      expect(placement.points.find((point) => point.deviceId === ownDevice.id)).toMatchObject({ x: placement.x, y: placement.y, serveCode: placement.serveCode });
      for (const point of placement.points) {
        expect(point.x).toBeGreaterThan(0);
        expect(point.x).toBeLessThan(placement.width);
        expect(point.y).toBeGreaterThan(0);
        expect(point.y).toBeLessThan(placement.height);
      }
      // A signed link for this user, served without a session (canvas and <img> send none), kept privately for at most its life.
      expect(placement.url).toMatch(/^\/api\/.+\/[0-9a-f]{32}\.svg\?expires=\d+&viewer=3&signature=/);
      const image = await backend.app.inject({ method: 'GET', url: placement.url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(image.headers['cache-control']).toMatch(/^private, max-age=\d{4}$/);
      expect(image.body).toContain(`width="${placement.width}"`);
      expect(image.body).toMatch(/后厨|卖场|生产车间/);
      // Where the image prints its room and wing names, which the map's labels keep off.
      expect(placement.texts?.length).toBeGreaterThan(2);
      for (const text of placement.texts ?? []) expect(image.body).toContain(`textLength="${text.width}" lengthAdjust="spacingAndGlyphs">${text.text}</text>`);
      for (const url of [placement.url.split('?')[0]!, placement.url.replace(/[0-9a-f]{32}/, '0'.repeat(32))]) {
        const refused = await backend.app.inject({ method: 'GET', url });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ status: 403, data: null });
      }
    });

    /** The template as the console downloads it in `language`: its sheet, parsed, and the file name it is saved as. */
    const template = async (language: string) => {
      const { body } = await call<string>('GET', DevicePaths.template, manager);
      const file = await backend.app.inject({ method: 'GET', url: body.data, headers: { 'accept-language': language } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const row = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1).map((value) => String(value ?? ''));
      return {
        sheetName: sheet.name,
        fileName: parse(String(file.headers['content-disposition'])).parameters.filename,
        headers: row(1),
        example: row(2),
        types: sheet.getCell(3, 3).dataValidation.formulae![0] as string,
      };
    };

    it('serves the import template in Chinese with the headers the import reads', async () => {
      const zh = await template('zh-CN,zh;q=0.9');
      expect(zh.headers).toEqual(['设备编号', '设备名称', '设备类型', 'IMEI', 'IMSI', 'ICCID', '门店编码', '点位编号', '技术支持', '备注', 'DevEUI', '设备型号']);
      expect(zh.types).toBe(`"${Object.values(DEVICE_KIND_LABELS).join(',')}"`);
      expect(zh.example[2]).toBe(DEVICE_KIND_LABELS[1]);
      expect([zh.sheetName, zh.fileName]).toEqual(['设备导入', '设备导入模板.xlsx']);
    });

    it('serves the import template in English, the same columns in the same order, without Chinese', async () => {
      const [zh, en] = [await template('zh'), await template('en-US,en;q=0.9')];
      expect(en.headers).toEqual(['Device no.', 'Device name', 'Device type', 'IMEI', 'IMSI', 'ICCID', 'Store code', 'Point code', 'Technical support', 'Remark', 'DevEUI', 'Device model']);
      expect(en.types).toBe('"NB-IoT rodent box,LoRa rodent box,LoRa gateway"');
      expect([en.sheetName, en.fileName]).toEqual(['Device import', 'Device import template.xlsx']);
      expect(JSON.stringify(en)).not.toMatch(/[\u3400-\u9fff]/);
      // What is no word (numbers, codes) stays where the Chinese template has it.
      expect(en.example.filter((value) => /^[\dA-Z-]+$/.test(value))).toEqual(zh.example.filter((value) => /^[\dA-Z-]+$/.test(value)));
      expect(en.example.length).toBe(zh.example.length);
    });
  });

  describe('edit', () => {
    const current = async () =>
      (await backend.db.query<{ name: string; technical_support: string; remark: string | null; image_url: string | null }>(
        'select name, technical_support, remark, image_url from devices where id = $1',
        [ownDevice.id],
      ))[0]!;

    it.each([
      [{ deviceName: '   ' }, '设备名称不能为空'],
      [{ deviceName: 'x'.repeat(51) }, '设备名称不能超过50个字符'],
      [{ deviceName: '鼠盒', technicalSupport: 'y'.repeat(51) }, '技术支持不能超过50个字符'],
      [{ deviceName: '鼠盒', remark: 'z'.repeat(201) }, '备注不能超过200个字符'],
      [{ deviceName: '鼠盒', imageUrl: 'https://evil.example.com/a.png' }, '设备图片必须是本系统上传的图片地址'],
      [{ deviceName: 7 }, 'deviceName'],
      [{ deviceName: '鼠\u0000盒' }, 'body/deviceName 不能包含空字符'],
      [{ id: 2 ** 31, deviceName: '鼠盒' }, 'body/id 不能大于 2147483647'],
    ])('refuses %j and changes nothing', async (fields, message) => {
      const before = await current();
      const { statusCode, body } = await call('PUT', DevicePaths.edit, manager, { id: ownDevice.id, ...fields });
      expect(statusCode).toBe(400);
      expect(body.message).toContain(message);
      expect(await current()).toEqual(before);
    });

    it('saves a trimmed name, support, remark and picture, and clears them again', async () => {
      const imageUrl = '/api/oss/uploads/u3/abc.png';
      const { statusCode, body } = await call<DeviceInfo>('PUT', DevicePaths.edit, manager, {
        id: ownDevice.id,
        deviceName: '  后厨1号  ',
        technicalSupport: '李工',
        remark: '靠近冷库',
        imageUrl,
      });
      expect(statusCode).toBe(200);
      expect(body.data).toMatchObject({ deviceName: '后厨1号', technicalSupport: '李工', remark: '靠近冷库' });
      // Shown as a signed link for this user; the path is what is kept, also when the link comes back unchanged.
      expect(body.data.imageUrl).toMatch(new RegExp(`^${imageUrl}\\?expires=\\d+&viewer=3&signature=`));
      expect((await current()).image_url).toBe(imageUrl);
      const resent = await call<DeviceInfo>('PUT', DevicePaths.edit, manager, { id: ownDevice.id, deviceName: '后厨1号', imageUrl: body.data.imageUrl });
      expect(resent.statusCode).toBe(200);
      expect((await current()).image_url).toBe(imageUrl);
      const cleared = await call<DeviceInfo>('PUT', DevicePaths.edit, manager, { id: ownDevice.id, deviceName: '后厨1号', remark: '', imageUrl: null });
      expect(cleared.body.data).toMatchObject({ remark: '', imageUrl: null, technicalSupport: '李工' });
    });

    it('refuses a picture key another user uploaded or a provider document has; keeps one the device already has', async () => {
      const [document] = await backend.db.query<{ path: string }>('select file_path as path from provider_documents order by id limit 1');
      for (const imageUrl of ['/api/oss/uploads/u1/admin.png', '/api/oss/uploads/u33/a.png', document!.path]) {
        const before = await current();
        const { statusCode, body } = await call('PUT', DevicePaths.edit, manager, { id: ownDevice.id, deviceName: '鼠盒', imageUrl });
        expect(statusCode, imageUrl).toBe(400);
        expect(body.message).toBe('设备图片只能使用本人上传的图片');
        expect(await current()).toEqual(before);
      }
      // Put there by someone else (the admin, the seed): saving the device again keeps it.
      await backend.db.query('update devices set image_url = $2 where id = $1', [ownDevice.id, '/api/oss/uploads/u1/admin.png']);
      const kept = await call('PUT', DevicePaths.edit, manager, { id: ownDevice.id, deviceName: '鼠盒', imageUrl: '/api/oss/uploads/u1/admin.png' });
      expect(kept.statusCode).toBe(200);
      expect((await current()).image_url).toBe('/api/oss/uploads/u1/admin.png');
    });
  });
});
