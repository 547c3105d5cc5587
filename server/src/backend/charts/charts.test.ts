import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHINA_TIME_ZONE,
  ApiMessages,
  ChartMessages,
  ChartPaths,
  FilterMessages,
  chartKeyRange,
  periodKeyOf,
  positiveRatePercent,
  RISK_DETAIL_COLUMNS,
  type GroupRateChart,
  type Pests,
  type PestWorkItem,
  type PointTrend,
  type PointTrendDetails,
  type RegionPests,
  type RiskChart,
  type RiskDetailRow,
  type YearPests,
  tableText,
} from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

const DEMO_ORGANISATION_ID = 1;
const OTHER_ORGANISATION_ID = 2;
const BEIJING_DAY = `to_char(j.started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM-DD')`;

/** A point check read plainly, with what the sums below need; missing devices already left out. */
interface RawCheck {
  jobOrderId: number;
  pointId: number;
  storeId: number;
  deviceTypeId: number;
  topRegion: string;
  day: string;
  finished: boolean;
}
interface RawCatch {
  jobOrderId: number;
  pointId: number;
  pestId: number;
  value: number;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const count = <T>(items: T[], keep: (item: T) => boolean) => items.filter(keep).length;
const inRange = (day: string, from: string, to: string) => day >= from && day <= to;

describe(`charts on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: { authorization: string };
  let manager: { authorization: string };
  let checks: RawCheck[];
  let catches: RawCatch[];
  let catchable: Set<string>;
  /** A demo store with catches, and the busiest month and quarter of it. */
  let store: { id: number; month: string; quarter: string };

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
    checks = await backend.db.query<RawCheck>(
      `select c.job_order_id as "jobOrderId", c.point_id as "pointId", j.customer_id as "storeId", pt.device_type_id as "deviceTypeId",
              top.name as "topRegion", ${BEIJING_DAY} as day, j.ended_at is not null as finished
       from point_checks c join job_orders j on j.id = c.job_order_id join points pt on pt.id = c.point_id
       join service_regions r on r.id = pt.region_id join service_regions top on top.id = coalesce(r.parent_id, r.id)
       join customers s on s.id = j.customer_id
       where s.path[1] = $1 and c.condition <> 3`,
      [DEMO_ORGANISATION_ID],
    );
    catches = await backend.db.query<RawCatch>(
      `select v.job_order_id as "jobOrderId", v.point_id as "pointId", v.pest_id as "pestId", v.value
       from point_check_values v join job_orders j on j.id = v.job_order_id join customers s on s.id = j.customer_id
       join point_checks c on c.job_order_id = v.job_order_id and c.point_id = v.point_id
       where s.path[1] = $1 and v.metric = 'catch' and c.condition <> 3`,
      [DEMO_ORGANISATION_ID],
    );
    catchable = new Set(
      (await backend.db.query<{ deviceTypeId: number; pestId: number }>(`select device_type_id as "deviceTypeId", pest_id as "pestId" from device_type_metrics where metric = 'catch'`)).map(
        (m) => `${m.deviceTypeId}:${m.pestId}`,
      ),
    );
    const caughtAt = new Map<number, Map<string, number>>();
    const checkOf = new Map(checks.map((c) => [`${c.jobOrderId}:${c.pointId}`, c]));
    for (const one of catches) {
      const check = checkOf.get(`${one.jobOrderId}:${one.pointId}`)!;
      const months = caughtAt.get(check.storeId) ?? caughtAt.set(check.storeId, new Map()).get(check.storeId)!;
      months.set(check.day.slice(0, 7), (months.get(check.day.slice(0, 7)) ?? 0) + one.value);
    }
    const [storeId, months] = [...caughtAt].sort((a, b) => sum([...b[1].values()]) - sum([...a[1].values()]))[0]!;
    const month = [...months].sort((a, b) => b[1] - a[1])[0]![0];
    store = { id: storeId, month, quarter: periodKeyOf('quarter', `${month}-01`) };
  });
  afterAll(() => backend?.close());

  const post = (url: string, payload: object, headers = manager) => backend.app.inject({ method: 'POST', url, headers, payload });
  const data = async <T>(url: string, payload: object, headers = manager) => {
    const response = await post(url, payload, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: T }>().data;
  };
  const refusal = async (url: string, payload: object, headers = manager) => {
    const response = await post(url, payload, headers);
    expect(response.statusCode, response.body).toBe(400);
    return response.json<{ message: string }>().message;
  };
  const catchesOf = (check: RawCheck) => catches.filter((c) => c.jobOrderId === check.jobOrderId && c.pointId === check.pointId);
  const storeChecks = (from: string, to: string, storeId = store.id) => checks.filter((c) => c.storeId === storeId && inRange(c.day, from, to));
  const monthEnd = (month: string) => chartKeyRange(month).endTime.replace(/-31$/, `-${new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0).getDate()}`);

  describe('point trend (screen 1)', () => {
    it('counts positive checks per point in a month', async () => {
      const range = chartKeyRange(store.month);
      const trend = await data<PointTrend>(ChartPaths.pointTrend, { customerId: store.id, ...range });
      expect(trend.keyList).toEqual([store.month]);
      const expected = new Map<number, number>();
      for (const check of storeChecks(range.startTime, monthEnd(store.month))) {
        if (catchesOf(check).length) expected.set(check.pointId, (expected.get(check.pointId) ?? 0) + 1);
      }
      expect(expected.size).toBeGreaterThan(0);
      expect(new Map(trend.valueList.map((series) => [series.pointIds[0], series.numberList[0]]))).toEqual(expected);
      const totals = trend.valueList.map((series) => series.numberList[0]!);
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
      expect(trend.valueList[0]!.name).toMatch(/^\S+ \S+$/);
    });

    it('counts per quarter, every quarter of the range listed', async () => {
      const year = store.month.slice(0, 4);
      const trend = await data<PointTrend>(ChartPaths.pointTrend, { customerId: store.id, quarterType: 1, startTime: `${year}-01-01`, endTime: `${year}-12-31` });
      expect(trend.keyList).toEqual([1, 2, 3, 4].map((q) => `${year}-Q${q}`));
      const column = trend.keyList.indexOf(store.quarter);
      const { startTime, endTime } = chartKeyRange(store.quarter);
      const expected = new Map<number, number>();
      for (const check of storeChecks(startTime, endTime)) {
        if (catchesOf(check).length) expected.set(check.pointId, (expected.get(check.pointId) ?? 0) + 1);
      }
      const got = new Map(trend.valueList.filter((s) => s.numberList[column]! > 0).map((s) => [s.pointIds[0], s.numberList[column]]));
      expect(got).toEqual(expected);
    });

    it('groups by occurrence: the visit days, clean ones included', async () => {
      const range = chartKeyRange(store.month);
      const trend = await data<PointTrend>(ChartPaths.pointTrend, { customerId: store.id, type: 1, quarterType: 1, ...range });
      expect(trend.keyList).toEqual([...new Set(storeChecks(range.startTime, monthEnd(store.month)).map((c) => c.day))].sort());
    });

    it("drills into one point's month by occurrence, and an occurrence range of a day", async () => {
      const range = chartKeyRange(store.month);
      const trend = await data<PointTrend>(ChartPaths.pointTrend, { customerId: store.id, ...range });
      const pointId = trend.valueList[0]!.pointIds[0]!;
      const details = await data<PointTrendDetails>(ChartPaths.pointTrendDetails, { customerId: store.id, pointId, type: 1, ...range });
      const mine = storeChecks(range.startTime, monthEnd(store.month)).filter((c) => c.pointId === pointId);
      const days = [...new Set(mine.map((c) => c.day))].sort();
      expect(details.nameList).toEqual(days);
      expect(details.numberList).toEqual(days.map((day) => sum(mine.filter((c) => c.day === day).flatMap(catchesOf).map((c) => c.value))));
      expect(details.pointName).toBe(trend.valueList[0]!.name);

      const occurrence = chartKeyRange(days[0]!);
      const one = await data<PointTrendDetails>(ChartPaths.pointTrendDetails, { customerId: store.id, pointId, type: 1, ...occurrence });
      const expectedDays = [...new Set(checks.filter((c) => c.pointId === pointId && inRange(c.day, occurrence.startTime, occurrence.endTime)).map((c) => c.day))].sort();
      expect(one.nameList).toEqual(expectedDays);
      expect(one.nameList[0]).toBe(days[0]);
    });
  });

  describe('yearly drill-downs (screen 2)', () => {
    it('sums individuals per month of a year, zeros included, then per region of the month, then per pest of the region', async () => {
      const year = store.month.slice(0, 4);
      const yearly = await data<YearPests>(ChartPaths.yearPests, { customerId: store.id, startTime: `${year}-01-01`, endTime: `${year}-12-31` });
      expect(yearly.keyList).toHaveLength(12);
      expect(yearly.numberList).toEqual(
        yearly.keyList.map((month) => sum(storeChecks(`${month}-01`, `${month}-31`).flatMap(catchesOf).map((c) => c.value))),
      );

      const range = chartKeyRange(store.month);
      const monthChecks = storeChecks(range.startTime, monthEnd(store.month));
      const regions = await data<RegionPests>(ChartPaths.regionPests, { customerId: store.id, ...range });
      const byRegion = new Map<string, number>();
      for (const check of monthChecks) for (const c of catchesOf(check)) byRegion.set(check.topRegion, (byRegion.get(check.topRegion) ?? 0) + c.value);
      expect(new Map(regions.nameList.map((name, i) => [name, regions.numberList[i]]))).toEqual(byRegion);
      expect(regions.numberList).toEqual([...regions.numberList].sort((a, b) => b - a));
      // The three calls take one body: chart 1's time type comes along and changes nothing.
      expect(await data<RegionPests>(ChartPaths.regionPests, { customerId: store.id, ...range, type: 1 })).toEqual(regions);

      const region = regions.nameList[0]!;
      const pests = await data<Pests>(ChartPaths.pests, { customerId: store.id, ...range, regionIds: regions.regionIdsList[0] });
      const byPest = new Map<number, number>();
      for (const check of monthChecks.filter((c) => c.topRegion === region)) for (const c of catchesOf(check)) byPest.set(c.pestId, (byPest.get(c.pestId) ?? 0) + c.value);
      expect(new Map(pests.petIds.map((id, i) => [id, pests.numberList[i]]))).toEqual(byPest);
      expect(sum(pests.numberList)).toBe(regions.numberList[0]);
    });
  });

  describe('store pest trend and density (screen 9)', () => {
    it('gives each pest its individuals per month and per region', async () => {
      const from = `${store.month.slice(0, 4)}-01-01`;
      const to = monthEnd(store.month);
      const items = await data<PestWorkItem[]>(ChartPaths.pestWork, { customerId: store.id, startTime: from, endTime: to, type: 0 });
      const mine = storeChecks(from, to);
      const caught = mine.flatMap((check) => catchesOf(check).map((c) => ({ ...c, check })));
      expect(items.map((item) => item.petId)).toEqual([...new Set(caught.map((c) => c.pestId))].sort((a, b) => a - b));
      for (const item of items) {
        const ofPest = caught.filter((c) => c.pestId === item.petId);
        expect(item.valueList).toEqual(item.timeList.map((month) => sum(ofPest.filter((c) => c.check.day.startsWith(month)).map((c) => c.value))));
        const byRegion = new Map<string, number>();
        for (const c of ofPest) byRegion.set(c.check.topRegion, (byRegion.get(c.check.topRegion) ?? 0) + c.value);
        expect(new Map(item.nameList.map((name, i) => [name, item.numberList[i]]))).toEqual(byRegion);
      }
    });
  });

  describe('group positive rates (screen 8)', () => {
    const twoStores = async () => {
      const [other] = await backend.db.query<{ id: number }>(`select id from customers where kind = 3 and path[1] = $1 and id <> $2 order by id limit 1`, [DEMO_ORGANISATION_ID, store.id]);
      return [store.id, other!.id];
    };
    const pestRate = (subset: RawCheck[], pestId: number) => {
      const able = subset.filter((c) => catchable.has(`${c.deviceTypeId}:${pestId}`));
      return positiveRatePercent(count(able, (c) => catchesOf(c).some((x) => x.pestId === pestId)), able.length);
    };

    it('compares stores month by month for each pest', async () => {
      const ids = await twoStores();
      const [from, to] = [`${store.month.slice(0, 4)}-01-01`, monthEnd(store.month)];
      const charts = await data<GroupRateChart[]>(ChartPaths.groupPestRates, { customerType: 1, customerIds: ids, workType: 0, timeType: 0, startTime: from, endTime: to });
      expect(charts.length).toBeGreaterThan(0);
      for (const chart of charts.slice(0, 3)) {
        const [pest] = await backend.db.query<{ id: number }>('select id from pests where name = $1', [chart.name]);
        expect(chart.valueList.map((s) => s.name)).toEqual(chart.nameList);
        ids.forEach((id, i) =>
          expect(chart.valueList[i]!.numberList).toEqual(chart.timeList.map((month) => pestRate(storeChecks(`${month}-01`, monthEnd(month), id), pest!.id))),
        );
      }
    });

    it('compares a period with a comparison period, by sales area', async () => {
      const [{ areaId }] = (await backend.db.query<{ areaId: number }>('select area_id as "areaId" from customers where id = $1', [store.id])) as [{ areaId: number }];
      const areaStores = new Set(
        (await backend.db.query<{ id: number }>('select id from customers where area_id = $1 and path[1] = $2', [areaId, DEMO_ORGANISATION_ID])).map((s) => s.id),
      );
      const current = chartKeyRange(store.month);
      const previous = chartKeyRange(periodKeyOf('month', `${Number(store.month.slice(0, 4)) - (store.month.endsWith('01') ? 1 : 0)}-${store.month.endsWith('01') ? '12' : String(Number(store.month.slice(5)) - 1).padStart(2, '0')}-01`));
      const [pest] = await backend.db.query<{ id: number; name: string }>('select id, name from pests p where exists (select 1 from device_type_metrics m where m.pest_id = p.id) order by id limit 1');
      const charts = await data<GroupRateChart[]>(ChartPaths.groupPestRates, {
        customerType: 0,
        areaIds: [areaId],
        workType: 1,
        petIds: [pest!.id],
        startTime: current.startTime,
        endTime: current.endTime,
        comparisonStartTime: previous.startTime,
        comparisonEndTime: previous.endTime,
      });
      expect(charts.map((c) => c.name)).toEqual([pest!.name]);
      const [chart] = charts;
      const realEnd = (range: { startTime: string; endTime: string }) => monthEnd(range.startTime.slice(0, 7));
      expect(chart!.timeList).toEqual([`${current.startTime}~${realEnd(current)}`, `${previous.startTime}~${realEnd(previous)}`]);
      const inArea = checks.filter((c) => areaStores.has(c.storeId));
      expect(chart!.valueList[0]!.numberList).toEqual(
        [current, previous].map((range) => pestRate(inArea.filter((c) => inRange(c.day, range.startTime, realEnd(range))), pest!.id)),
      );
    });

    it('rates a risk as the share of finished visits that raised it', async () => {
      const ids = await twoStores();
      const [riskType] = await backend.db.query<{ name: string }>(
        `select t.name from risks r join risk_types t on t.id = r.risk_type_id where r.customer_id = $1 group by t.name order by count(*) desc limit 1`,
        [store.id],
      );
      const year = store.month.slice(0, 4);
      const charts = await data<GroupRateChart[]>(ChartPaths.groupRiskRates, {
        customerType: 1, customerIds: ids, workType: 0, type: 1, riskType: 0, riskTypeNames: [riskType!.name], startTime: `${year}-01-01`, endTime: `${year}-12-31`,
      });
      expect(charts.map((c) => c.name)).toEqual([riskType!.name]);
      const raised = await backend.db.query<{ storeId: number; day: string; jobOrderId: number }>(
        `select distinct j.customer_id as "storeId", ${BEIJING_DAY} as day, j.id as "jobOrderId" from risks r join job_orders j on j.id = r.job_order_id
         join risk_types t on t.id = r.risk_type_id where t.name = $1 and j.customer_id = any($2::int[])`,
        [riskType!.name, ids],
      );
      const visits = await backend.db.query<{ storeId: number; day: string }>(
        `select j.customer_id as "storeId", ${BEIJING_DAY} as day from job_orders j where j.ended_at is not null and j.customer_id = any($1::int[])`,
        [ids],
      );
      ids.forEach((id, i) =>
        expect(charts[0]!.valueList[i]!.numberList).toEqual(
          charts[0]!.timeList.map((month) =>
            positiveRatePercent(count(raised, (r) => r.storeId === id && r.day.startsWith(month)), count(visits, (v) => v.storeId === id && v.day.startsWith(month))),
          ),
        ),
      );
    });

    it("counts the single-choice form's customerId and areaId as one more of the compared", async () => {
      const ids = await twoStores();
      const times = { workType: 0, startTime: `${store.month.slice(0, 4)}-01-01`, endTime: monthEnd(store.month) };
      const rates = (body: object) => data<GroupRateChart[]>(ChartPaths.groupPestRates, { ...times, ...body });
      expect(await rates({ customerType: 1, customerId: ids[0], customerIds: [ids[1]] })).toEqual(await rates({ customerType: 1, customerIds: ids }));
      expect(await rates({ customerType: 1, customerId: ids[0] })).toEqual(await rates({ customerType: 1, customerIds: [ids[0]] }));
      const [{ areaId }] = (await backend.db.query<{ areaId: number }>('select area_id as "areaId" from customers where id = $1', [store.id])) as [{ areaId: number }];
      expect(await rates({ customerType: 0, areaId })).toEqual(await rates({ customerType: 0, areaIds: [areaId] }));
    });

    it('answers the search form rules with the messages of section 5', async () => {
      const times = { startTime: '2026-01-01', endTime: '2026-03-31' };
      expect(await refusal(ChartPaths.groupPestRates, { customerIds: [store.id], ...times })).toBe(FilterMessages.customerTypeRequired);
      expect(await refusal(ChartPaths.groupPestRates, { customerType: 1, ...times, workType: 0 })).toBe(FilterMessages.storeRequiredForCustomerType);
      expect(await refusal(ChartPaths.groupPestRates, { customerType: 0, customerIds: [store.id], workType: 0, ...times })).toBe(FilterMessages.areaRequiredForRegionType);
      expect(await refusal(ChartPaths.groupRiskRates, { customerType: 1, customerIds: [store.id], workType: 0, ...times })).toBe(FilterMessages.riskChoiceRequired);
      expect(await refusal(ChartPaths.groupRiskRates, { customerType: 1, customerIds: [store.id], workType: 0, riskType: 0, ...times })).toBe(FilterMessages.riskChoiceRequired);
      expect(await refusal(ChartPaths.groupPestRates, { customerType: 1, customerIds: [store.id], ...times })).toBe(FilterMessages.comparisonTimeRequired);
      expect((await post(ChartPaths.groupPestRates, { customerType: 1, customerIds: [store.id], workType: 0, type: 1 })).statusCode).toBe(400);
    });

    it('compares the periods of the time type when a comparison has no compared period', async () => {
      const ids = await twoStores();
      const body = { customerType: 1, customerIds: ids, timeType: 0, startTime: `${store.month.slice(0, 4)}-01-01`, endTime: monthEnd(store.month) };
      const comparison = await data<GroupRateChart[]>(ChartPaths.groupPestRates, { ...body, workType: 1 });
      expect(comparison.length).toBeGreaterThan(0);
      expect(comparison[0]!.timeList).toContain(store.month);
      expect(comparison).toEqual(await data<GroupRateChart[]>(ChartPaths.groupPestRates, { ...body, workType: 0 }));
    });
  });

  describe('risk chart and details (screen 12)', () => {
    const rawRisks = () =>
      backend.db.query<{ id: number; typeName: string; status: number; day: string; rectified: string | null }>(
        `select r.id, t.name as "typeName", r.status, ${BEIJING_DAY} as day,
                to_char(r.rectified_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM-DD') as rectified
         from risks r join job_orders j on j.id = r.job_order_id join risk_types t on t.id = r.risk_type_id where j.customer_id = $1`,
        [store.id],
      );

    it('counts risks per type name in a quarter', async () => {
      const range = chartKeyRange(store.quarter);
      const chart = await data<RiskChart>(ChartPaths.risk, { customerId: store.id, ...range });
      const expected = new Map<string, number>();
      for (const risk of (await rawRisks()).filter((r) => inRange(r.day, range.startTime, range.endTime))) expected.set(risk.typeName, (expected.get(risk.typeName) ?? 0) + 1);
      expect(expected.size).toBeGreaterThan(0);
      expect(new Map(chart.nameList.map((name, i) => [name, chart.numberList[i]]))).toEqual(expected);
    });

    it('lists a bar by tab (unresolved 1, resolved 0, all null), by rectification date, page by page', async () => {
      const all = await rawRisks();
      const typeName = all[0]!.typeName;
      const base = { customerId: store.id, riskTypeNames: [typeName], pageNum: 1, pageSize: 1000 };
      type Page = { total: number; records: RiskDetailRow[] };
      const ofType = all.filter((r) => r.typeName === typeName);
      const everything = await data<Page>(ChartPaths.riskDetails, { ...base, status: null });
      expect(everything.total).toBe(ofType.length);
      expect(everything.records.map((r) => r.id).sort()).toEqual(ofType.map((r) => r.id).sort());
      const resolved = await data<Page>(ChartPaths.riskDetails, { ...base, status: 0 });
      const unresolved = await data<Page>(ChartPaths.riskDetails, { ...base, status: 1 });
      expect(resolved.total).toBe(count(ofType, (r) => r.status === 8));
      expect(unresolved.total).toBe(count(ofType, (r) => r.status !== 8));
      expect(resolved.records.every((r) => r.dateOfOccurrence !== null) && unresolved.records.every((r) => r.dateOfOccurrence === null)).toBe(true);

      const second = await data<Page>(ChartPaths.riskDetails, { ...base, status: null, pageNum: 2, pageSize: 3 });
      expect(second.total).toBe(ofType.length);
      expect(second.records).toEqual(everything.records.slice(3, 6));

      const rectifiedDay = ofType.find((r) => r.rectified)!.rectified!;
      const byDate = await data<Page>(ChartPaths.riskDetails, { ...base, rectifyStartTime: rectifiedDay, rectifyEndTime: rectifiedDay });
      expect(byDate.records.map((r) => r.id).sort()).toEqual(ofType.filter((r) => r.rectified === rectifiedDay).map((r) => r.id).sort());

      for (const row of everything.records) {
        expect(row.pictures.length).toBeGreaterThan(0);
        expect(row.riskType).toBe(typeName);
        expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        expect(row.riskNumber).toMatch(/-R\d+$/);
        if (row.solvedDateOfOccurrence) expect(row.solvedDateOfOccurrence < row.createTime).toBe(true);
        else expect(row.solvedPictures).toEqual([]);
      }
    });

    it("names each risk's store, and its organisation where the customers asked for span several (as far as the user sees them)", async () => {
      const range = chartKeyRange(store.quarter);
      const [typeName] = (await data<RiskChart>(ChartPaths.risk, { customerId: DEMO_ORGANISATION_ID, ...range })).nameList;
      const details = { ...range, riskTypeNames: [typeName], status: null, pageNum: 1, pageSize: 1000 };
      const stores = new Map(
        (
          await backend.db.query<{ id: number; store: string; organisation: string; organisationId: number }>(
            `select r.id, s.name as store, o.name as organisation, o.id as "organisationId"
             from risks r join customers s on s.id = r.customer_id join customers o on o.id = s.path[1]`,
          )
        ).map((row) => [row.id, row]),
      );
      type Rows = { records: RiskDetailRow[] };
      const names = (rows: Rows) => rows.records.map((row) => row.customerName);
      const plain = (rows: Rows) => rows.records.map((row) => stores.get(row.id)!.store);
      const whose = (rows: Rows) => rows.records.map((row) => `${stores.get(row.id)!.organisation} / ${stores.get(row.id)!.store}`);

      for (const headers of [manager, admin]) {
        const one = await data<Rows>(ChartPaths.riskDetails, { ...details, customerId: DEMO_ORGANISATION_ID }, headers);
        expect(new Set(names(one)).size).toBeGreaterThan(1);
        expect(names(one)).toEqual(plain(one));
      }
      const both = { ...details, customerIds: [DEMO_ORGANISATION_ID, OTHER_ORGANISATION_ID] };
      const providers = await data<Rows>(ChartPaths.riskDetails, both, admin);
      expect(new Set(providers.records.map((row) => stores.get(row.id)!.organisationId))).toEqual(new Set([DEMO_ORGANISATION_ID, OTHER_ORGANISATION_ID]));
      expect(names(providers)).toEqual(whose(providers));
      // The manager sees one of the two organisations: its stores need no organisation before them.
      const managers = await data<Rows>(ChartPaths.riskDetails, both, manager);
      expect(managers.records.length).toBeGreaterThan(0);
      expect(names(managers)).toEqual(plain(managers));
    });

    it('exports the tab as a real xlsx whose rows are the JSON rows', async () => {
      const all = await rawRisks();
      const body = { customerId: store.id, riskTypeNames: [all[0]!.typeName], status: 1, pageNum: 1, pageSize: 10 };
      const response = await post(ChartPaths.riskDetailsExport, body);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain(encodeURIComponent('风险明细.xlsx'));
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const json = await data<{ total: number; records: RiskDetailRow[] }>(ChartPaths.riskDetails, { ...body, pageSize: 1000 });
      expect(sheet.rowCount).toBe(1 + json.total);
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(RISK_DETAIL_COLUMNS.map((c) => tableText(c.text, 'zh')));
      expect((sheet.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['图片', '门店']);
      json.records.forEach((record, i) => {
        const cells = (sheet.getRow(i + 2).values as unknown[]).slice(1);
        expect(cells[1]).toBe(record.customerName);
        expect(cells[RISK_DETAIL_COLUMNS.findIndex((c) => c.prop === 'riskNumber')]).toBe(record.riskNumber);
        expect(cells[RISK_DETAIL_COLUMNS.findIndex((c) => c.prop === 'createTime')]).toBe(record.createTime);
        expect(String(cells[0]).split('\n').map((url) => new URL(url).pathname)).toEqual(record.pictures.map((url) => url.split('?', 1)[0]));
      });

      // In English for Accept-Language: en, the file's name and the header; the data as typed.
      const english = await backend.app.inject({ method: 'POST', url: ChartPaths.riskDetailsExport, headers: { ...manager, 'accept-language': 'en' }, payload: body });
      expect(english.headers['content-disposition']).toBe('attachment; filename="Risk details.xlsx"');
      const englishBook = new ExcelJS.Workbook();
      await englishBook.xlsx.load(english.rawPayload as unknown as ArrayBuffer);
      const englishSheet = englishBook.worksheets[0]!;
      expect((englishSheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Pictures', 'Store', 'Target pest']);
      expect((englishSheet.getRow(1).values as unknown[]).join('')).not.toMatch(/\p{Script=Han}/u);
      expect((englishSheet.getRow(2).values as unknown[]).slice(2, 3)).toEqual([json.records[0]!.customerName]);
    });
  });

  describe('dates', () => {
    it("reads February's -31 as its last day and keeps a 31-day month's 31st", async () => {
      const year = store.month.slice(0, 4);
      const feb = await data<YearPests>(ChartPaths.yearPests, { customerId: DEMO_ORGANISATION_ID, ...chartKeyRange(`${year}-02`) });
      expect(feb.keyList).toEqual([`${year}-02`]);
      const febDays = checks.filter((c) => c.day.startsWith(`${year}-02`));
      expect(feb.numberList).toEqual([sum(febDays.flatMap(catchesOf).map((c) => c.value))]);

      const [{ month, organisationId }] = (await backend.db.query<{ month: string; organisationId: number }>(
        `select to_char(j.started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM') as month, s.path[1] as "organisationId"
         from job_orders j join customers s on s.id = j.customer_id
         where to_char(j.started_at at time zone '${CHINA_TIME_ZONE}', 'DD') = '31' order by j.id limit 1`,
      )) as [{ month: string; organisationId: number }];
      const trend = await data<PointTrend>(ChartPaths.pointTrend, { customerId: organisationId, type: 1, ...chartKeyRange(month) }, admin);
      expect(trend.keyList.at(-1)).toBe(`${month}-31`);
    });

    it('refuses impossible and reversed dates', async () => {
      expect(await refusal(ChartPaths.yearPests, { customerId: store.id, startTime: '2026-02-30', endTime: '2026-03-31' })).toContain(
        `body/startTime ${ChartMessages.invalidDate}`,
      );
      expect(await refusal(ChartPaths.yearPests, { customerId: store.id, startTime: '2026-03-02', endTime: '2026-03-01' })).toBe(ChartMessages.dateRangeReversed);
      expect(await refusal(ChartPaths.risk, { customerId: store.id, startTime: '2026-13-01' })).toContain(`body/startTime ${ChartMessages.invalidDate}`);
      expect(await refusal(ChartPaths.risk, { customerId: store.id, endTime: '2026-02-32' })).toContain(`body/endTime ${ChartMessages.invalidDate}`);
      expect((await post(ChartPaths.yearPests, { customerId: store.id, startTime: '2026/01/01' })).statusCode).toBe(400);
    });
  });

  describe('scope', () => {
    it.each([ChartPaths.pointTrend, ChartPaths.yearPests, ChartPaths.regionPests, ChartPaths.pests, ChartPaths.pestWork, ChartPaths.risk])(
      '%s refuses a query without an organisation',
      async (url) => expect(await refusal(url, { startTime: '2026-01-01' })).toBe(ApiMessages.organisationRequired),
    );

    it("narrows the organisations asked for to their stores of an area, a province or a contact, as the form's fields say", async () => {
      // Across two organisations in different sales areas (the admin's view), so that each field leaves stores out.
      const [{ areaId, provinceId, contact, otherOrganisationId }] = (await backend.db.query<{ areaId: number; provinceId: number; contact: string; otherOrganisationId: number }>(
        `select s.area_id as "areaId", s.province_id as "provinceId",
                (select k.name from contacts k where k.customer_id = s.id order by k.id limit 1) as contact,
                (select o.path[1] from customers o where o.kind = 3 and o.area_id <> s.area_id order by o.id limit 1) as "otherOrganisationId"
         from customers s where s.id = $1`,
        [store.id],
      )) as [{ areaId: number; provinceId: number; contact: string; otherOrganisationId: number }];
      const organisations = [DEMO_ORGANISATION_ID, otherOrganisationId];
      const storesWhere = async (condition: string, value: unknown) =>
        (await backend.db.query<{ id: number }>(`select s.id from customers s where s.path[1] = any($1::int[]) and s.kind = 3 and ${condition} order by s.id`, [organisations, value])).map((row) => row.id);
      const all = await storesWhere('$2::int is null', null);
      const year = { startTime: `${store.month.slice(0, 4)}-01-01`, endTime: `${store.month.slice(0, 4)}-12-31` };
      for (const [narrowing, stores] of [
        [{ areaIds: [areaId] }, await storesWhere('s.area_id = $2', areaId)],
        [{ areaId }, await storesWhere('s.area_id = $2', areaId)],
        [{ provinceId }, await storesWhere('s.province_id = $2', provinceId)],
        [{ contactNameList: [contact] }, await storesWhere('exists (select 1 from contacts k where k.customer_id = s.id and k.name = $2)', contact)],
      ] as const) {
        expect(stores.length).toBeGreaterThan(0);
        expect(stores.length).toBeLessThan(all.length);
        for (const url of [ChartPaths.yearPests, ChartPaths.risk]) {
          expect(await data(url, { customerIds: organisations, ...narrowing, ...year }, admin)).toEqual(await data(url, { customerIds: stores, ...year }, admin));
        }
      }
    });

    it("gives a manager nothing of another organisation, which the admin sees", async () => {
      const other = { customerId: OTHER_ORGANISATION_ID, startTime: '2026-01-01', endTime: '2026-10-31' };
      const empty = async <T>(url: string, payload: object, isEmpty: (d: T) => boolean) => {
        expect(isEmpty(await data<T>(url, payload))).toBe(true);
        expect(isEmpty(await data<T>(url, payload, admin))).toBe(false);
      };
      await empty<PointTrend>(ChartPaths.pointTrend, other, (d) => d.valueList.length === 0);
      await empty<YearPests>(ChartPaths.yearPests, other, (d) => d.numberList.every((n) => n === 0));
      await empty<RegionPests>(ChartPaths.regionPests, other, (d) => d.nameList.length === 0);
      await empty<Pests>(ChartPaths.pests, other, (d) => d.nameList.length === 0);
      await empty<PestWorkItem[]>(ChartPaths.pestWork, other, (d) => d.length === 0);
      await empty<RiskChart>(ChartPaths.risk, other, (d) => d.nameList.length === 0);
      await empty<{ total: number }>(ChartPaths.riskDetails, { ...other, pageNum: 1, pageSize: 10 }, (d) => d.total === 0);
      await empty<GroupRateChart[]>(ChartPaths.groupPestRates, { customerType: 1, customerIds: [OTHER_ORGANISATION_ID], workType: 0, startTime: other.startTime, endTime: other.endTime }, (d) => d.length === 0);

      const [foreignPoint] = await backend.db.query<{ id: number }>('select pt.id from points pt join customers s on s.id = pt.customer_id where s.path[1] = $1 limit 1', [OTHER_ORGANISATION_ID]);
      expect(await refusal(ChartPaths.pointTrendDetails, { ...other, pointId: foreignPoint!.id, type: 1 })).toBe(ChartMessages.pointNotFound);
      await data<PointTrendDetails>(ChartPaths.pointTrendDetails, { ...other, pointId: foreignPoint!.id, type: 1 }, admin);

      const xlsx = await post(ChartPaths.riskDetailsExport, { ...other, pageNum: 1, pageSize: 10 });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      expect(workbook.worksheets[0]!.rowCount).toBe(1);
    });

    it("gives a customer's manager his whole organisation, and several of his stores at once, as the admin gets them", async () => {
      const range = { startTime: '2026-01-01', endTime: '2026-10-31' };
      const whole = await data<PointTrend>(ChartPaths.pointTrend, { customerId: DEMO_ORGANISATION_ID, ...range });
      expect(whole).toEqual(await data<PointTrend>(ChartPaths.pointTrend, { customerId: DEMO_ORGANISATION_ID, ...range }, admin));
      expect(new Set(whole.valueList.map((series) => series.name.split(' ')[0])).size).toBeGreaterThan(1);
      const stores = [...new Set(checks.map((check) => check.storeId))].slice(0, 2);
      const several = await data<PointTrend>(ChartPaths.pointTrend, { customerIds: stores, ...range });
      expect(several).toEqual(await data<PointTrend>(ChartPaths.pointTrend, { customerIds: stores, ...range }, admin));
      const one = await data<PointTrend>(ChartPaths.pointTrend, { customerId: stores[0], ...range });
      expect(several.valueList.length).toBeGreaterThan(one.valueList.length);
    });

    it("keeps the manager's charts to his own stores", async () => {
      const mine = await data<Pests>(ChartPaths.pests, { customerId: DEMO_ORGANISATION_ID });
      const asAdmin = await data<Pests>(ChartPaths.pests, { customerId: DEMO_ORGANISATION_ID }, admin);
      expect(mine).toEqual(asAdmin);
      expect(sum(mine.numberList)).toBe(sum(catches.map((c) => c.value)));
    });
  });
});
