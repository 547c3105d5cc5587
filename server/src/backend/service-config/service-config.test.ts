import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiMessages,
  DeviceEndpoints,
  AuditLogPaths,
  FilterPaths,
  ServiceConfigMessages,
  ServiceConfigPaths,
  type AuditEntry,
  type Page,
  type PlanFloorPlan,
  type PointDetail,
  type ServicePlanDetail,
  type ServiceRegionNode,
} from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, otherOrganisationId, signIn, type TestBackend } from '../testing.ts';

type Headers = Record<string, string>;
/** The demo manager's organisation. */
const OWN = 1;

describe(`服务配置 on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: Headers;
  let manager: Headers;
  let store: number;
  let otherStore: number;
  let deviceTypeId: number;

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
    const storeOf = async (organisation: number) =>
      (await backend.db.query<{ id: number }>('select id from customers where kind = 3 and path[1] = $1 order by id limit 1', [organisation]))[0]!.id;
    store = await storeOf(OWN);
    otherStore = await storeOf(await otherOrganisationId(backend.db, OWN));
    deviceTypeId = (await backend.db.query<{ id: number }>('select min(id) as id from device_types'))[0]!.id;
  });
  afterAll(async () => {
    await backend?.close();
  });

  const call = async <T>(url: string, headers: Headers, payload: object) => {
    const response = await backend.app.inject({ method: 'POST', url, headers, payload });
    return { statusCode: response.statusCode, body: response.json<{ status: number; message: string; data: T }>() };
  };
  const saved = async (url: string, payload: object, headers: Headers = admin) => {
    const { statusCode, body } = await call<{ id: number }>(url, headers, payload);
    expect(statusCode, body.message).toBe(200);
    return body.data.id;
  };
  const refusal = async (url: string, payload: object, headers: Headers = admin) => {
    const { statusCode, body } = await call(url, headers, payload);
    return [statusCode, body.message];
  };
  const plan = (overrides: object = {}) => ({ customerId: store, name: '新增虫控计划', startDate: '2026-12-01', endDate: '2027-11-30', visitsPerMonth: 2, pestIds: [1], ...overrides });
  const store0 = () => store;
  const otherPlan = async () => (await backend.db.query<{ id: number }>('select id from service_plans where customer_id = $1 limit 1', [otherStore]))[0]!.id;
  const point = (planId: number, regionId: number, overrides: object = {}) => ({ planId, regionId, code: 'N-001', deviceTypeId, x: 100, y: 120, ...overrides });

  it('builds a plan with a region tree and points placed on its floor plan, each listed as saved', async () => {
    const planId = await saved(ServiceConfigPaths.planSave, plan());
    const outside = await saved(ServiceConfigPaths.regionSave, { planId, parentId: null, name: '外围' });
    const kitchen = await saved(ServiceConfigPaths.regionSave, { planId, parentId: null, name: '后厨' });
    const washing = await saved(ServiceConfigPaths.regionSave, { planId, parentId: kitchen, name: '洗碗间' });
    await saved(ServiceConfigPaths.pointSave, point(planId, washing, { code: 'K-001', x: 400, y: 300 }));
    await saved(ServiceConfigPaths.pointSave, point(planId, outside, { code: 'W-001' }));

    const plans = (await call<ServicePlanDetail[]>(ServiceConfigPaths.planList, admin, { customerId: store })).body.data;
    expect(plans.find((row) => row.id === planId)).toMatchObject({ name: '新增虫控计划', visitsPerMonth: 2, pestIds: [1], regionCount: 3, pointCount: 2, visitCount: 0 });
    const regions = (await backend.app.inject({ method: 'GET', url: `${FilterPaths.serviceRegionList}?mediumId=${planId}`, headers: admin })).json<{ data: ServiceRegionNode[] }>().data;
    expect(regions.map((region) => [region.name, region.subList?.map((sub) => [sub.name, sub.level])])).toEqual([
      ['外围', undefined],
      ['后厨', [['洗碗间', 2]]],
    ]);
    const points = (await call<PointDetail[]>(ServiceConfigPaths.pointList, admin, { planId })).body.data;
    expect(points.map((row) => [row.code, row.regionName, row.x, row.y])).toEqual([
      ['K-001', '洗碗间', 400, 300],
      ['W-001', '外围', 100, 120],
    ]);
    // A top region's type is taken from its name when not chosen; a sub-area has its top's, for the plan's thresholds.
    const types = await backend.db.query<{ name: string; type: string }>('select name, region_type as type from service_regions where plan_id = $1 order by id', [planId]);
    expect(types.map((row) => [row.name, row.type])).toEqual([['外围', 'outside'], ['后厨', 'kitchen'], ['洗碗间', 'kitchen']]);
    // Its floor plan exists from the start: drawn from its regions until an image is uploaded.
    const floorPlan = (await call<PlanFloorPlan>(DeviceEndpoints.planFloorPlan.path, admin, { planId })).body.data;
    expect(floorPlan).toMatchObject({ width: 800, height: 650 });
    expect(floorPlan.texts!.map((text) => text.text)).toEqual(expect.arrayContaining(['后厨', '洗碗间']));
    const image = await backend.app.inject({ method: 'GET', url: floorPlan.url });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/svg+xml; charset=utf-8']);
    expect((await call(DeviceEndpoints.planFloorPlan.path, manager, { planId: await otherPlan() })).statusCode).toBe(404);

    // Dragged: saved at its new place with the version it was loaded at; an older version is refused.
    const moved = points[0]!;
    await saved(ServiceConfigPaths.pointSave, point(planId, moved.regionId, { id: moved.id, version: moved.version, code: moved.code, x: 500, y: 320 }));
    expect(await refusal(ServiceConfigPaths.pointSave, point(planId, moved.regionId, { id: moved.id, version: moved.version, code: moved.code, x: 1, y: 1 }))).toEqual([
      409,
      ApiMessages.editConflict,
    ]);
    const entries = (await call<Page<AuditEntry>>(AuditLogPaths.list, admin, { current: 1, size: 5, objectType: 'point', objectId: String(moved.id) })).body.data.records;
    expect(entries[0]!.changes).toEqual({ position: { before: '400, 300', after: '500, 320' } });
  });

  it("prints a plan's point labels: each QR carries its point's code, beside it the code, region and store", async () => {
    const planId = await saved(ServiceConfigPaths.planSave, plan({ name: '标签计划' }));
    const kitchen = await saved(ServiceConfigPaths.regionSave, { planId, parentId: null, name: '后厨' });
    const washing = await saved(ServiceConfigPaths.regionSave, { planId, parentId: kitchen, name: '洗碗间' });
    for (let n = 1; n <= 22; n += 1) await saved(ServiceConfigPaths.pointSave, point(planId, washing, { code: `L-${String(n).padStart(3, '0')}` }));
    const response = await backend.app.inject({ method: 'POST', url: ServiceConfigPaths.pointLabels, headers: admin, payload: { planId } });
    expect([response.statusCode, response.headers['content-type']]).toEqual([200, 'application/pdf']);

    const folder = await mkdtemp(path.join(tmpdir(), 'point-labels-'));
    try {
      const file = path.join(folder, 'labels.pdf');
      await writeFile(file, response.rawPayload);
      // 21 labels a page: the 22nd starts a second one.
      expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/^Pages:\s+2$/m);
      // In the order the labels were written; a long store name wraps onto a second line.
      const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\n/g, '');
      expect(text).toContain('L-001');
      expect(text).toContain('L-022');
      expect(text).toContain('后厨 / 洗碗间');
      const [store] = await backend.db.query<{ name: string }>('select name from customers where id = $1', [store0()]);
      expect(text).toContain(store!.name);
      // The first label's QR, as a phone's camera sees it printed: rendered at 150 dpi and decoded.
      execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-x', '0', '-y', '0', '-W', '450', '-H', '320', '-singlefile', file, path.join(folder, 'first')]);
      const png = PNG.sync.read(await readFile(path.join(folder, 'first.png')));
      expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe('L-001');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    expect((await call(ServiceConfigPaths.pointLabels, manager, { planId: await otherPlan() })).statusCode).toBe(404);
  });

  it("gives a plan's floor plan an uploaded image of our store, and takes it back to the drawing of its regions", async () => {
    const planId = await saved(ServiceConfigPaths.planSave, plan({ name: '平面图计划' }));
    await saved(ServiceConfigPaths.regionSave, { planId, parentId: null, name: '后厨' });
    const floorPlan = async () => (await call<PlanFloorPlan>(DeviceEndpoints.planFloorPlan.path, admin, { planId })).body.data;
    expect((await floorPlan()).url).toMatch(/\.svg\?/);

    expect(await refusal(ServiceConfigPaths.floorPlanImage, { planId, imageUrl: 'https://elsewhere.example/plan.png' })).toEqual([400, ServiceConfigMessages.floorPlanNotOurs]);
    const image = '/api/oss/uploads/u1/0123456789abcdef.png';
    await saved(ServiceConfigPaths.floorPlanImage, { planId, imageUrl: `${image}?Expires=1&Signature=x` });
    const uploaded = await floorPlan();
    // The stored path, handed out behind this viewer's signed link; an uploaded image says nothing of its texts.
    expect(uploaded.url.startsWith(`${image}?`)).toBe(true);
    expect([uploaded.texts, uploaded.uploaded]).toEqual([[], true]);
    const [entry] = (await call<Page<AuditEntry>>(AuditLogPaths.list, admin, { current: 1, size: 1, objectType: 'servicePlan', objectId: String(planId) })).body.data.records;
    expect(entry!.changes).toEqual({ floorPlan: { before: null, after: image } });

    await saved(ServiceConfigPaths.floorPlanImage, { planId, imageUrl: null });
    expect((await floorPlan()).url).toMatch(/\.svg\?/);
    expect(await refusal(ServiceConfigPaths.floorPlanImage, { planId: await otherPlan(), imageUrl: null }, manager)).toEqual([404, ServiceConfigMessages.planNotFound]);
  });

  it('names what is wrong with a plan, a region or a point', async () => {
    const planId = await saved(ServiceConfigPaths.planSave, plan({ name: '校验计划' }));
    const top = await saved(ServiceConfigPaths.regionSave, { planId, parentId: null, name: '仓库' });
    const middle = await saved(ServiceConfigPaths.regionSave, { planId, parentId: top, name: '冷库' });
    const bottom = await saved(ServiceConfigPaths.regionSave, { planId, parentId: middle, name: '冷库门口' });
    await saved(ServiceConfigPaths.pointSave, point(planId, bottom, { code: 'C-001' }));

    expect(await refusal(ServiceConfigPaths.planSave, plan({ endDate: '2026-01-01' }))).toEqual([400, '结束日期不能早于开始日期']);
    expect(await refusal(ServiceConfigPaths.planSave, plan({ visitsPerMonth: 0 }))).toEqual([400, '每月服务次数须在1到31之间']);
    expect(await refusal(ServiceConfigPaths.planSave, plan({ pestIds: [999_999] }))).toEqual([400, ServiceConfigMessages.pestNotFound]);
    expect(await refusal(ServiceConfigPaths.planSave, plan({ customerId: OWN }))).toEqual([400, ServiceConfigMessages.storeOnly]);
    expect(await refusal(ServiceConfigPaths.regionSave, { planId, parentId: bottom, name: '更深' })).toEqual([400, ServiceConfigMessages.regionTooDeep]);
    expect(await refusal(ServiceConfigPaths.regionSave, { id: top, planId, parentId: bottom, name: '仓库' })).toEqual([400, ServiceConfigMessages.regionParentIsSelf]);
    expect(await refusal(ServiceConfigPaths.pointSave, point(planId, bottom, { code: ' c-001 '.toUpperCase() }))).toEqual([400, ServiceConfigMessages.pointCodeTaken]);
    expect(await refusal(ServiceConfigPaths.pointSave, point(planId, bottom, { code: 'C-002', x: 801 }))).toEqual([400, '点位坐标须在平面图内（0–800, 0–650）']);
    const [elsewhere] = await backend.db.query<{ id: number }>('select id from service_regions where plan_id <> $1 order by id limit 1', [planId]);
    expect(await refusal(ServiceConfigPaths.pointSave, point(planId, elsewhere!.id, { code: 'C-003' }))).toEqual([400, ServiceConfigMessages.pointRegionElsewhere]);
    expect(await refusal(ServiceConfigPaths.regionSave, { planId, parentId: elsewhere!.id, name: '别处' })).toEqual([400, ServiceConfigMessages.regionParentElsewhere]);
  });

  it('deletes what has no history and refuses, with the reason, what has', async () => {
    const [used] = await backend.db.query<{ planId: number; pointId: number; regionId: number }>(
      `select j.plan_id as "planId", c.point_id as "pointId", pt.region_id as "regionId"
       from point_checks c join job_orders j on j.id = c.job_order_id join points pt on pt.id = c.point_id
       where pt.device_id is null order by j.id limit 1`,
    );
    expect(await refusal(ServiceConfigPaths.planDelete, { id: used!.planId })).toEqual([400, ServiceConfigMessages.planHasVisits]);
    expect(await refusal(ServiceConfigPaths.pointDelete, { id: used!.pointId })).toEqual([400, ServiceConfigMessages.pointHasHistory]);
    expect(await refusal(ServiceConfigPaths.regionDelete, { id: used!.regionId })).toEqual([400, ServiceConfigMessages.regionHasPoints]);
    const [bound] = await backend.db.query<{ id: number }>('select id from points where device_id is not null limit 1');
    expect(await refusal(ServiceConfigPaths.pointDelete, { id: bound!.id })).toEqual([400, ServiceConfigMessages.pointHasDevice]);

    const planId = await saved(ServiceConfigPaths.planSave, plan({ name: '试用计划' }));
    const top = await saved(ServiceConfigPaths.regionSave, { planId, parentId: null, name: '前厅' });
    const sub = await saved(ServiceConfigPaths.regionSave, { planId, parentId: top, name: '收银台' });
    const pointId = await saved(ServiceConfigPaths.pointSave, point(planId, sub, { code: 'F-001' }));
    expect(await refusal(ServiceConfigPaths.regionDelete, { id: top })).toEqual([400, ServiceConfigMessages.regionHasChildren]);
    expect((await call(ServiceConfigPaths.pointDelete, admin, { id: pointId })).statusCode).toBe(200);
    expect((await call(ServiceConfigPaths.regionDelete, admin, { id: sub })).statusCode).toBe(200);
    // The rest goes with the plan.
    expect((await call(ServiceConfigPaths.planDelete, admin, { id: planId })).statusCode).toBe(200);
    expect(await backend.db.query('select 1 from service_regions where plan_id = $1 union all select 1 from floor_plans where plan_id = $1', [planId])).toEqual([]);
  });

  it("lets a customer's manager configure their organisation's stores, and nothing of another's", async () => {
    const planId = await saved(ServiceConfigPaths.planSave, plan({ name: '经理的计划' }), manager);
    await saved(ServiceConfigPaths.regionSave, { planId, parentId: null, name: '外围' }, manager);
    expect(await refusal(ServiceConfigPaths.planSave, plan({ customerId: otherStore }), manager)).toEqual([404, ServiceConfigMessages.storeNotFound]);
    const [theirs] = await backend.db.query<{ id: number; regionId: number }>(
      'select p.id, (select min(r.id) from service_regions r where r.plan_id = p.id) as "regionId" from service_plans p where p.customer_id = $1 limit 1',
      [otherStore],
    );
    expect(await refusal(ServiceConfigPaths.regionSave, { planId: theirs!.id, parentId: null, name: '闯入' }, manager)).toEqual([404, ServiceConfigMessages.planNotFound]);
    expect(await refusal(ServiceConfigPaths.pointSave, point(theirs!.id, theirs!.regionId, { code: 'X-1' }), manager)).toEqual([404, ServiceConfigMessages.planNotFound]);
    expect((await call<ServicePlanDetail[]>(ServiceConfigPaths.planList, manager, { customerId: otherStore })).body.data).toEqual([]);
    expect((await call<PointDetail[]>(ServiceConfigPaths.pointList, manager, { planId: theirs!.id })).body.data).toEqual([]);
  });
});
