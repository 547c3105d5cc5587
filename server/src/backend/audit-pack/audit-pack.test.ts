import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPackMessages, AuditPackPaths, CHINA_TIME_ZONE, MaterialPaths, type AuditPackStatus, type Material } from '@pest/shared';
import { createManualClock } from '../../clock/manual-clock.ts';
import { TEST_DEMO_ANCHOR, testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';
import { claimPack } from './pack-jobs.ts';

const DEMO_ORGANISATION_ID = 1;
const QUARTER = { startDate: '2026-07-01', endDate: '2026-09-30' };
/** A quarter's pack builds in seconds on a quiet machine and in minutes on a busy one (two cores shared by several suites). */
const BUILD_WAIT_MS = 240_000;
const BUILD_TEST_MS = BUILD_WAIT_MS + 60_000;
const local = (column: string) => `(${column} at time zone '${CHINA_TIME_ZONE}')::date`;

/** Below the test seed's 24 stores, above its organisations' and groups'. */
const MAX_STORES = 10;

describe(`audit pack on ${testDriver}`, () => {
  let backend: TestBackend;
  let dir: string;
  let manager: { authorization: string };
  let store: { id: number; name: string; code: string };
  let foreignStoreId: number;
  const clock = createManualClock(TEST_DEMO_ANCHOR.getTime());

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pest-audit-pack-'));
    backend = await createTestBackend({ clock, env: { AUDIT_PACK_DIR: dir, AUDIT_PACK_MAX_STORES: String(MAX_STORES) } });
    manager = await signIn(backend.app, '13800000001');
    [store] = (await backend.db.query<{ id: number; name: string; code: string }>(
      `select s.id, s.name, s.code from customers s where s.kind = 3 and s.path[1] = $1
         and exists (select 1 from job_order_materials u join job_orders j on j.id = u.job_order_id
                     where j.customer_id = s.id and ${local('j.started_at')} between $2::date and $3::date)
       order by s.id limit 1`,
      [DEMO_ORGANISATION_ID, QUARTER.startDate, QUARTER.endDate],
    )) as [{ id: number; name: string; code: string }];
    [{ id: foreignStoreId }] = (await backend.db.query<{ id: number }>('select id from customers where kind = 3 and path[1] <> $1 limit 1', [DEMO_ORGANISATION_ID])) as [
      { id: number },
    ];
  });
  afterAll(async () => {
    await backend?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const call = (url: string, payload: object, headers = manager) => backend.app.inject({ method: 'POST', url, headers, payload });
  const statusOf = async (id: number) => (await call(AuditPackPaths.status, { id })).json<{ data: AuditPackStatus }>().data;
  const finishedPack = async (payload: object) => {
    const created = await call(AuditPackPaths.create, payload);
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ data: AuditPackStatus }>().data;
    await expect.poll(async () => (await statusOf(id)).state, { timeout: BUILD_WAIT_MS, interval: 100 }).toMatch(/done|failed/);
    return statusOf(id);
  };
  const pdfText = async (bytes: Buffer) => {
    const file = path.join(dir, 'read-back.pdf');
    await writeFile(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  };
  /** Images a PDF embeds (pdfimages lists an alpha channel as an smask of its own: not counted). */
  const embeddedImages = async (bytes: Buffer) => {
    const file = path.join(dir, 'images.pdf');
    await writeFile(file, bytes);
    const rows = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
    return rows.filter((row) => row.trim().split(/\s+/)[2] === 'image').length;
  };
  const count = async (sql: string) => Number((await backend.db.query<{ n: number }>(sql, [store.id, QUARTER.startDate, QUARTER.endDate]))[0]!.n);

  it('packs a store’s quarter: cover, plan, floor plans, every visit’s report, the point checks, the trend review, the rectification record, the materials register, the devices and the provider’s documents, all readable, the cover’s figures from the rows', async () => {
    // The materials register reads the catalogue: a registration number kept there since is the one it lists.
    const [used] = await backend.db.query<{ name: string }>(
      `select m.name from job_order_materials u join job_orders j on j.id = u.job_order_id join materials m on m.id = u.material_id
       where j.customer_id = $1 and ${local('j.started_at')} between $2::date and $3::date order by m.id limit 1`,
      [store.id, QUARTER.startDate, QUARTER.endDate],
    );
    const admin = await signIn(backend.app, 'admin');
    const listed = (await backend.app.inject({ method: 'POST', url: MaterialPaths.list, headers: admin, payload: { current: 1, size: 5, keyword: used!.name, withDisabled: true } })).json<{ data: { records: Material[] } }>();
    const material = listed.data.records.find((row) => row.name === used!.name)!;
    const renumbered = await backend.app.inject({
      method: 'POST',
      url: MaterialPaths.save,
      headers: admin,
      payload: { id: material.id, version: material.version, name: material.name, type: material.type, registrationNo: 'PD20991231', unit: material.unit },
    });
    expect(renumbered.statusCode, renumbered.body).toBe(200);
    const status = await finishedPack({ customerIds: [store.id], ...QUARTER, sections: ['plan', 'floorPlans', 'serviceReports', 'pointChecks', 'trends', 'rectification', 'materials', 'devices', 'documents'] });
    expect(status.state, status.error ?? '').toBe('done');
    expect(status.done).toBe(status.total);
    const download = await backend.app.inject({ method: 'GET', url: status.downloadUrl! });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(download.rawPayload);
    const names = Object.keys(zip.files).filter((name) => !zip.files[name]!.dir).sort();

    const visits = await backend.db.query<{ day: string; code: string }>(
      `select to_char(started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM-DD') as day, code from job_orders
       where customer_id = $1 and state = 'done' and ${local('started_at')} between $2::date and $3::date`,
      [store.id, QUARTER.startDate, QUARTER.endDate],
    );
    expect(visits.length).toBeGreaterThan(0);
    // The provider's documents valid on any day of the quarter (the seed's expired one is not), each with its scan embedded.
    const valid = await backend.db.query<{ name: string }>(
      `select name from provider_documents where valid_from <= $2::date and (valid_to is null or valid_to >= $1::date) order by kind, valid_from desc, id desc`,
      [QUARTER.startDate, QUARTER.endDate],
    );
    expect(valid.length).toBeGreaterThan(0);
    const floorPlans = await backend.db.query<{ name: string; wings: number; points: number }>(
      `select p.name, (select count(*) from service_regions r where r.plan_id = p.id and r.level = 1)::int as wings,
              (select count(*) from points pt where pt.plan_id = p.id)::int as points
       from service_plans p join floor_plans f on f.plan_id = p.id where p.customer_id = $1 order by p.id`,
      [store.id],
    );
    expect(floorPlans.length).toBeGreaterThan(0);
    const documents = valid.map((document, i) => `09-资质文件/${String(i + 1).padStart(2, '0')}-${document.name}.pdf`);
    expect(names).toEqual(
      ['00-封面与目录.pdf', '01-虫害管理方案.pdf', ...floorPlans.map((plan) => `02-点位布局图/${plan.name}.pdf`), ...visits.map((v) => `03-服务报告/${v.day}-${v.code}.pdf`), '04-点检记录.xlsx', '05-趋势分析.pdf', '06-整改记录.pdf', '06-整改记录.xlsx', '07-用药记录.xlsx', '08-设备监测.pdf', ...documents].sort(),
    );

    const cover = await pdfText(await zip.file('00-封面与目录.pdf')!.async('nodebuffer'));
    for (const expected of [store.name, `${QUARTER.startDate} 至 ${QUARTER.endDate}`, '03-服务报告/（共', '07-用药记录.xlsx']) expect(cover).toContain(expected);
    const figure = (label: string) => Number(new RegExp(`${label}\\s+(\\d+)`).exec(cover)?.[1]);
    const done = `select id from job_orders where customer_id = $1 and state = 'done' and ${local('started_at')} between $2::date and $3::date`;
    expect(figure('完成服务次数')).toBe(visits.length);
    expect(figure('点位检查次数')).toBe(await count(`select count(*) as n from point_checks where job_order_id in (${done})`));
    expect(figure('捕获/发现虫害数量')).toBe(await count(`select coalesce(sum(value), 0) as n from point_check_values where metric = 'catch' and job_order_id in (${done})`));
    expect(figure('发现风险')).toBe(await count(`select count(*) as n from risks where customer_id = $1 and ${local('created_at')} between $2::date and $3::date`));

    for (const name of names.filter((n) => n.startsWith('03-'))) {
      const text = await pdfText(await zip.file(name)!.async('nodebuffer'));
      expect(text).toContain(store.name);
      expect(text).toContain(name.slice('03-服务报告/'.length, '03-服务报告/'.length + 10));
    }

    // The plan: every station of the store's plans, numbered, and the thresholds.
    const plan = await pdfText(await zip.file('01-虫害管理方案.pdf')!.async('nodebuffer'));
    const points = await count(`select count(*) as n from points where customer_id = $1 and $2::date is not null and $3::date is not null`);
    expect(plan).toContain(store.name);
    expect(plan).toContain(`${QUARTER.startDate} 至 ${QUARTER.endDate}`);
    expect([...plan.matchAll(/监测点位（共 (\d+) 个）/g)].reduce((sum, match) => sum + Number(match[1]), 0)).toBe(points);
    expect(plan).toContain('行动阈值');

    // Each floor plan: the whole plan, then a page per region, every station numbered and listed.
    for (const plan of floorPlans) {
      const bytes = await zip.file(`02-点位布局图/${plan.name}.pdf`)!.async('nodebuffer');
      const text = await pdfText(bytes);
      expect(text).toContain(`共 ${plan.points} 个监测点位`);
      expect(await embeddedImages(bytes)).toBe(1 + plan.wings);
    }

    // The devices: every smart device of the store, its captures from its own trigger events.
    const devices = await pdfText(await zip.file('08-设备监测.pdf')!.async('nodebuffer'));
    const smart = await count(`select count(*) as n from devices where customer_id = $1 and $2::date is not null and $3::date is not null`);
    expect(devices).toContain(`${smart} 台`);
    const captures = await count(`select count(*) as n from device_events e join devices d on d.id = e.device_id
      where d.customer_id = $1 and e.kind = 5 and ${local('e.created_at')} between $2::date and $3::date`);
    expect(devices).toMatch(new RegExp(`触发捕鼠\\s+${captures} 次`));

    for (const name of documents) {
      expect(await embeddedImages(await zip.file(name)!.async('nodebuffer'))).toBe(1);
    }

    // The point checks: a sheet per device type checked, every check of the quarter below its two-level header.
    const checks = new ExcelJS.Workbook();
    await checks.xlsx.load((await zip.file('04-点检记录.xlsx')!.async('nodebuffer')) as unknown as ArrayBuffer);
    const byType = await backend.db.query<{ name: string; n: number }>(
      `select t.name, count(*)::int as n from point_checks c join points pt on pt.id = c.point_id join device_types t on t.id = pt.device_type_id
       where c.job_order_id in (${done}) group by t.id, t.name order by t.id`,
      [store.id, QUARTER.startDate, QUARTER.endDate],
    );
    expect(checks.worksheets.map((sheet) => sheet.name)).toEqual(byType.map((type) => type.name));
    for (const [i, type] of byType.entries()) {
      const sheet = checks.worksheets[i]!;
      const depth = sheet.getRow(2).getCell(1).isMerged ? 2 : 1;
      expect(sheet.rowCount - depth, type.name).toBe(type.n);
      expect(sheet.getRow(1).getCell(1).value).toBe('服务日期');
    }

    // The trend review: a chart per pest and kind of region found, the quarters over threshold from the raw counts.
    const trendsPdf = await zip.file('05-趋势分析.pdf')!.async('nodebuffer');
    const trends = await pdfText(trendsPdf);
    const overThreshold = await backend.db.query<{ pest: string; n: number }>(
      `with counts as (
         select v.job_order_id, v.pest_id, r.region_type, sum(v.value) as n
         from point_check_values v join points pt on pt.id = v.point_id join service_regions r on r.id = pt.region_id
         where v.metric = 'catch' and v.job_order_id in (${done}) group by 1, 2, 3
       )
       select (select count(distinct (pest_id, region_type)) from counts)::int as n, '' as pest
       union all
       select count(distinct (c.pest_id, c.region_type))::int, 'over' from counts c
       join plan_thresholds t on t.pest_id = c.pest_id and t.region_type = c.region_type
       join service_plans sp on sp.id = t.plan_id and sp.customer_id = $1
       where c.n > (select min(t2.max_per_visit) from plan_thresholds t2 join service_plans sp2 on sp2.id = t2.plan_id
                    where sp2.customer_id = $1 and t2.pest_id = c.pest_id and t2.region_type = c.region_type)`,
      [store.id, QUARTER.startDate, QUARTER.endDate],
    );
    const [found, over] = overThreshold.map((row) => row.n);
    expect(found).toBeGreaterThan(0);
    expect(trends).toContain(`本期发现 ${found} 组虫害/区域活动，其中 ${over} 组`);
    expect(await embeddedImages(trendsPdf)).toBe(found);

    // The rectification record: every risk of the quarter, its photos embedded as images, not links.
    const risks = await count(`select count(*) as n from risks where customer_id = $1 and ${local('created_at')} between $2::date and $3::date`);
    const photos = await count(
      `select count(*) as n from risk_photos f join risks r on r.id = f.risk_id
       where r.customer_id = $1 and ${local('r.created_at')} between $2::date and $3::date and (f.kind = 1 or r.status = 8)`,
    );
    expect(risks).toBeGreaterThan(0);
    const record = await zip.file('06-整改记录.pdf')!.async('nodebuffer');
    const recordText = await pdfText(record);
    for (const expected of [store.name, `${QUARTER.startDate} 至 ${QUARTER.endDate}`, `本期共发现风险 ${risks} 项`]) expect(recordText).toContain(expected);
    expect(await embeddedImages(record)).toBe(photos);
    const recordBook = new ExcelJS.Workbook();
    await recordBook.xlsx.load((await zip.file('06-整改记录.xlsx')!.async('nodebuffer')) as unknown as ArrayBuffer);
    expect(recordBook.worksheets[0]!.rowCount).toBe(1 + risks);
    expect(recordBook.worksheets[0]!.getImages().length).toBe(photos);
    expect(recordBook.worksheets[0]!.getCell(`A${1 + risks}`).value).toBe(risks);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await zip.file('07-用药记录.xlsx')!.async('nodebuffer')) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const materials = await count(`select count(*) as n from job_order_materials where job_order_id in (${done})`);
    expect(sheet.rowCount).toBe(1 + materials);
    expect(figure('用药记录条数')).toBe(materials);
    const registrations = sheet.getColumn(5).values.slice(2);
    expect(registrations).toContain('PD20991231');
  }, BUILD_TEST_MS);

  it('names in its table of contents only what the zip holds: a day without risks or visits, its empty rectification record by its two files', async () => {
    const [quiet] = await backend.db.query<{ day: string }>(
      `select to_char(d, 'YYYY-MM-DD') as day from generate_series($2::date, $3::date, interval '1 day') d
       where not exists (select 1 from risks r where r.customer_id = $1 and ${local('r.created_at')} = d::date)
         and not exists (select 1 from job_orders j where j.customer_id = $1 and ${local('j.started_at')} = d::date)
       order by d limit 1`,
      [store.id, QUARTER.startDate, QUARTER.endDate],
    );
    const status = await finishedPack({ customerIds: [store.id], startDate: quiet!.day, endDate: quiet!.day, sections: ['serviceReports', 'rectification', 'documents'] });
    expect(status.state, status.error ?? '').toBe('done');
    const zip = await JSZip.loadAsync((await backend.app.inject({ method: 'GET', url: status.downloadUrl! })).rawPayload);
    const names = Object.keys(zip.files).filter((name) => !zip.files[name]!.dir);
    const cover = await pdfText(await zip.file('00-封面与目录.pdf')!.async('nodebuffer'));
    const contents = cover.slice(cover.lastIndexOf('目录'));
    const folders = [...contents.matchAll(/(\d{2}-[^\s/]+)\/（共 (\d+) 个文件）/g)];
    expect(folders.length).toBeGreaterThan(0);
    for (const [, folder, files] of folders) expect(names.filter((name) => name.startsWith(`${folder!}/`)), folder).toHaveLength(Number(files));
    const files = [...contents.matchAll(/\d{2}-[^\s/（]+\.(?:pdf|xlsx)/g)].map(([file]) => file);
    expect(files).toEqual(['06-整改记录.pdf', '06-整改记录.xlsx']);
    for (const file of files) expect(names).toContain(file);
    expect(names.some((name) => name.startsWith('03-'))).toBe(false);
    expect(contents).not.toContain('03-服务报告');
  }, BUILD_TEST_MS);

  it("refuses another organisation's store, more than 400 days, and an end before the start", async () => {
    const refused = async (payload: object, message: string) => {
      const response = await call(AuditPackPaths.create, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(message);
    };
    await refused({ customerIds: [foreignStoreId], ...QUARTER }, AuditPackMessages.storeOutOfScope);
    await refused({ customerIds: [store.id], startDate: '2025-01-01', endDate: '2026-02-05' }, AuditPackMessages.tooLong);
    await refused({ customerIds: [store.id], startDate: '2026-03-01', endDate: '2026-02-01' }, AuditPackMessages.endBeforeStart);
  });

  it('reads an organisation or group ticked in the tree as its stores, and refuses more stores than one pack holds', async () => {
    const storesOf = async (id: number) =>
      (await backend.db.query<{ name: string }>('select name from customers where kind = 3 and path && array[$1::int] order by code, id', [id])).map((row) => row.name);
    const [group] = await backend.db.query<{ id: number }>(
      `select g.id from customers g where g.kind = 2 and g.path[1] = $1
         and (select count(*) from customers s where s.kind = 3 and s.path && array[g.id]) between 2 and ${MAX_STORES}
       order by g.id limit 1`,
      [DEMO_ORGANISATION_ID],
    );
    const created = await call(AuditPackPaths.create, { customerIds: [group!.id, store.id], ...QUARTER, sections: ['materials'] });
    expect(created.statusCode, created.body).toBe(200);
    const status = created.json<{ data: AuditPackStatus }>().data;
    expect(status.customerNames.toSorted()).toEqual([...new Set([...(await storesOf(group!.id)), store.name])].toSorted());
    await call(AuditPackPaths.cancel, { id: status.id });

    const organisation = await call(AuditPackPaths.create, { customerIds: [DEMO_ORGANISATION_ID], ...QUARTER, sections: ['materials'] });
    const packed = organisation.json<{ data: AuditPackStatus }>().data;
    expect(packed.customerNames.toSorted()).toEqual((await storesOf(DEMO_ORGANISATION_ID)).toSorted());
    await call(AuditPackPaths.cancel, { id: packed.id });

    const organisations = (await backend.db.query<{ id: number }>('select id from customers where kind = 1')).map((row) => row.id);
    expect((await Promise.all(organisations.map(storesOf))).flat().length).toBeGreaterThan(MAX_STORES);
    const all = await call(AuditPackPaths.create, { customerIds: organisations, ...QUARTER }, await signIn(backend.app, 'admin'));
    expect(all.statusCode).toBe(400);
    expect(all.json<{ message: string }>().message).toBe(AuditPackMessages.tooManyStores(MAX_STORES));
  });

  it('refuses a download link that was altered, is another user’s, or has expired', async () => {
    const status = await finishedPack({ customerIds: [store.id], ...QUARTER, sections: ['materials'] });
    const url = status.downloadUrl!;
    expect((await backend.app.inject({ method: 'GET', url: url.replace(/signature=[^&]+/, 'signature=AAAA') })).statusCode).toBe(403);
    expect((await backend.app.inject({ method: 'GET', url: url.replace(/viewer=\d+/, 'viewer=1') })).statusCode).toBe(403);
    await clock.advance(2 * 3600_000);
    expect((await backend.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    expect((await statusOf(status.id)).downloadUrl).not.toBe(url);
  }, BUILD_TEST_MS);

  it('takes over a job whose process died, once; a second death fails it, never leaving it running', async () => {
    const lapse = async (id: number) => {
      // A worker elsewhere claims the job and dies: its lease is never renewed.
      const claimed = await claimPack(backend.db, new Date(clock.now()), 1_000);
      expect(claimed?.id).toBe(id);
    };
    // Queued directly, so this process's runner (woken only by create or its poll) has not taken it.
    const [{ id }] = (await backend.db.query<{ id: number }>(
      `insert into audit_packs (requested_by, customer_ids, start_date, end_date, sections, state, created_at)
       select u.id, array[$1::int], $2, $3, array['cover', 'materials'], 'queued', now() from users u where u.account = '13800000001' returning id`,
      [store.id, QUARTER.startDate, QUARTER.endDate],
    )) as [{ id: number }];
    await lapse(id);
    await clock.advance(10_000);
    await expect.poll(async () => (await statusOf(id)).state, { timeout: BUILD_WAIT_MS, interval: 100 }).toBe('done');

    const [{ id: second }] = (await backend.db.query<{ id: number }>(
      `insert into audit_packs (requested_by, customer_ids, start_date, end_date, sections, state, attempts, created_at)
       select u.id, array[$1::int], $2, $3, array['cover'], 'queued', 1, now() from users u where u.account = '13800000001' returning id`,
      [store.id, QUARTER.startDate, QUARTER.endDate],
    )) as [{ id: number }];
    await lapse(second);
    await clock.advance(10_000);
    await expect.poll(async () => (await statusOf(second)).state, { timeout: 60_000, interval: 100 }).toBe('failed');
    expect((await statusOf(second)).error).toBe(AuditPackMessages.interrupted);
  }, BUILD_TEST_MS);
});
