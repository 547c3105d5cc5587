import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiMessages,
  AuditLogPaths,
  DeviceKind,
  DevicePaths,
  DeviceRegistrationMessages,
  DeviceRegistrationPaths,
  DeviceModelPaths,
  ServiceConfigPaths,
  type AuditEntry,
  type DeviceAdded,
  type DeviceInfo,
  type DeviceRow,
  type Page,
} from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, otherOrganisationId, signIn, type TestBackend } from '../testing.ts';
import { signReport } from './report-signature.ts';

type Headers = Record<string, string>;
const OWN = 1;
/** device_types: the NB-IoT box's and a glue board's. */
const NB_BOX_TYPE = 6;
const GLUE_BOARD_TYPE = 1;

/** 设备管理's writes: a device registered with its secret shown once, reporting with it, bound, moved and retired. */
describe(`device registration on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: Headers;
  let manager: Headers;
  let store: number;
  let otherStore: number;
  let points: { box: number; box2: number; board: number };

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
    const storeOf = async (organisation: number) =>
      (await backend.db.query<{ id: number }>('select id from customers where kind = 3 and path[1] = $1 order by id limit 1', [organisation]))[0]!.id;
    store = await storeOf(OWN);
    otherStore = await storeOf(await otherOrganisationId(backend.db, OWN));
    // A plan of the store's own with free points, made through the product's doors.
    const planId = await saved(ServiceConfigPaths.planSave, { customerId: store, name: '设备登记计划', startDate: '2026-12-01', endDate: '2027-11-30', visitsPerMonth: 2 });
    const regionId = await saved(ServiceConfigPaths.regionSave, { planId, parentId: null, name: '后厨' });
    const point = (code: string, deviceTypeId: number) => saved(ServiceConfigPaths.pointSave, { planId, regionId, code, deviceTypeId, x: 100, y: 100 });
    points = { box: await point('NB-01', NB_BOX_TYPE), box2: await point('NB-02', NB_BOX_TYPE), board: await point('GB-01', GLUE_BOARD_TYPE) };
  });
  afterAll(() => backend?.close());

  async function call<T>(url: string, headers: Headers, payload: object) {
    const response = await backend.app.inject({ method: 'POST', url, headers, payload });
    return { statusCode: response.statusCode, body: response.json<{ status: number; message: string; data: T }>(), raw: response.body };
  }
  async function saved(url: string, payload: object, headers: Headers = admin): Promise<number> {
    const { statusCode, body } = await call<{ id: number }>(url, headers, payload);
    expect(statusCode, body.message).toBe(200);
    return body.data.id;
  }
  const refusal = async (url: string, payload: object, headers: Headers = admin) => {
    const { statusCode, body } = await call(url, headers, payload);
    return [statusCode, body.message];
  };
  const box = (overrides: object = {}) => ({ deviceNo: 'RB-NB-9000001', deviceName: '后厨1号鼠盒', deviceType: DeviceKind.nbIotRodentBox, imei: '869000000000001', customerId: store, ...overrides });
  const report = (deviceNo: string, secret: string, body: object) => {
    const raw = JSON.stringify({ at: new Date().toISOString(), ...body });
    return backend.app.inject({
      method: 'POST',
      url: DevicePaths.report,
      headers: { 'content-type': 'application/json', 'x-device-no': deviceNo, 'x-signature': signReport(secret, raw) },
      payload: raw,
    });
  };
  const info = async (id: number) => (await backend.app.inject({ method: 'GET', url: `${DevicePaths.get}?id=${id}`, headers: admin })).json<{ data: DeviceInfo }>().data;
  const listed = async (name: string) =>
    (await call<Page<DeviceRow>>(DevicePaths.list, admin, { current: 1, size: 20, isCustomer: true, filters: { name } })).body.data.records.map((row) => row.deviceNo);

  it('registers a device at a point with a secret answered once, offline until it reports with it', async () => {
    const added = await call<DeviceAdded>(DeviceRegistrationPaths.add, admin, box({ pointId: points.box }));
    expect(added.statusCode, added.body.message).toBe(200);
    const { id, secret, deviceNo, headers } = added.body.data;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect({ deviceNo, headers }).toEqual({ deviceNo: 'RB-NB-9000001', headers: { deviceNo: 'x-device-no', signature: 'x-signature' } });

    const before = await info(id);
    expect(before).toMatchObject({ deviceNo, status: 1, remainingPower: null, lastCommunicationDate: null, binding: { pointCode: 'NB-01' } });
    expect(await listed('RB-NB-9000001')).toEqual(['RB-NB-9000001']);

    expect((await report(deviceNo, 'not-its-secret', { event: 'heartbeat', battery: 90 })).statusCode).toBe(401);
    expect((await report(deviceNo, secret, { event: 'heartbeat', battery: 90 })).statusCode).toBe(200);
    expect(await info(id)).toMatchObject({ status: 2, remainingPower: 90 });

    const log = await call<Page<AuditEntry>>(AuditLogPaths.list, admin, { current: 1, size: 5, objectType: 'device', objectId: String(id) });
    expect(log.raw).not.toContain(secret);
    expect(log.body.data.records[0]).toMatchObject({ action: 'create', changes: { deviceNo: { before: null, after: 'RB-NB-9000001' }, point: { after: '设备登记计划 NB-01' } } });
  });

  it('registers one of two devices sent at once with the same IMEI, and names the IMEI to the other', async () => {
    const outcomes = await Promise.all(
      ['RB-NB-9000011', 'RB-NB-9000012'].map((deviceNo) => call<DeviceAdded>(DeviceRegistrationPaths.add, admin, box({ deviceNo, imei: '869000000000077' }))),
    );
    expect(outcomes.map((outcome) => outcome.statusCode).sort()).toEqual([200, 400]);
    expect(outcomes.find((outcome) => outcome.statusCode === 400)!.body.message).toBe(DeviceRegistrationMessages.imeiTaken);
  });

  it('names what is wrong and registers nothing', async () => {
    expect(await refusal(DeviceRegistrationPaths.add, box())).toEqual([400, DeviceRegistrationMessages.deviceNoTaken]);
    expect(await refusal(DeviceRegistrationPaths.add, box({ deviceNo: 'RB-NB-9000002' }))).toEqual([400, DeviceRegistrationMessages.imeiTaken]);
    expect(await refusal(DeviceRegistrationPaths.add, box({ deviceNo: 'RB-NB-9000002', imei: '123' }))).toEqual([400, 'IMEI须为15位数字']);
    expect(await refusal(DeviceRegistrationPaths.add, box({ deviceNo: 'RB-NB-9000002', imei: null, pointId: points.box }))).toEqual([400, DeviceRegistrationMessages.pointTaken]);
    expect(await refusal(DeviceRegistrationPaths.add, box({ deviceNo: 'RB-NB-9000002', imei: null, pointId: points.board }))).toEqual([400, DeviceRegistrationMessages.pointTypeMismatch]);
    expect(await refusal(DeviceRegistrationPaths.add, box({ deviceNo: 'RB-NB-9000002', imei: null, customerId: OWN }))).toEqual([400, DeviceRegistrationMessages.storeOnly]);
    expect(await refusal(DeviceRegistrationPaths.add, box({ deviceNo: 'RB-NB-9000002', imei: null, customerId: otherStore, pointId: points.box2 }))).toEqual([
      400,
      DeviceRegistrationMessages.pointElsewhere,
    ]);
    expect(await refusal(DeviceRegistrationPaths.add, box({ deviceNo: 'RB-NB-9000002', imei: null, customerId: otherStore }), manager)).toEqual([
      404,
      DeviceRegistrationMessages.storeNotFound,
    ]);
    expect(await backend.db.query("select 1 from devices where device_no = 'RB-NB-9000002'")).toEqual([]);
  });

  it('binds, unbinds and moves a device, refusing a change over someone else’s', async () => {
    const { id } = (await call<DeviceAdded>(DeviceRegistrationPaths.add, manager, box({ deviceNo: 'RB-NB-9000003', imei: null }))).body.data;
    const { version } = await info(id);
    await saved(DeviceRegistrationPaths.bind, { id, pointId: points.box2, version });
    expect((await info(id)).binding?.pointCode).toBe('NB-02');
    expect(await refusal(DeviceRegistrationPaths.unbind, { id, version })).toEqual([409, ApiMessages.editConflict]);
    await saved(DeviceRegistrationPaths.unbind, { id });
    expect((await info(id)).binding).toBeNull();
    expect(await refusal(DeviceRegistrationPaths.unbind, { id })).toEqual([400, DeviceRegistrationMessages.notBound]);
    // A manager moves it only within their organisation.
    expect(await refusal(DeviceRegistrationPaths.move, { id, customerId: otherStore }, manager)).toEqual([404, DeviceRegistrationMessages.storeNotFound]);
    await saved(DeviceRegistrationPaths.move, { id, customerId: otherStore });
    expect((await info(id)).customerId).toBe(otherStore);
    expect(await refusal(DeviceRegistrationPaths.retire, { id }, manager)).toEqual([404, DeviceRegistrationMessages.notFound]);
  });

  it('retires a device: out of the lists and the counts, its reports refused, its history kept', async () => {
    const { id, secret, deviceNo } = (await call<DeviceAdded>(DeviceRegistrationPaths.add, admin, box({ deviceNo: 'RB-NB-9000004', imei: null, pointId: points.box2 }))).body.data;
    expect((await report(deviceNo, secret, { event: 'capture', battery: 70 })).statusCode).toBe(200);
    const counted = async () =>
      (await backend.db.query<{ n: number }>('select coalesce(sum(offline + online + fault), 0)::int as n from store_device_counts where customer_id = $1', [store]))[0]!.n;
    const before = await counted();
    await saved(DeviceRegistrationPaths.retire, { id });
    expect(await counted()).toBe(before - 1);
    expect(await listed('RB-NB-9000004')).toEqual([]);
    expect((await report(deviceNo, secret, { event: 'heartbeat', battery: 70 })).statusCode).toBe(401);
    expect(await backend.db.query('select 1 from device_events where device_id = $1', [id])).not.toEqual([]);
    expect(await backend.db.query('select 1 from points where device_id = $1', [id])).toEqual([]);
    expect(await refusal(DeviceRegistrationPaths.bind, { id, pointId: points.box2 })).toEqual([400, DeviceRegistrationMessages.retired]);
    // Its number stays its own: the history names it.
    expect(await refusal(DeviceRegistrationPaths.add, box({ deviceNo, imei: null }))).toEqual([400, DeviceRegistrationMessages.deviceNoTaken]);
  });

  it("gives a LoRa box its DevEUI and model after registration, refusing a DevEUI in use, a bad one, and a model change by one who does not keep the models", async () => {
    const lora = (deviceNo: string) => box({ deviceNo, deviceName: 'LoRa鼠盒', deviceType: DeviceKind.loraRodentBox, imei: null });
    const first = (await call<DeviceAdded>(DeviceRegistrationPaths.add, admin, lora('RB-LR-9000001'))).body.data.id;
    const second = (await call<DeviceAdded>(DeviceRegistrationPaths.add, admin, lora('RB-LR-9000002'))).body.data.id;
    const modelId = await saved(DeviceModelPaths.save, { name: '登记测试型号', vendor: '测试厂商', deviceType: DeviceKind.loraRodentBox, reportIntervalMinutes: 60 });

    const version = (await info(first)).version;
    await saved(DeviceRegistrationPaths.connectivity, { id: first, version, devEui: '70-B3-D5-7E-D0-00-00-01', modelId });
    expect(await info(first)).toMatchObject({ devEui: '70b3d57ed0000001', modelId, version: version + 1 });
    // Someone saving from the version before is refused.
    expect(await refusal(DeviceRegistrationPaths.connectivity, { id: first, version, devEui: null, modelId: null })).toEqual([409, ApiMessages.editConflict]);
    expect(await refusal(DeviceRegistrationPaths.connectivity, { id: second, devEui: '70B3D57ED0000001', modelId: null })).toEqual([400, DeviceRegistrationMessages.devEuiTaken]);
    expect(await refusal(DeviceRegistrationPaths.connectivity, { id: second, devEui: '70B3D57ED00000', modelId: null })).toEqual([400, DeviceRegistrationMessages.devEuiFormat]);
    expect(await refusal(DeviceRegistrationPaths.connectivity, { id: second, devEui: null, modelId: 2_000_000 })).toEqual([400, DeviceRegistrationMessages.modelNotFound]);
    // A customer's manager (devices:manage without the models) sets the DevEUI of their own box and keeps its model.
    const managersBox = (await call<DeviceAdded>(DeviceRegistrationPaths.add, admin, lora('RB-LR-9000003'))).body.data.id;
    await saved(DeviceRegistrationPaths.connectivity, { id: managersBox, devEui: '70b3d57ed0000003', modelId: null }, manager);
    expect(await refusal(DeviceRegistrationPaths.connectivity, { id: managersBox, devEui: '70b3d57ed0000003', modelId }, manager)).toEqual([403, DeviceRegistrationMessages.modelNotYours]);

    const log = await call<Page<AuditEntry>>(AuditLogPaths.list, admin, { current: 1, size: 5, objectType: 'device', objectId: String(first) });
    expect(log.body.data.records[0]).toMatchObject({ action: 'update', changes: { devEui: { before: null, after: '70b3d57ed0000001' }, model: { before: null, after: '测试厂商 登记测试型号' } } });
  });
});
