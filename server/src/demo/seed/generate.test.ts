import { CustomerKind } from '@pest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { Db } from '../../backend/db/db.ts';
import { openTestDb, TEST_DEMO_ANCHOR, testDriver } from '../../backend/db/testing.ts';
import { GENERATED_TABLES, generateDomain } from './generate.ts';
import { plannedSizes } from './layout.ts';
import { DEMO_CUSTOMER_NAME } from './organisations.ts';
import { loadDivisions } from '../../backend/db/reference/regions.ts';
import { SALES_AREAS } from '../../backend/db/reference/sales-areas.ts';

describe(`demo data generator on ${testDriver}`, () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db?.close());

  const count = async (sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(`select count(*) as n from (${sql}) q`, params))[0]!.n;

  /** One md5 per generated table over its rows in text form, in a fixed order. */
  const digests = async () => {
    const result: Record<string, string> = {};
    for (const table of GENERATED_TABLES) {
      // Rows as generated: created_at says when a row was inserted (the product's own column), not what the seed made.
      const [row] = await db.query<{ digest: string }>(
        `select md5(coalesce(string_agg(r, '|' order by r), '')) as digest from (select (to_jsonb(t) - 'created_at')::text as r from ${table} t) rows`,
      );
      result[table] = row!.digest;
    }
    return result;
  };

  it('generates the planned number of rows at the small scale', async () => {
    const planned = plannedSizes('small');
    const kinds = await db.query<{ kind: number; n: number }>('select kind, count(*) as n from customers group by kind order by kind');
    expect(kinds).toEqual([
      { kind: CustomerKind.organisation, n: planned.organisations },
      { kind: CustomerKind.group, n: planned.groups },
      { kind: CustomerKind.store, n: planned.stores },
    ]);
    expect(await count('select * from contacts')).toBe(planned.contacts);
    expect(await count('select * from service_plans')).toBe(planned.plans);
    expect(await count('select * from service_regions')).toBe(planned.serviceRegions);
    expect(await count('select * from devices')).toBe(planned.devices);
    expect(await count('select * from points')).toBe(planned.points);
  });

  it('plans the sizes the issue asks for at the medium and large scales', () => {
    const medium = plannedSizes('medium');
    expect(medium).toMatchObject({ organisations: 30, stores: 300 });
    expect(medium.devices).toBeGreaterThan(5_500);
    expect(medium.devices).toBeLessThan(6_500);
    const large = plannedSizes('large');
    expect(large.stores).toBe(3_000);
    expect(large.devices).toBeGreaterThan(55_000);
    expect(large.devices).toBeLessThan(65_000);
    expect(plannedSizes('large')).toEqual(large);
  });

  it('keeps every point, its plan, region and device in one store', async () => {
    expect(
      await count(`select pt.id from points pt
        join service_plans p on p.id = pt.plan_id
        join service_regions r on r.id = pt.region_id
        left join devices d on d.id = pt.device_id
        where p.customer_id <> pt.customer_id or r.plan_id <> pt.plan_id or r.level <> 2
           or d.customer_id <> pt.customer_id or d.device_type_id <> pt.device_type_id`),
    ).toBe(0);
    // Every device sits at exactly one point (points.device_id is unique), and only smart types have rows.
    expect(await count('select d.id from devices d where not exists (select 1 from points pt where pt.device_id = d.id)')).toBe(0);
    expect(
      await count(`select pt.id from points pt join device_types t on t.id = pt.device_type_id
        where (t.smart_kind is null) <> (pt.device_id is null)`),
    ).toBe(0);
    expect(await count('select r.id from service_regions r join service_regions top on top.id = r.parent_id where top.plan_id <> r.plan_id')).toBe(0);
  });

  it('builds consistent customer trees: paths, kinds, one or two plans and a contact per store', async () => {
    expect(
      await count(`select c.id from customers c left join customers parent on parent.id = c.parent_id
        where c.path[cardinality(c.path)] <> c.id
           or (c.parent_id is null) <> (c.kind = ${CustomerKind.organisation})
           or c.path <> coalesce(parent.path, '{}') || c.id`),
    ).toBe(0);
    expect(
      await count(`select s.id from customers s
        where s.kind = ${CustomerKind.store}
          and ((select count(*) from service_plans p where p.customer_id = s.id) not between 1 and 2
               or not exists (select 1 from contacts k where k.customer_id = s.id))`),
    ).toBe(0);
    expect(await count(`select id from customers where kind <> ${CustomerKind.store} and not exists (select 1 from customers k where k.parent_id = customers.id)`)).toBe(0);
  });

  it('places stores in real districts of their city and province, in the sales area of that province', async () => {
    const districts = new Map(loadDivisions().filter((d) => d.level === 3).map((d) => [d.id, d]));
    const stores = await db.query<{ districtId: number; cityId: number; provinceId: number; areaId: number; address: string }>(
      `select district_id as "districtId", city_id as "cityId", province_id as "provinceId", area_id as "areaId", address
       from customers where kind = ${CustomerKind.store}`,
    );
    for (const store of stores) {
      expect(districts.get(store.districtId)?.parentId).toBe(store.cityId);
      expect(Math.floor(store.cityId / 10_000) * 10_000).toBe(store.provinceId);
      const area = SALES_AREAS.find((candidate) => candidate.id === store.areaId)!;
      expect(area.provinces).toContain(store.provinceId / 10_000);
      expect(store.address).toContain(districts.get(store.districtId)!.name);
    }
    const known = await db.query<{ id: number; name: string }>('select id, name from regions where id in (110105, 310115, 440305) order by id');
    expect(known).toEqual([
      { id: 110105, name: '朝阳区' },
      { id: 310115, name: '浦东新区' },
      { id: 440305, name: '南山区' },
    ]);
  });

  it('names everything as a Chinese provider would, never `Store 1`', async () => {
    const names = await db.query<{ name: string }>(
      `select name from customers union all select name from contacts union all select name from service_plans
       union all select name from service_regions union all select name from devices`,
    );
    for (const { name } of names) {
      expect(name).toMatch(/\p{Script=Han}/u);
      expect(name).not.toMatch(/^(store|customer|门店|客户)\s*\d+$/i);
    }
    const [demo] = await db.query<{ name: string; stores: number }>(
      `select o.name, (select count(*) from customers s where s.path[1] = o.id and s.kind = ${CustomerKind.store}) as stores
       from customers o where o.id = 1`,
    );
    expect(demo).toEqual({ name: DEMO_CUSTOMER_NAME, stores: expect.any(Number) });
    expect(demo!.stores).toBeGreaterThanOrEqual(8);
    expect(await count('select name from customers group by name having count(*) > 1')).toBe(0);
    expect(await count(`select id from service_plans where name !~ '^\\d{4}年度.+方案$'`)).toBe(0);
    expect(await count(`select id from contacts where phone !~ '^1\\d{10}$'`)).toBe(0);
  });

  it('generates identical rows again from the same seed', async () => {
    // Compared between two regenerations: the seeded database's devices and points also carry
    // what the telemetry step made of them (seed/telemetry.ts), which depends on the start time.
    const regenerate = () =>
      db.transaction(async (tx) => {
        await tx.exec(`truncate ${[...GENERATED_TABLES].reverse().join(', ')} cascade`);
        await generateDomain(tx, 'small', pino({ level: 'silent' }), TEST_DEMO_ANCHOR);
      });
    await regenerate();
    const first = await digests();
    await regenerate();
    expect(await digests()).toEqual(first);
  });
});
