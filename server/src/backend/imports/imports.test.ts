import { createHmac } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DeviceModelPaths,
  DeviceRegistrationMessages,
  ApiMessages,
  AuditLogPaths,
  DevicePaths,
  ImportMessages,
  CustomerMessages,
  ImportPaths,
  Permission,
  ServiceConfigPaths,
  UPLOAD_SHEET_TYPE,
  UploadPaths,
  tableText,
  type AuditEntry,
  type ImportJob,
  type ImportStarted,
  type ImportCheck,
  type ImportKind,
  type OssConfig,
  type Page,
  type TableTextId,
  type TextLanguage,
} from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, otherOrganisationId, signIn, type TestBackend } from '../testing.ts';

type Headers = Record<string, string>;
const OWN = 1;
const NB_BOX_TYPE = 6;

const DEVICE_HEADERS: (TableTextId | string)[] = ['deviceNo', 'deviceName', 'deviceType', 'IMEI', 'IMSI', 'ICCID', 'importStoreCode', 'pointCode', 'technicalSupport', 'remark'];
const STORE_HEADERS: TableTextId[] = ['importStoreCode', 'storeName', 'importParentCode', 'importAddress', 'importContactName', 'importContactPhone'];
const POINT_HEADERS: TableTextId[] = ['pointCode', 'region', 'deviceType', 'importPointX', 'importPointY'];

