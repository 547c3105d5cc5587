import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobOrderPaths, type JobOrderMaterial } from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';
import { loadServiceReport } from './report-data.ts';

const DEMO_ORGANISATION_ID = 1;

describe(`materials used per job order (用药记录) on ${testDriver}`, () => {
  let backend: TestBackend;
  let manager: { authorization: string };
  let admin: { authorization: string };
  let jobId: number;
  let otherJobId: number;

  beforeAll(async () => {
    backend = await createTestBackend();
    manager = await signIn(backend.app, '13800000001');
    admin = await signIn(backend.app, 'admin');
    const jobWithMaterials = (organisation: string) =>
      backend.db.query<{ id: number }>(
        `select j.id from job_orders j join customers s on s.id = j.customer_id
         where ${organisation} and exists (select 1 from job_order_materials m where m.job_order_id = j.id and m.material_id = 1)
         order by j.id desc limit 1`,
        [DEMO_ORGANISATION_ID],
      );
    [{ id: jobId }] = (await jobWithMaterials('s.path[1] = $1')) as [{ id: number }];
    [{ id: otherJobId }] = (await jobWithMaterials('s.path[1] <> $1')) as [{ id: number }];
  });
  afterAll(() => backend?.close());

  const materialsOf = async (id: number, headers = manager) => {
    const response = await backend.app.inject({ method: 'GET', url: `${JobOrderPaths.materials}?jobId=${id}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: JobOrderMaterial[] }>().data;
  };

  it('lists every product used with its registration number, lot, quantity and region, as stored', async () => {
    const raw = await backend.db.query<{ name: string; lot: string; quantity: string; region: string; registration: string | null }>(
      `select m.name, u.lot_no as lot, u.quantity::text as quantity, r.name as region, m.registration_no as registration
       from job_order_materials u join materials m on m.id = u.material_id join service_regions r on r.id = u.region_id
       where u.job_order_id = $1`,
      [jobId],
    );
    const listed = await materialsOf(jobId);
    expect(listed).toHaveLength(raw.length);
    for (const row of raw) {
      const match = listed.find((m) => m.materialName === row.name && m.regionName.endsWith(row.region));
      expect(match).toMatchObject({ lotNo: row.lot, quantity: Number(row.quantity), registrationNo: row.registration });
    }
    const bait = listed.find((m) => m.kind === 'rodenticide')!;
    expect(bait.registrationNo).toMatch(/^WP\d{8}$/);
    expect(bait.regionName).toMatch(/ > /);
  });

  it("answers nothing for another organisation's job order or one that does not exist", async () => {
    expect(await materialsOf(otherJobId)).toEqual([]);
    expect((await materialsOf(otherJobId, admin)).length).toBeGreaterThan(0);
    expect(await materialsOf(2_000_000_000)).toEqual([]);
  });

  it('puts the same rows in the service report', async () => {
    const report = await loadServiceReport(backend.db, jobId);
    expect(report!.materials).toEqual(await materialsOf(jobId));
  });

  it('refuses a job id that is not a plain number with a 400', async () => {
    const response = await backend.app.inject({ method: 'GET', url: `${JobOrderPaths.materials}?jobId=1e3`, headers: manager });
    expect(response.statusCode).toBe(400);
  });
});
