import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterPaths, type NamedItem, type PointOption, type ServicePlan, type ServiceRegionNode, CustomerKind } from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

const DEMO_ORGANISATION_ID = 1;
const OTHER_ORGANISATION_ID = 2;

describe(`plan filter API on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: { authorization: string };
  let manager: { authorization: string };
  let demoStoreId: number;
  let otherStoreId: number;
  let otherPlanId: number;

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
    const firstStore = async (organisationId: number) =>
      (await backend.db.query<{ id: number }>(`select id from customers where path[1] = $1 and kind = ${CustomerKind.store} order by id limit 1`, [organisationId]))[0]!.id;
    demoStoreId = await firstStore(DEMO_ORGANISATION_ID);
    otherStoreId = await firstStore(OTHER_ORGANISATION_ID);
    otherPlanId = (await backend.db.query<{ id: number }>('select id from service_plans where customer_id = $1 order by id limit 1', [otherStoreId]))[0]!.id;
  });
  afterAll(() => backend?.close());

  const request = async <T>(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) => {
    const response = await backend.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { statusCode: response.statusCode, body: response.json<{ status: number; message: string; data: T }>() };
  };
  const data = async <T>(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) => {
    const { statusCode, body } = await request<T>(method, url, headers, payload);
    expect(statusCode).toBe(200);
    return body.data;
  };
  const plansOf = (customerId: number, headers = manager) => data<ServicePlan[]>('GET', `${FilterPaths.servicePlanList}?customerId=${customerId}`, headers);

  it("lists a store's plans, and every plan below an organisation", async () => {
    const plans = await plansOf(demoStoreId);
    expect(plans.length).toBeGreaterThanOrEqual(1);
    expect(plans.length).toBeLessThanOrEqual(2);
    expect(plans[0]).toMatchObject({ name: expect.stringMatching(/^\d{4}年度.+方案$/), riskId: expect.any(Number), customerId: demoStoreId });
    const all = await plansOf(DEMO_ORGANISATION_ID);
    expect(all.length).toBeGreaterThan(plans.length);
    expect(all).toEqual(expect.arrayContaining(plans));
  });

  it("nests a plan's regions by level", async () => {
    const [plan] = await plansOf(demoStoreId);
    const regions = await data<ServiceRegionNode[]>('GET', `${FilterPaths.serviceRegionList}?mediumId=${plan!.id}`, manager);
    expect(regions.map((region) => region.name)).toEqual(expect.arrayContaining(['外围', '后厨']));
    for (const top of regions) {
      expect(top.level).toBe(1);
      expect(top.subList!.length).toBeGreaterThan(0);
      for (const sub of top.subList!) expect(sub).toEqual({ id: expect.any(Number), name: expect.any(String), level: 2 });
    }
  });

  it("lists a plan's points, optionally of some device types", async () => {
    const [plan] = await plansOf(demoStoreId);
    const points = await data<PointOption[]>('POST', FilterPaths.pointByParam, manager, { mediumId: plan!.id });
    expect(points.length).toBeGreaterThan(10);
    expect(points[0]).toEqual({
      id: expect.any(Number),
      name: `${points[0]!.deviceTypeName} ${points[0]!.pointCode}`,
      pointCode: expect.stringMatching(/^[A-E]-\d{3}$/),
      deviceTypeId: expect.any(Number),
      deviceTypeName: expect.any(String),
      regionId: expect.any(Number),
      regionName: expect.any(String),
    });
    const regions = await data<ServiceRegionNode[]>('GET', `${FilterPaths.serviceRegionList}?mediumId=${plan!.id}`, manager);
    const subAreaIds = regions.flatMap((top) => top.subList!.map((sub) => sub.id));
    expect(points.every((point) => subAreaIds.includes(point.regionId))).toBe(true);

    const typeIds = [...new Set(points.map((point) => point.deviceTypeId))].slice(0, 2);
    const some = await data<PointOption[]>('POST', FilterPaths.pointByParam, manager, { mediumId: plan!.id, deviceTypeIds: typeIds });
    expect(some).toEqual(points.filter((point) => typeIds.includes(point.deviceTypeId)));
  });

  it("lists a plan's risk types and the issues under each", async () => {
    const [plan] = await plansOf(demoStoreId);
    const types = await data<NamedItem[]>('GET', `${FilterPaths.riskTypeList}?id=${plan!.riskId}`, manager);
    expect(types.map((type) => type.name)).toContain('结构风险');
    const issues = await data<NamedItem[]>('GET', `${FilterPaths.riskIssueList}?parentId=${types[0]!.id}`, manager);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.map((issue) => issue.id)).not.toContain(types[0]!.id);
    expect(await data('GET', `${FilterPaths.riskTypeList}?id=999`, manager)).toEqual([]);
  });

  it('lists every risk type once by name for a form without a plan', async () => {
    const all = await data<NamedItem[]>('GET', FilterPaths.riskTypeList, manager);
    const names = all.map((type) => type.name);
    expect(new Set(names).size).toBe(names.length);
    const [plan] = await plansOf(demoStoreId);
    const ofPlan = await data<NamedItem[]>('GET', `${FilterPaths.riskTypeList}?id=${plan!.riskId}`, manager);
    expect(names).toEqual(expect.arrayContaining(ofPlan.map((type) => type.name)));
  });

  it("gives a manager nothing of another organisation's plans, regions or points", async () => {
    expect(await plansOf(otherStoreId)).toEqual([]);
    expect(await plansOf(OTHER_ORGANISATION_ID)).toEqual([]);
    expect(await data('GET', `${FilterPaths.serviceRegionList}?mediumId=${otherPlanId}`, manager)).toEqual([]);
    expect(await data('POST', FilterPaths.pointByParam, manager, { mediumId: otherPlanId })).toEqual([]);
    // The same ids are there for an admin.
    expect((await plansOf(otherStoreId, admin)).length).toBeGreaterThan(0);
    expect((await data<unknown[]>('POST', FilterPaths.pointByParam, admin, { mediumId: otherPlanId })).length).toBeGreaterThan(0);
  });

  it.each([
    ['GET', `${FilterPaths.servicePlanList}?customerId=abc`, undefined, 'querystring/customerId'],
    ['GET', FilterPaths.servicePlanList, undefined, 'querystring/customerId'],
    ['GET', `${FilterPaths.serviceRegionList}?mediumId=0`, undefined, 'querystring/mediumId'],
    ['GET', `${FilterPaths.riskIssueList}?parentId=-1`, undefined, 'querystring/parentId'],
    ['POST', FilterPaths.pointByParam, { mediumId: 1, deviceTypeIds: 6 }, 'body/deviceTypeIds'],
    ['POST', FilterPaths.pointByParam, { deviceTypeIds: [6] }, 'body/mediumId'],
  ] as const)('%s %s answers 400 naming the field', async (method, url, payload, field) => {
    const { statusCode, body } = await request(method, url, admin, payload);
    expect(statusCode).toBe(400);
    expect(body.message).toContain(field);
  });
});
