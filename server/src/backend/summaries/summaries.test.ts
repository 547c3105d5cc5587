import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHINA_TIME_ZONE,
  ApiMessages,
  FOLLOW_UP_TYPE_LABELS,
  headerLeaves,
  positiveRate,
  RISK_GRADE_LABELS,
  RiskStatus,
  SummaryPaths,
  type RiskSummaryRow,
  type SummaryRow,
  type TableHeaderNode,
} from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

const DEMO_ORGANISATION_ID = 1;
const OTHER_ORGANISATION_ID = 2;
const ALL = { current: 1, size: 100_000 };

interface Page<T> {
  total: number;
  records: T[];
}
type SummaryPage = Page<SummaryRow> & { totalRow: SummaryRow };

describe(`summaries on ${testDriver}`, () => {
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
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: T }>().data;
  };
  const risks = (payload: object, headers = manager) => data<Page<RiskSummaryRow>>(SummaryPaths.riskSummary, { ...ALL, ...payload }, headers);
  const value = async <T = number>(sql: string, params: unknown[] = []) => Object.values((await backend.db.query(sql, params))[0]!)[0] as T;

  /** A store of the demo organisation and a month in which its visits caught something. */
  const busyStoreMonth = async () => {
    const [row] = await backend.db.query<{ storeId: number; month: string; first: string; last: string }>(
      `select j.customer_id as "storeId", to_char(j.started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM') as month,
              to_char(date_trunc('month', j.started_at at time zone '${CHINA_TIME_ZONE}'), 'YYYY-MM-DD') as first,
              to_char(date_trunc('month', j.started_at at time zone '${CHINA_TIME_ZONE}') + interval '1 month - 1 day', 'YYYY-MM-DD') as last
       from job_orders j join customers s on s.id = j.customer_id
       where s.path[1] = $1 and exists (select 1 from point_check_values v where v.job_order_id = j.id and v.metric = 'catch')
       order by j.started_at desc limit 1`,
      [DEMO_ORGANISATION_ID],
    );
    return row!;
  };

  /** The checks and readings of a store in a month, read plainly, for sums made here rather than in the backend's SQL. */
  const checksOf = async (storeId: number, month: string) => {
    const checks = await backend.db.query<{ jobOrderId: number; pointId: number; deviceTypeId: number; condition: number }>(
      `select c.job_order_id as "jobOrderId", c.point_id as "pointId", pt.device_type_id as "deviceTypeId", c.condition
       from point_checks c join job_orders j on j.id = c.job_order_id join points pt on pt.id = c.point_id
       where j.customer_id = $1 and to_char(j.started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM') = $2`,
      [storeId, month],
    );
    const values = await backend.db.query<{ jobOrderId: number; pointId: number; metric: string; pestId: number | null; value: number }>(
      `select v.job_order_id as "jobOrderId", v.point_id as "pointId", v.metric, v.pest_id as "pestId", v.value
       from point_check_values v join job_orders j on j.id = v.job_order_id
       where j.customer_id = $1 and to_char(j.started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM') = $2`,
      [storeId, month],
    );
    const metrics = await backend.db.query<{ deviceTypeId: number; pestId: number }>(
      `select device_type_id as "deviceTypeId", pest_id as "pestId" from device_type_metrics where metric = 'catch'`,
    );
    const checked = checks.filter((c) => c.condition !== 3);
    const readingsOf = (c: { jobOrderId: number; pointId: number }) => values.filter((v) => v.jobOrderId === c.jobOrderId && v.pointId === c.pointId);
    return { checked, values, metrics, readingsOf };
  };

  describe('filters', () => {
    it.each([
      SummaryPaths.riskSummary,
      SummaryPaths.riskSummaryExport,
      SummaryPaths.pestSummaryHeader,
      SummaryPaths.pestSummary,
      SummaryPaths.pestSummaryExport,
      SummaryPaths.deviceTypeSummaryHeader,
      SummaryPaths.deviceTypeSummary,
      SummaryPaths.deviceTypeSummaryExport,
    ])('%s refuses a query without an organisation or store', async (url) => {
      const payload = url.endsWith('Header') ? { customerIds: [] } : { ...ALL, customerIds: [] };
      const response = await post(url, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 400, message: ApiMessages.organisationRequired, data: null });
    });

    it("takes the data call's body on the header call, paging included, which does not change the header", async () => {
      const { storeId } = await busyStoreMonth();
      for (const url of [SummaryPaths.pestSummaryHeader, SummaryPaths.deviceTypeSummaryHeader]) {
        expect(await data<TableHeaderNode[]>(url, { customerId: storeId, current: 3, size: 10 })).toEqual(await data<TableHeaderNode[]>(url, { customerId: storeId }));
      }
    });

    it("reads an end past its month's end (the monthly -31) as the month's last day", async () => {
      const { storeId, month } = await busyStoreMonth();
      const year = month.slice(0, 4);
      const lastOfFebruary = Number(year) % 4 === 0 ? 29 : 28;
      for (const url of [SummaryPaths.pestSummary, SummaryPaths.riskSummary]) {
        const real = await data(url, { ...ALL, customerId: storeId, startTime: `${year}-02-01`, endTime: `${year}-02-${lastOfFebruary}` });
        expect(await data(url, { ...ALL, customerId: storeId, startTime: `${year}-02-01`, endTime: `${year}-02-31` })).toEqual(real);
        expect(await data(url, { ...ALL, customerId: storeId, realityStartTime: `${year}-02-01`, realityEndTime: `${year}-02-31 23:59:59` })).toEqual(real);
      }
    });

    it("narrows the organisations asked for to their stores of an area, as the form's area field says", async () => {
      const { storeId } = await busyStoreMonth();
      const areaId = await value<number>('select area_id from customers where id = $1', [storeId]);
      const otherOrganisationId = await value<number>('select path[1] from customers where kind = 3 and area_id <> $1 order by id limit 1', [areaId]);
      const organisations = [DEMO_ORGANISATION_ID, otherOrganisationId];
      const stores = (await backend.db.query<{ id: number }>('select id from customers where path[1] = any($1::int[]) and kind = 3 and area_id = $2', [organisations, areaId])).map((s) => s.id);
      const inArea = await risks({ customerIds: stores }, admin);
      expect(inArea.total).toBeGreaterThan(0);
      expect(inArea.total).toBeLessThan((await risks({ customerIds: organisations }, admin)).total);
      expect(await risks({ customerIds: organisations, areaIds: [areaId] }, admin)).toEqual(inArea);
      expect(await data(SummaryPaths.pestSummary, { ...ALL, customerIds: organisations, areaId }, admin)).toEqual(
        await data(SummaryPaths.pestSummary, { ...ALL, customerIds: stores }, admin),
      );
    });

    it("gives a manager nothing of another organisation's stores", async () => {
      const stores = (await backend.db.query<{ id: number }>('select id from customers where path[1] = $1 and kind = 3', [OTHER_ORGANISATION_ID])).map((s) => s.id);
      const other = { customerIds: [OTHER_ORGANISATION_ID, ...stores] };
      expect(await risks(other)).toEqual({ total: 0, records: [] });
      expect((await risks(other, admin)).total).toBeGreaterThan(0);
      for (const [headerPath, pagePath] of [
        [SummaryPaths.pestSummaryHeader, SummaryPaths.pestSummary],
        [SummaryPaths.deviceTypeSummaryHeader, SummaryPaths.deviceTypeSummary],
      ] as const) {
        expect(await data<TableHeaderNode[]>(headerPath, other)).toHaveLength(2);
        expect(await data<SummaryPage>(pagePath, { ...ALL, ...other })).toMatchObject({ total: 0, records: [] });
        expect((await data<SummaryPage>(pagePath, { ...ALL, ...other }, admin)).total).toBeGreaterThan(0);
      }
    });
  });

  describe('risk summary', () => {
    it('lists the risks of the visits to the stores asked for, every field filled and labelled', async () => {
      const page = await risks({ customerId: DEMO_ORGANISATION_ID });
      const expected = await value(`select count(*) from risks r join customers s on s.id = r.customer_id where s.path[1] = $1`, [DEMO_ORGANISATION_ID]);
      expect(page.total).toBe(expected);
      expect(page.records).toHaveLength(expected);
      for (const row of page.records) {
        expect(Object.values(RISK_GRADE_LABELS)).toContain(row.grade);
        expect(Object.values(FOLLOW_UP_TYPE_LABELS)).toContain(row.followUpType);
        expect([RiskStatus.exists, RiskStatus.cannotHandleNow, RiskStatus.rectified]).toContain(row.status);
        expect(row.realityStartTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        expect(row.customerCode && row.customerName && row.riskType && row.issueDesc && row.regionName && row.serviceStaff).toBeTruthy();
        expect(row.picturesList.length).toBeGreaterThanOrEqual(1);
        expect(row.picturesList.length).toBeLessThanOrEqual(3);
        if (row.status === RiskStatus.rectified) expect([1, 2]).toContain(row.rectifyPicturesList.length);
        else expect(row.rectifyPicturesList).toEqual([]);
        for (const url of [...row.picturesList, ...row.rectifyPicturesList]) expect(url).toMatch(new RegExp(`^${SummaryPaths.riskPhoto}/[0-9a-f]{32}\\.svg\\?expires=\\d+&viewer=\\d+&signature=[\\w-]{43}$`));
      }
    });

    it('pages newest visit first', async () => {
      const all = await risks({ customerId: DEMO_ORGANISATION_ID });
      const second = await risks({ customerId: DEMO_ORGANISATION_ID, current: 2, size: 5 });
      expect(second.total).toBe(all.total);
      expect(second.records).toEqual(all.records.slice(5, 10));
      const starts = all.records.map((r) => r.realityStartTime);
      expect(starts).toEqual([...starts].sort().reverse());
    });

    it('narrows by status, period, region, risk type and pest', async () => {
      const base = { customerId: DEMO_ORGANISATION_ID };
      const all = (await risks(base)).records;
      const rectified = await risks({ ...base, status: RiskStatus.rectified });
      expect(rectified.records.map((r) => r.id)).toEqual(all.filter((r) => r.status === RiskStatus.rectified).map((r) => r.id));

      const month = all[Math.floor(all.length / 2)]!.realityStartTime.slice(0, 7);
      const [year, monthNumber] = month.split('-').map(Number) as [number, number];
      const first = `${month}-01`;
      const last = `${month}-${new Date(Date.UTC(year, monthNumber, 0)).getUTCDate()}`;
      const inMonth = await risks({ ...base, realityStartTime: first, realityEndTime: last });
      expect(inMonth.records.map((r) => r.id)).toEqual(all.filter((r) => r.realityStartTime >= first && r.realityStartTime < `${last} 99`).map((r) => r.id));
      expect(inMonth.total).toBeGreaterThan(0);

      const [sample] = await backend.db.query<{ regionId: number; riskTypeId: number; pestId: number; id: number; pointId: number; deviceTypeId: number }>(
        `select r.region_id as "regionId", r.risk_type_id as "riskTypeId", r.pest_id as "pestId", r.id, r.point_id as "pointId",
                (select device_type_id from points where id = r.point_id) as "deviceTypeId"
         from risks r join customers s on s.id = r.customer_id where s.path[1] = $1 and r.pest_id is not null and r.point_id is not null order by r.id limit 1`,
        [DEMO_ORGANISATION_ID],
      );
      const narrowed = async (filter: object, sql: string, param: number) => {
        const ids = (await risks({ ...base, ...filter })).records.map((r) => r.id).sort((a, b) => a - b);
        const expected = (
          await backend.db.query<{ id: number }>(
            `select r.id from risks r join customers s on s.id = r.customer_id where s.path[1] = $1 and ${sql} order by r.id`,
            [DEMO_ORGANISATION_ID, param],
          )
        ).map((r) => r.id);
        expect(ids).toEqual(expected);
        expect(ids).toContain(sample!.id);
      };
      await narrowed({ regionIds: [sample!.regionId] }, 'r.region_id = $2', sample!.regionId);
      await narrowed({ riskTypeIds: [sample!.riskTypeId] }, 'r.risk_type_id = $2', sample!.riskTypeId);
      await narrowed({ petIds: [sample!.pestId] }, 'r.pest_id = $2', sample!.pestId);
      await narrowed({ pointIds: [sample!.pointId] }, 'r.point_id = $2', sample!.pointId);
      await narrowed({ deviceTypeIds: [sample!.deviceTypeId] }, 'r.point_id in (select id from points where device_type_id = $2)', sample!.deviceTypeId);
    });
  });

  describe.each([
    { name: 'pest', headerPath: SummaryPaths.pestSummaryHeader, pagePath: SummaryPaths.pestSummary, leaves: ['捕获数量', '阳性点位', '阳性率'] },
    {
      name: 'device-type',
      headerPath: SummaryPaths.deviceTypeSummaryHeader,
      pagePath: SummaryPaths.deviceTypeSummary,
      leaves: ['检查点位数', '阳性点位数', '阳性率', '捕获/触发合计'],
    },
  ])('$name summary', ({ headerPath, pagePath, leaves }) => {
    const filters = { customerId: DEMO_ORGANISATION_ID };

    it('has store columns, then a group per key with the same leaves, and rows with every leaf', async () => {
      const header = await data<TableHeaderNode[]>(headerPath, filters);
      expect(header.slice(0, 2)).toEqual([
        { prop: 'customerCode', name: '门店编号' },
        { prop: 'customerName', name: '门店名称' },
      ]);
      expect(header.length).toBeGreaterThan(2);
      for (const group of header.slice(2)) expect(group.child!.map((leaf) => leaf.name)).toEqual(leaves);
      const page = await data<SummaryPage & { header?: unknown }>(pagePath, { ...ALL, ...filters });
      expect(page.header).toBeUndefined();
      expect(page.total).toBe(page.records.length);
      expect(page.total).toBeGreaterThan(0);
      const props = headerLeaves(header).map((leaf) => leaf.prop);
      for (const row of [...page.records, page.totalRow]) expect(Object.keys(row).sort()).toEqual([...props].sort());
      expect(page.totalRow.customerCode).toBe('合计');
    });

    it('answers the same question asked at once in Chinese and in Japanese each in its own language (identical calls share an answer)', async () => {
      const japanese = { ...manager, 'accept-language': 'ja' };
      const [inChinese, inJapanese] = await Promise.all([post(headerPath, filters), post(headerPath, filters, japanese)]);
      expect(inChinese.json<{ data: TableHeaderNode[] }>().data[0]!.name).toBe('门店编号');
      expect(inJapanese.json<{ data: TableHeaderNode[] }>().data[0]!.name).toBe('店舗コード');
      const [pageInChinese, pageInJapanese] = await Promise.all([post(pagePath, { ...ALL, ...filters }), post(pagePath, { ...ALL, ...filters }, japanese)]);
      expect(pageInChinese.json<{ data: SummaryPage }>().data.totalRow.customerCode).toBe('合计');
      expect(pageInJapanese.json<{ data: SummaryPage }>().data.totalRow.customerCode).toBe('合計');
    });

    it('adds the rows up to the 合计 row, whatever the page', async () => {
      const header = await data<TableHeaderNode[]>(headerPath, filters);
      const all = await data<SummaryPage>(pagePath, { ...ALL, ...filters });
      const page = await data<SummaryPage>(pagePath, { current: 2, size: 2, ...filters });
      expect(page.records).toEqual(all.records.slice(2, 4));
      expect(page.totalRow).toEqual(all.totalRow);
      for (const group of header.slice(2)) {
        const [first, second, , fourth] = group.child!.map((leaf) => leaf.prop);
        for (const prop of [first!, second!, ...(fourth ? [fourth] : [])]) {
          expect(all.totalRow[prop]).toBe(all.records.reduce((sum, row) => sum + (row[prop] as number), 0));
        }
      }
    });
  });

  it("pest summary: a store's month adds up from its point checks", async () => {
    const { storeId, month, first, last } = await busyStoreMonth();
    const { checked, values, metrics, readingsOf } = await checksOf(storeId, month);
    const filters = { customerId: storeId, startTime: first, endTime: last };
    const header = await data<TableHeaderNode[]>(SummaryPaths.pestSummaryHeader, filters);
    const { records, totalRow, total } = await data<SummaryPage>(SummaryPaths.pestSummary, { ...ALL, ...filters });
    expect(total).toBe(1);

    const caught = [...new Set(values.filter((v) => v.metric === 'catch').map((v) => v.pestId!))].sort((a, b) => a - b);
    expect(header.slice(2).map((group) => group.prop)).toEqual(caught.map((id) => `pest${id}`));
    for (const pestId of caught) {
      const canCatch = checked.filter((c) => metrics.some((m) => m.deviceTypeId === c.deviceTypeId && m.pestId === pestId));
      const catches = canCatch.flatMap((c) => readingsOf(c).filter((v) => v.metric === 'catch' && v.pestId === pestId));
      const amount = catches.reduce((sum, v) => sum + v.value, 0);
      for (const row of [records[0]!, totalRow]) {
        expect(row[`pest${pestId}Catch`]).toBe(amount);
        expect(row[`pest${pestId}Positive`]).toBe(catches.length);
        expect(row[`pest${pestId}Rate`]).toBe(positiveRate(catches.length, canCatch.length));
      }
    }
  });

  it("device-type summary: a store's month adds up from its point checks", async () => {
    const { storeId, month, first, last } = await busyStoreMonth();
    const { checked, readingsOf } = await checksOf(storeId, month);
    const filters = { customerId: storeId, startTime: first, endTime: last };
    const header = await data<TableHeaderNode[]>(SummaryPaths.deviceTypeSummaryHeader, filters);
    const { records, totalRow } = await data<SummaryPage>(SummaryPaths.deviceTypeSummary, { ...ALL, ...filters });

    const types = [...new Set(checked.map((c) => c.deviceTypeId))].sort((a, b) => a - b);
    expect(header.slice(2).map((group) => group.prop)).toEqual(types.map((id) => `deviceType${id}`));
    for (const typeId of types) {
      const ofType = checked.filter((c) => c.deviceTypeId === typeId);
      const counted = ofType.map((c) => readingsOf(c).filter((v) => v.metric !== 'bait').reduce((sum, v) => sum + v.value, 0));
      const positive = counted.filter((n) => n > 0).length;
      for (const row of [records[0]!, totalRow]) {
        expect(row[`deviceType${typeId}Checked`]).toBe(ofType.length);
        expect(row[`deviceType${typeId}Positive`]).toBe(positive);
        expect(row[`deviceType${typeId}Rate`]).toBe(positiveRate(positive, ofType.length));
        expect(row[`deviceType${typeId}Count`]).toBe(counted.reduce((a, b) => a + b, 0));
      }
    }
  });

  it('narrows the device-type summary to a plan, a region with its sub-areas, and points', async () => {
    const checkedOf = async (filter: object) => {
      const { totalRow } = await data<SummaryPage>(SummaryPaths.deviceTypeSummary, { ...ALL, customerId: DEMO_ORGANISATION_ID, ...filter });
      return Object.entries(totalRow).reduce((sum, [prop, n]) => sum + (prop.endsWith('Checked') ? (n as number) : 0), 0);
    };
    const countChecks = (where: string, param: number) =>
      value(
        `select count(*) from point_checks c join job_orders j on j.id = c.job_order_id join points pt on pt.id = c.point_id
         join service_regions r on r.id = pt.region_id join customers s on s.id = j.customer_id
         where s.path[1] = $1 and c.condition <> 3 and ${where}`,
        [DEMO_ORGANISATION_ID, param],
      );
    const [sample] = await backend.db.query<{ planId: number; topRegionId: number; pointId: number }>(
      `select pt.plan_id as "planId", r.parent_id as "topRegionId", pt.id as "pointId"
       from points pt join service_regions r on r.id = pt.region_id join customers s on s.id = pt.customer_id
       where s.path[1] = $1 and r.parent_id is not null order by pt.id limit 1`,
      [DEMO_ORGANISATION_ID],
    );
    const { planId, topRegionId, pointId } = sample!;
    expect(await checkedOf({ servicePlanId: planId })).toBe(await countChecks('j.plan_id = $2', planId));
    const inRegion = await countChecks('(r.id = $2 or r.parent_id = $2)', topRegionId);
    expect(inRegion).toBeGreaterThan(0);
    expect(await checkedOf({ regionIds: [topRegionId] })).toBe(inRegion);
    expect(await checkedOf({ pointIds: [pointId] })).toBe(await countChecks('pt.id = $2', pointId));
  });

  it('narrows the pest summary to the pests and device types asked for', async () => {
    const header = await data<TableHeaderNode[]>(SummaryPaths.pestSummaryHeader, { customerId: DEMO_ORGANISATION_ID });
    const pestId = Number(header[2]!.prop.slice('pest'.length));
    const narrowed = await data<TableHeaderNode[]>(SummaryPaths.pestSummaryHeader, { customerId: DEMO_ORGANISATION_ID, petIds: [pestId] });
    expect(narrowed.slice(2).map((g) => g.prop)).toEqual([`pest${pestId}`]);

    const types = await data<TableHeaderNode[]>(SummaryPaths.deviceTypeSummaryHeader, { customerId: DEMO_ORGANISATION_ID });
    const typeId = Number(types[2]!.prop.slice('deviceType'.length));
    const oneType = await data<TableHeaderNode[]>(SummaryPaths.deviceTypeSummaryHeader, { customerId: DEMO_ORGANISATION_ID, deviceTypeIds: [typeId] });
    expect(oneType.slice(2).map((g) => g.prop)).toEqual([`deviceType${typeId}`]);
  });
});