/** A filled-in template as a spreadsheet program writes it: the header row in `language`, then the rows. */
async function sheet(headers: (TableTextId | string)[], rows: (string | number)[][], language: TextLanguage = 'zh'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet('导入');
  worksheet.addRow(headers.map((header) => (/^[A-Z]/.test(header) ? header : tableText(header as TableTextId, language))));
  for (const row of rows) worksheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The bulk import through the product's doors: the file uploaded with the signed policy, then dry run, error file, apply. */
describe(`bulk import on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: Headers;
  let manager: Headers;
  let store: { id: number; code: string };
  let otherStore: { id: number; code: string };
  let group: string;
  let planId: number;
  let points: { box: number; taken: number };

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
    const storeOf = async (organisation: number) =>
      (await backend.db.query<{ id: number; code: string }>('select id, code from customers where kind = 3 and path[1] = $1 order by id limit 1', [organisation]))[0]!;
    store = await storeOf(OWN);
    otherStore = await storeOf(await otherOrganisationId(backend.db, OWN));
    group = (await backend.db.query<{ code: string }>('select code from customers where kind = 1 and id = $1', [OWN]))[0]!.code;
    planId = await saved(ServiceConfigPaths.planSave, { customerId: store.id, name: '导入计划', startDate: '2026-12-01', endDate: '2027-11-30', visitsPerMonth: 2 });
    const regionId = await saved(ServiceConfigPaths.regionSave, { planId, parentId: null, name: '后厨' });
    await saved(ServiceConfigPaths.regionSave, { planId, parentId: regionId, name: '洗碗间' });
    const point = (code: string) => saved(ServiceConfigPaths.pointSave, { planId, regionId, code, deviceTypeId: NB_BOX_TYPE, x: 100, y: 100 });
    points = { box: await point('IMP-01'), taken: await point('IMP-02') };
    const deviceOnTaken = (await backend.db.query<{ id: number }>('select id from devices order by id limit 1'))[0]!.id;
    await backend.db.query('update points set device_id = null where device_id = $1', [deviceOnTaken]);
    await backend.db.query('update points set device_id = $1 where id = $2', [deviceOnTaken, points.taken]);
  });
  afterAll(() => backend?.close());

  async function call<T>(url: string, headers: Headers, payload: object) {
    const response = await backend.app.inject({ method: 'POST', url, headers, payload });
    return { statusCode: response.statusCode, body: response.json<{ status: number; message: string; data: T }>(), response };
  }
  async function saved(url: string, payload: object): Promise<number> {
    const { statusCode, body } = await call<{ id: number }>(url, admin, payload);
    expect(statusCode, body.message).toBe(200);
    return body.data.id;
  }
  /** Uploads the file as the console does, answering its object key. */
  async function upload(headers: Headers, bytes: Buffer): Promise<string> {
    const config = (await backend.app.inject({ method: 'GET', url: UploadPaths.ossConfig, headers })).json<{ data: OssConfig }>().data;
    const key = `${config.dir}${Math.random().toString(36).slice(2)}.xlsx`;
    const fields = { key, policy: config.policy, OSSAccessKeyId: config.accessKeyId, signature: config.signature, success_action_status: '200', 'Content-Type': UPLOAD_SHEET_TYPE };
    const boundary = '----pestimport';
    const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.xlsx"\r\ncontent-type: ${UPLOAD_SHEET_TYPE}\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
    const response = await backend.app.inject({ method: 'POST', url: config.host, payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(response.statusCode, response.body).toBe(200);
    return key;
  }
  const dryRun = (headers: Headers, body: { kind: ImportKind; file: string; planId?: number }) => call<ImportCheck>(ImportPaths.dryRun, headers, body);
  /** Starts the import and follows its job to its end: the job as its starter sees it then. */
  async function apply(headers: Headers, body: { kind: ImportKind; file: string; planId?: number }): Promise<ImportJob> {
    const started = await call<ImportStarted>(ImportPaths.apply, headers, body);
    expect(started.statusCode, started.body.message).toBe(200);
    for (;;) {
      const job = await call<ImportJob>(ImportPaths.job, headers, { jobId: started.body.data.jobId });
      expect(job.statusCode, job.body.message).toBe(200);
      if (job.body.data.state !== 'running') return job.body.data;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  const deviceCount = async () => Number((await backend.db.query<{ n: string }>("select count(*) as n from devices where device_no like 'IMP-%'"))[0]!.n);
  const box = (no: number, overrides: Partial<Record<'name' | 'type' | 'imei' | 'store' | 'point', string>> = {}) => [
    `IMP-${no}`,
    overrides.name ?? `导入鼠盒${no}`,
    overrides.type ?? 'NB-IoT鼠盒',
    overrides.imei ?? `86900000000${String(no).padStart(4, '0')}`,
    '',
    '',
    overrides.store ?? store.code,
    overrides.point ?? '',
    '张工',
    '',
  ];

  it('lists every problem of every row by row, column and message, offers them in an error column, and applies none of them', async () => {
    const file = await upload(admin, await sheet(DEVICE_HEADERS, [
      box(1),
      box(2, { name: '' }),
      box(3, { type: '烟感' }),
      box(4, { store: 'NO-SUCH-STORE', imei: '123' }),
      box(1, { imei: '869000000009999' }),
      box(6, { point: 'IMP-02' }),
      box(7, { point: 'NOPE' }),
    ]));
    const checked = await dryRun(admin, { kind: 'device', file });
    expect(checked.statusCode, checked.body.message).toBe(200);
    expect(checked.body.data).toMatchObject({ rows: 7, valid: false, created: 1, problemCount: 7 });
    expect(checked.body.data.problems).toEqual([
      { row: 3, column: '设备名称', message: '设备名称不能为空' },
      { row: 4, column: '设备类型', message: '设备类型须为NB-IoT鼠盒、LoRa鼠盒、LoRa网关之一' },
      { row: 5, column: 'IMEI', message: 'IMEI须为15位数字' },
      { row: 5, column: '门店编码', message: '门店编码不存在' },
      { row: 6, column: '设备编号', message: '设备编号与第2行重复' },
      { row: 7, column: '点位编号', message: '点位已绑定其他设备' },
      { row: 8, column: '点位编号', message: '点位不存在' },
    ]);

    const errors = await backend.app.inject({ method: 'POST', url: ImportPaths.errorFile, headers: admin, payload: { kind: 'device', file } });
    expect(errors.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(errors.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]!.getSheetValues() as unknown[][];
    expect(rows[1]!.slice(1)).toEqual([...DEVICE_HEADERS.map((header) => (/^[A-Z]/.test(header) ? header : tableText(header as TableTextId, 'zh'))), '错误']);
    expect(rows[2]![11]).toBeUndefined();
    expect(rows[5]![11]).toBe('IMEI须为15位数字；门店编码不存在');

    const refused = await apply(admin, { kind: 'device', file });
    expect([refused.state, refused.message]).toEqual(['failed', ImportMessages.hasProblems.replace('{count}', '7')]);
    expect(await deviceCount()).toBe(0);
  });

  it('creates devices at their stores and points with their secrets answered once, logs each, and changes nothing when the file comes again', async () => {
    const bytes = await sheet(DEVICE_HEADERS, [box(11, { point: 'IMP-01' }), box(12), box(13, { type: 'LoRa网关', imei: '' })]);
    const file = await upload(admin, bytes);
    expect((await dryRun(admin, { kind: 'device', file })).body.data).toMatchObject({ rows: 3, valid: true, created: 3, updated: 0, unchanged: 0, problemCount: 0, problems: [] });
    const applied = await apply(admin, { kind: 'device', file });
    expect(applied, applied.message ?? '').toMatchObject({ state: 'done', rows: 3, created: 3, updated: 0, unchanged: 0 });
    expect(applied.credentials.map((credential) => credential.deviceNo)).toEqual(['IMP-11', 'IMP-12', 'IMP-13']);

    const [bound] = await backend.db.query<{ id: number; customerId: number; pointId: number; status: number }>(
      `select d.id, d.customer_id as "customerId", p.id as "pointId", d.status from devices d left join points p on p.device_id = d.id where d.device_no = 'IMP-11'`,
    );
    expect(bound).toMatchObject({ customerId: store.id, pointId: points.box, status: 1 });
    // The secret answered is the one its reports are signed with.
    const { secret } = applied.credentials[0]!;
    const raw = JSON.stringify({ at: new Date().toISOString(), remainingPower: 90 });
    const report = await backend.app.inject({
      method: 'POST',
      url: DevicePaths.report,
      headers: { 'content-type': 'application/json', 'x-device-no': 'IMP-11', 'x-signature': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}` },
      payload: raw,
    });
    expect(report.statusCode, report.body).toBe(200);

    const log = await call<Page<AuditEntry>>(AuditLogPaths.list, admin, { current: 1, size: 5, objectType: 'device', objectId: String(bound!.id) });
    expect(log.body.data.records).toHaveLength(1);
    const storeName = (await backend.db.query<{ name: string }>('select name from customers where id = $1', [store.id]))[0]!.name;
    const added = (after: string) => ({ before: null, after });
    // The entry 新增设备 writes for one device: every field set, the secret masked.
    expect(log.body.data.records[0]).toMatchObject({ action: 'create', objectType: 'device', objectId: String(bound!.id) });
    expect(log.body.data.records[0]!.changes).toEqual({
      deviceNo: added('IMP-11'),
      deviceName: added('导入鼠盒11'),
      deviceType: added('NB-IoT鼠盒'),
      store: added(storeName),
      point: added('导入计划 IMP-01'),
      imei: added('869000000000011'),
      technicalSupport: added('张工'),
      state: added('在用'),
      secret: { before: '******', after: '******' },
    });
    expect(JSON.stringify(log.body.data.records[0])).not.toContain(secret);

    const again = await upload(admin, bytes);
    expect((await dryRun(admin, { kind: 'device', file: again })).body.data).toMatchObject({ valid: true, created: 0, unchanged: 3 });
    const reapplied = await apply(admin, { kind: 'device', file: again });
    expect(reapplied).toMatchObject({ state: 'done', created: 0, unchanged: 3, credentials: [] });
    expect(await deviceCount()).toBe(3);
    expect((await call<Page<AuditEntry>>(AuditLogPaths.list, admin, { current: 1, size: 5, objectType: 'device', objectId: String(bound!.id) })).body.data.records).toHaveLength(1);

    // The same number with other fields is not an update: the device's own dialogs change it.
    const changed = await upload(admin, await sheet(DEVICE_HEADERS, [box(12, { name: '改了名字' })]));
    const refused = await dryRun(admin, { kind: 'device', file: changed });
    expect(refused.body.data.problems).toEqual([{ row: 2, column: '设备编号', message: expect.stringMatching(/^设备编号已存在/) }]);
  });

  it('answers a job to its starter alone, with the secrets at the first look only, and runs one import of theirs at a time', async () => {
    const file = await upload(admin, await sheet(DEVICE_HEADERS, [box(51)]));
    const done = await apply(admin, { kind: 'device', file });
    expect(done.credentials.map((credential) => credential.deviceNo)).toEqual(['IMP-51']);
    const again = await call<ImportJob>(ImportPaths.job, admin, { jobId: done.jobId });
    expect(again.body.data).toMatchObject({ state: 'done', created: 1, credentials: [] });
    expect((await backend.db.query('select credentials from import_jobs where id = $1', [done.jobId]))[0]).toEqual({ credentials: null });
    const other = await call<ImportJob>(ImportPaths.job, manager, { jobId: done.jobId });
    expect([other.statusCode, other.body.message]).toEqual([404, ImportMessages.jobNotFound]);

    // One of the admin's still running: another waits its turn; one left by a process that died is told as interrupted.
    const [running] = await backend.db.query<{ id: number }>(
      "insert into import_jobs (user_id, kind) select id, 'device' from users where account = 'admin' returning id",
    );
    const refused = await call<ImportStarted>(ImportPaths.apply, admin, { kind: 'device', file });
    expect([refused.statusCode, refused.body.message]).toEqual([409, ImportMessages.alreadyRunning]);
    await backend.db.query("update import_jobs set started_at = now() - interval '7 minutes' where id = $1", [running!.id]);
    const interrupted = await call<ImportJob>(ImportPaths.job, admin, { jobId: running!.id });
    expect(interrupted.body.data).toMatchObject({ state: 'failed', message: ImportMessages.interrupted, created: 0 });
    expect(await apply(admin, { kind: 'device', file })).toMatchObject({ state: 'done', unchanged: 1 });
  });

  it("keeps a customer's manager to their own organisation, and their own uploads", async () => {
    const file = await upload(manager, await sheet(DEVICE_HEADERS, [box(21, { store: otherStore.code })]));
    expect((await dryRun(manager, { kind: 'device', file })).body.data.problems).toEqual([{ row: 2, column: '门店编码', message: '门店编码不存在' }]);
    expect((await apply(manager, { kind: 'device', file })).state).toBe('failed');
    // The admin's upload is no file for the manager.
    const adminFile = await upload(admin, await sheet(DEVICE_HEADERS, [box(22)]));
    const refused = await dryRun(manager, { kind: 'device', file: adminFile });
    expect([refused.statusCode, refused.body.message]).toEqual([404, ImportMessages.fileNotFound]);
    const own = await upload(manager, await sheet(DEVICE_HEADERS, [box(22)]));
    expect(await apply(manager, { kind: 'device', file: own })).toMatchObject({ state: 'done', created: 1 });
  });

  it("needs the kind's own permission: a role that may manage devices but not stores imports devices only", async () => {
    await backend.db.query("update roles set permissions = array_remove(permissions, 'customers:manage') where id = 3");
    const ops = await signIn(backend.app, 'ops');
    const stores = await upload(ops, await sheet(STORE_HEADERS, [['IMP-S8', '无权店', group, '', '', '']]));
    const refused = await dryRun(ops, { kind: 'store', file: stores });
    expect([refused.statusCode, refused.body.message]).toEqual([403, ApiMessages.permissionDenied(Permission.customersManage)]);
    const devices = await upload(ops, await sheet(DEVICE_HEADERS, [box(25)]));
    expect((await dryRun(ops, { kind: 'device', file: devices })).body.data).toMatchObject({ valid: true, created: 1 });
  });

  it('writes the same rows once when two people import them at once', async () => {
    const bytes = await sheet(DEVICE_HEADERS, [box(31), box(32)]);
    const ops = await signIn(backend.app, 'ops');
    const importers = [admin, ops];
    const files = await Promise.all(importers.map((headers) => upload(headers, bytes)));
    const outcomes = await Promise.all(files.map((file, index) => apply(importers[index]!, { kind: 'device', file })));
    const said = JSON.stringify(outcomes);
    const created = outcomes.filter((outcome) => outcome.state === 'done').reduce((sum, outcome) => sum + outcome.created, 0);
    expect(created, said).toBe(2);
    for (const outcome of outcomes) if (outcome.state !== 'done') expect(outcome.message, said).toBe(ImportMessages.changedMeanwhile);
    expect(Number((await backend.db.query<{ n: string }>("select count(*) as n from devices where device_no in ('IMP-31', 'IMP-32')"))[0]!.n)).toBe(2);
  });

  it('reads a template filled in any language, and refuses one whose headers are not the template', async () => {
    const english = await upload(admin, await sheet(DEVICE_HEADERS, [box(41)], 'en'));
    expect((await dryRun(admin, { kind: 'device', file: english })).body.data).toMatchObject({ valid: true, created: 1 });
    const wrong = await upload(admin, await sheet(['deviceNo', 'deviceType', 'deviceName'], [box(42)]));
    const refused = await dryRun(admin, { kind: 'device', file: wrong });
    expect([refused.statusCode, refused.body.message]).toEqual([400, '第2列的表头应为“设备名称”，请使用导入模板']);
    const notASheet = await dryRun(admin, { kind: 'device', file: await upload(admin, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)])) });
    expect([notASheet.statusCode, notASheet.body.message]).toEqual([400, ImportMessages.notASheet]);
  });

  it("places a store in the region tree and a sales area by name, names a region or area that is not there, and keeps them when a sheet of the earlier template leaves them out", async () => {
    const headers: TableTextId[] = [...STORE_HEADERS, 'importRegionPath', 'importSalesArea'];
    const placed = ['IMP-R1', '地区一店', group, '', '', '', '上海市/市辖区/徐汇区', '华东'];
    const wrong = await upload(admin, await sheet(headers, [placed, ['IMP-R2', '地区二店', group, '', '', '', '上海市/市辖区/海淀区', '华东'], ['IMP-R3', '地区三店', group, '', '', '', '上海市', '东海']]));
    expect((await dryRun(admin, { kind: 'store', file: wrong })).body.data.problems).toEqual([
      { row: 3, column: '地区（省/市/区）', message: CustomerMessages.regionMismatch },
      { row: 4, column: '大区', message: CustomerMessages.areaNotFound },
    ]);
    const file = await upload(admin, await sheet(headers, [placed]));
    expect(await apply(admin, { kind: 'store', file })).toMatchObject({ state: 'done', created: 1 });
    const placeOf = async () =>
      (
        await backend.db.query<{ place: string }>(
          `select concat_ws('/', p.name, c.name, d.name) || ' ' || a.name as place from customers s
           join regions p on p.id = s.province_id join regions c on c.id = s.city_id join regions d on d.id = s.district_id
           join sales_areas a on a.id = s.area_id where s.code = 'IMP-R1'`,
        )
      )[0]?.place;
    expect(await placeOf()).toBe('上海市/市辖区/徐汇区 华东');
    expect(await apply(admin, { kind: 'store', file: await upload(admin, await sheet(headers, [placed])) })).toMatchObject({ state: 'done', unchanged: 1 });
    const earlier = await upload(admin, await sheet(STORE_HEADERS, [placed.slice(0, 6)]));
    expect(await apply(admin, { kind: 'store', file: earlier })).toMatchObject({ state: 'done', unchanged: 1 });
    expect(await placeOf()).toBe('上海市/市辖区/徐汇区 华东');
  });

  it('imports stores under a parent by code, updates a changed one (audited) and leaves an equal one', async () => {
    const rows = [
      ['IMP-S1', '导入一店', group, '漕溪北路1号', '王经理', '13800000011'],
      ['IMP-S2', '导入二店', group, '', '', ''],
    ];
    const file = await upload(admin, await sheet(STORE_HEADERS, rows));
    expect(await apply(admin, { kind: 'store', file })).toMatchObject({ state: 'done', created: 2, updated: 0, unchanged: 0 });
    const [created] = await backend.db.query<{ id: number; path: number[]; parentId: number }>("select id, path, parent_id as \"parentId\" from customers where code = 'IMP-S1'");
    expect(created).toMatchObject({ parentId: OWN, path: [OWN, created!.id] });

    const changed = await upload(admin, await sheet(STORE_HEADERS, [rows[0]!, ['IMP-S2', '导入二店（新）', group, '', '', ''], ['IMP-S3', '', 'NO-SUCH', '', '', '12']]));
    const checked = await dryRun(admin, { kind: 'store', file: changed });
    expect(checked.body.data.problems).toEqual([
      { row: 4, column: '门店名称', message: '客户名称不能为空' },
      { row: 4, column: '上级编码', message: '上级编码不存在' },
    ]);
    const fixed = await upload(admin, await sheet(STORE_HEADERS, [rows[0]!, ['IMP-S2', '导入二店（新）', group, '', '', '']]));
    expect(await apply(admin, { kind: 'store', file: fixed })).toMatchObject({ state: 'done', created: 0, updated: 1, unchanged: 1 });
    const [second] = await backend.db.query<{ id: number; version: number }>("select id, version from customers where code = 'IMP-S2'");
    expect(second!.version).toBe(2);
    const log = await call<Page<AuditEntry>>(AuditLogPaths.list, admin, { current: 1, size: 5, objectType: 'customer', objectId: String(second!.id) });
    expect(log.body.data.records[0]).toMatchObject({ action: 'update', changes: { name: { before: '导入二店', after: '导入二店（新）' } } });

    // A manager cannot put a store under another organisation.
    const other = (await backend.db.query<{ code: string }>('select code from customers where id = $1', [await otherOrganisationId(backend.db, OWN)]))[0]!.code;
    const outside = await upload(manager, await sheet(STORE_HEADERS, [['IMP-S9', '越界店', other, '', '', '']]));
    expect((await dryRun(manager, { kind: 'store', file: outside })).body.data.problems).toEqual([{ row: 2, column: '上级编码', message: '上级编码不存在' }]);
  });

  it("imports a plan's points by region path and device type name, and again changes nothing", async () => {
    const bytes = await sheet(POINT_HEADERS, [
      ['IMP-P1', '后厨', '粘鼠板', 10, 20],
      ['IMP-P2', '后厨/洗碗间', '智能鼠盒 NB-IoT', 30, 40],
    ]);
    const file = await upload(admin, bytes);
    expect((await dryRun(admin, { kind: 'point', file })).statusCode).toBe(400);
    expect(await apply(admin, { kind: 'point', file, planId })).toMatchObject({ state: 'done', created: 2, updated: 0, unchanged: 0 });
    expect(await apply(admin, { kind: 'point', file: await upload(admin, bytes), planId })).toMatchObject({ state: 'done', created: 0, unchanged: 2 });
    const wrong = await upload(admin, await sheet(POINT_HEADERS, [['IMP-P1', '前厅', '粘鼠板', 'x', 20]]));
    expect((await dryRun(admin, { kind: 'point', file: wrong, planId })).body.data.problems).toEqual([
      { row: 2, column: '区域', message: '该服务计划中没有这个区域' },
      { row: 2, column: 'X坐标', message: 'X坐标须为整数' },
    ]);
    const template = await backend.app.inject({ method: 'GET', url: `${ImportPaths.template}?kind=point`, headers: admin });
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-disposition']).toContain('.xlsx');
  });

  it('takes a LoRa box’s DevEUI (any case, with separators) and its model by name, and names a DevEUI taken or malformed and a model that is not there', async () => {
    const model = await call<{ id: number }>(DeviceModelPaths.save, admin, { name: 'IMP-RB', vendor: '导入', deviceType: 2, reportIntervalMinutes: 30 });
    expect(model.statusCode, model.body.message).toBe(200);
    const headers = [...DEVICE_HEADERS, 'DevEUI', 'deviceModelName'] as (TableTextId | string)[];
    const lora = (no: number, devEui: string, modelName: string) => [...box(no, { type: 'LoRa鼠盒', imei: '' }), devEui, modelName];
    const file = await upload(admin, await sheet(headers, [lora(41, '70-B3-D5-7E-D0-00-AA-01', 'imp-rb'), lora(42, '70b3d57ed000aa01', ''), lora(43, 'XYZ', 'IMP-RB'), lora(44, '', '没有的型号')]));
    expect((await dryRun(admin, { kind: 'device', file })).body.data.problems).toEqual([
      { row: 3, column: 'DevEUI', message: 'DevEUI与第2行重复' },
      { row: 4, column: 'DevEUI', message: DeviceRegistrationMessages.devEuiFormat },
      { row: 5, column: '设备型号', message: '设备型号不存在（填写设备型号页面上的型号名称）' },
    ]);
    const good = await upload(admin, await sheet(headers, [lora(41, '70-B3-D5-7E-D0-00-AA-01', 'imp-rb')]));
    expect((await apply(admin, { kind: 'device', file: good })).state).toBe('done');
    const [device] = await backend.db.query<{ devEui: string; modelId: number }>(`select dev_eui as "devEui", model_id as "modelId" from devices where device_no = 'IMP-41'`);
    expect(device).toEqual({ devEui: '70b3d57ed000aa01', modelId: model.body.data.id });
    const again = await upload(admin, await sheet(headers, [lora(45, '70B3D57ED000AA01', '')]));
    expect((await dryRun(admin, { kind: 'device', file: again })).body.data.problems).toEqual([{ row: 2, column: 'DevEUI', message: DeviceRegistrationMessages.devEuiTaken }]);
  });
});

