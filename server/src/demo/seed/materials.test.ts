import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHINA_TIME_ZONE, JobOrderState } from '@pest/shared';
import { DeviceCondition, Metric } from '../../backend/common/check-vocabulary.ts';
import type { Db } from '../../backend/db/db.ts';
import { openTestDb, testDriver } from '../../backend/db/testing.ts';
import { MATERIALS } from '../../backend/db/reference/material-catalog.ts';

const id = (name: string) => MATERIALS.find((m) => m.name === name)!.id;

describe(`materials register on ${testDriver}`, () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db?.close());

  it('refills each bait station by what was eaten, at least a 10 % top-up of its 50 g, region by region', async () => {
    const checks = await db.query<{ jobId: number; regionId: number; bait: number | null }>(
      `select c.job_order_id as "jobId", pt.region_id as "regionId", v.value as bait
       from point_checks c join points pt on pt.id = c.point_id and pt.device_type_id = 2
       left join point_check_values v on v.job_order_id = c.job_order_id and v.point_id = c.point_id and v.metric = '${Metric.bait}'
       where c.condition <> ${DeviceCondition.missing}`,
    );
    const expected = new Map<string, number>();
    for (const check of checks) {
      const key = `${check.jobId}/${check.regionId}`;
      expected.set(key, (expected.get(key) ?? 0) + (Math.max(check.bait ?? 0, 10) * 50) / 100);
    }
    const written = await db.query<{ jobId: number; regionId: number; quantity: string }>(
      `select job_order_id as "jobId", region_id as "regionId", quantity::text from job_order_materials where material_id = $1`,
      [id('0.005%溴敌隆饵剂')],
    );
    expect(written.length).toBe(expected.size);
    expect(written.length).toBeGreaterThan(100);
    for (const row of written) expect(Number(row.quantity)).toBeCloseTo(expected.get(`${row.jobId}/${row.regionId}`)!, 1);
  });

  it('puts a fresh glue board in every fly light found, and changes its tubes once a year, in March', async () => {
    const [boards] = await db.query<{ written: number; lamps: number }>(
      `select (select coalesce(sum(quantity), 0)::int from job_order_materials where material_id = $1) as written,
              (select count(*)::int from point_checks c join points pt on pt.id = c.point_id
               where pt.device_type_id = 4 and c.condition <> ${DeviceCondition.missing}) as lamps`,
      [id('灭蝇灯粘蝇纸')],
    );
    expect(boards!.written).toBe(boards!.lamps);
    const tubes = await db.query<{ month: number; perRegionYear: number }>(
      `select extract(month from j.started_at at time zone '${CHINA_TIME_ZONE}')::int as month,
              count(*) over (partition by m.region_id, extract(year from j.started_at at time zone '${CHINA_TIME_ZONE}'))::int as "perRegionYear"
       from job_order_materials m join job_orders j on j.id = m.job_order_id where m.material_id = $1`,
      [id('灭蝇灯紫外灯管 18W')],
    );
    expect(tubes.length).toBeGreaterThan(0);
    expect(new Set(tubes.map((t) => t.month))).toEqual(new Set([3]));
    expect(Math.max(...tubes.map((t) => t.perRegionYear))).toBe(1);
  });

  it('records materials only for visits done, with lots that change by month and not within one', async () => {
    expect(
      Number(
        (await db.query<{ n: number }>(
          `select count(*) as n from job_order_materials m join job_orders j on j.id = m.job_order_id where j.state <> '${JobOrderState.done}'`,
        ))[0]!.n,
      ),
    ).toBe(0);
    const lots = await db.query<{ materialId: number; month: string; lots: number }>(
      `select m.material_id as "materialId", to_char(j.started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM') as month,
              count(distinct m.lot_no)::int as lots
       from job_order_materials m join job_orders j on j.id = m.job_order_id group by 1, 2`,
    );
    expect(lots.length).toBeGreaterThan(12);
    expect(lots.every((row) => row.lots === 1)).toBe(true);
    const gelMonths = new Set(lots.filter((row) => row.materialId === id('2.5%吡虫啉杀蟑胶饵')).map((row) => row.month));
    expect(gelMonths.size).toBeGreaterThanOrEqual(12);
  });

  it('gives every pesticide its registration number and every region a kind', async () => {
    const rows = await db.query<{ kind: string; registrationNo: string | null }>(`select kind, registration_no as "registrationNo" from materials`);
    for (const row of rows) expect(row.registrationNo === null).toBe(row.kind === 'consumable');
    expect(Number((await db.query<{ n: number }>('select count(*) as n from service_regions where region_type is null'))[0]!.n)).toBe(0);
    const kitchens = await db.query<{ name: string }>(`select distinct name from service_regions where level = 1 and region_type = 'kitchen' order by 1`);
    expect(kitchens.map((k) => k.name)).toEqual(['加工间', '后厨', '生产车间']);
  });
});
