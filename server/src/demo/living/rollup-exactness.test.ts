import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { CHINA_TIME_ZONE, OSS_PUBLIC_PATH, ChartPaths, ChartRiskBasis, JobOrderState, positiveRate, positiveRatePercent, SummaryPaths, type SummaryRow, type GroupRateChart, type Pests, type PestWorkItem, type PointTrend, type RegionPests, type YearPests } from '@pest/shared';
import { createManualClock } from '../../clock/manual-clock.ts';
import { DeviceCondition, Metric } from '../../backend/common/check-vocabulary.ts';
import { loadActivityModel } from '../seed/job-orders.ts';
import { writePointChecks } from '../seed/job-orders-checks.ts';
import { writeRisks } from '../seed/job-orders-risks.ts';
import { sqlStoreActivity } from '../seed/store-activity.ts';
import { TEST_DEMO_ANCHOR, testDriver } from '../../backend/db/testing.ts';
import { startServiceScheduler } from './service-scheduler.ts';
import { fieldCrew } from './field-crew.ts';
import { fieldDoors } from '../../backend/field/field-doors.ts';
import { diskFileStore } from '../../backend/files/disk-file-store.ts';
import { createTestBackend, signIn, type TestBackend } from '../../backend/testing.ts';

const HOUR_MS = 3_600_000;
const MONTH = `to_char(j.started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM')`;
const DAY = `to_char(j.started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM-DD')`;
/** Point checks made (not a missing device) at the stores under `$1` (customer ids), started in [$2, $3] (Beijing days). */
const CHECKS = `point_checks c join job_orders j on j.id = c.job_order_id join customers s on s.id = j.customer_id
  where c.condition <> ${DeviceCondition.missing} and s.path && $1::int[]
    and j.started_at >= ($2::date::timestamp at time zone '${CHINA_TIME_ZONE}')
    and j.started_at < (($3::date + 1)::timestamp at time zone '${CHINA_TIME_ZONE}')`;
const CATCHES = `point_check_values v on v.job_order_id = c.job_order_id and v.point_id = c.point_id and v.metric = '${Metric.catch}'`;

/**
 * The charts read monthly roll-ups that triggers keep (migration 120). After a burst of writes by
 * the real writers (the service scheduler on a manual clock, the demo's technician through the field
 * app's door, then the job-order writer's sheets in
 * parallel transactions, which run at once on PostgreSQL, and a sheet taken back), the roll-ups hold what
 * the raw rows say, and every chart sampled answers what this file computes from point_checks and
 * point_check_values with its own SQL.
 */
describe(`roll-ups stay exact under concurrent writes on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: { authorization: string };
  let organisations: number[];
  let written: number;
  let fieldRecorded: number;
  let uploadsDir: string | undefined;
  const year = { startTime: '2025-12-01', endTime: '2026-11-30' };
  /** Days that cut their first and last months, the last in the burst: roll-ups inside, checks at the edges. */
  const cut = { startTime: '2025-12-15', endTime: '2026-11-02' };

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    const { db } = backend;
    organisations = (await db.query<{ id: number }>('select id from customers where kind = 1 order by id')).map((row) => row.id);
    const before = await db.query<{ n: number }>('select count(*)::int as n from point_checks');

    // The scheduler moves the first day after the anchor on, an hour a tick.
    const clock = createManualClock(TEST_DEMO_ANCHOR.getTime());
    const scheduler = startServiceScheduler(db, pino({ level: 'silent' }), { rate: 1, clock, tickMs: HOUR_MS });
    await clock.advance(20 * HOUR_MS);
    await scheduler.stop();
    // The demo's technician records his store's visits of the next days through the field app's door.
    uploadsDir = await mkdtemp(path.join(tmpdir(), 'rollup-crew-'));
    const silent = pino({ level: 'silent' });
    const doors = fieldDoors({ db, imageBase: OSS_PUBLIC_PATH, handleAlarms: async () => 0, onVisitFinished: () => undefined, logger: silent });
    fieldRecorded = (await fieldCrew(db, doors, diskFileStore(uploadsDir), silent).work(new Date(TEST_DEMO_ANCHOR.getTime() + 96 * HOUR_MS))).finished;
    // Then the job-order writer writes the sheets of the next days' visits in parallel
    // transactions, each finishing its share of them (one business writer at a time moves the
    // visits' states; the sheets of one store's month land in several transactions at once).
    const until = new Date(TEST_DEMO_ANCHOR.getTime() + 72 * HOUR_MS).toISOString();
    await Promise.all(
      [0, 1, 2, 3, 4].map((share) =>
        db.transaction(async (tx) => {
          await loadActivityModel(tx);
          await tx.exec(`create temp table finished_job (
            id integer primary key, customer_id integer, plan_id integer, type smallint, month integer, kind text,
            activity float8, started_at timestamptz, ended_at timestamptz, since timestamptz
          ) on commit drop`);
          await tx.query(
            `with finished as (
               update job_orders j set state = '${JobOrderState.done}', ended_at = j.planned_end_at
               where j.state = '${JobOrderState.planned}' and j.planned_end_at <= $1::timestamptz and j.id % 5 = $2
               returning j.id, j.customer_id, j.plan_id, j.type, j.started_at, j.ended_at
             )
             insert into finished_job (id, customer_id, plan_id, type, month, activity, started_at, ended_at, since)
             select f.id, f.customer_id, f.plan_id, f.type, extract(month from f.started_at at time zone '${CHINA_TIME_ZONE}')::int,
                    ${sqlStoreActivity('f.customer_id')}, f.started_at, f.ended_at, '-infinity'
             from finished f`,
            [until, share],
          );
          await writePointChecks(tx);
          await writeRisks(tx);
          await tx.exec('drop table pest_season, check_reading, region_activity');
        }),
      ),
    );
    // A sheet taken back: the last finished visit with a catch loses its readings and checks.
    const [last] = await db.query<{ id: number }>(
      `select max(job_order_id) as id from point_check_values where metric = '${Metric.catch}'`,
    );
    await db.transaction(async (tx) => {
      await tx.query('delete from point_check_values where job_order_id = $1', [last!.id]);
      await tx.query('delete from point_checks where job_order_id = $1', [last!.id]);
    });
    // A risk taken back, and one put under another issue of another risk type (a correction).
    await db.query('delete from risks where id = (select max(id) from risks)');
    await db.query(
      `update risks r set issue_id = o.id, risk_type_id = o.parent_id
       from risk_types o where r.id = (select max(id) from risks) and o.id = (select max(id) from risk_types where parent_id <> r.risk_type_id)`,
    );
    const after = await db.query<{ n: number }>('select count(*)::int as n from point_checks');
    written = after[0]!.n - before[0]!.n;
  }, 300_000);
  afterAll(async () => {
    await backend?.close();
    if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
  });

  const postAs = async <T>(headers: { authorization: string }, url: string, payload: object): Promise<T> => {
    const response = await backend.app.inject({ method: 'POST', url, headers, payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: T }>().data;
  };
  const post = <T>(url: string, payload: object): Promise<T> => postAs<T>(admin, url, payload);

  const month = `date_trunc('month', j.started_at at time zone '${CHINA_TIME_ZONE}')::date`;
  const differences = (raw: string, rollup: string) =>
    backend.db.query(`select * from ((${raw}) except all (${rollup})) a union all select * from ((${rollup}) except all (${raw})) b`);
  /** The store roll-ups per `period` (a month, migration 120; a day, migration 190) computed from the raw rows. */
  const rawPerStore = (counted: 'checks' | 'catches', period: string) =>
    `select j.customer_id, ${period}, pt.device_type_id, ${counted === 'checks' ? 'count(*)::int' : 'v.pest_id, count(*)::int, sum(v.value)::bigint'}
     from point_checks c join job_orders j on j.id = c.job_order_id join points pt on pt.id = c.point_id
     ${counted === 'catches' ? `join ${CATCHES}` : ''}
     where c.condition <> ${DeviceCondition.missing} group by ${counted === 'checks' ? '1, 2, 3' : '1, 2, 3, 4'}`;
  const day = `(j.started_at at time zone '${CHINA_TIME_ZONE}')::date`;
  /** The organisation roll-ups per `period` (a month, migration 150; a day, 240) computed from the raw rows, under each store's current organisation and area. */
  const rawPerOrganisation = (counted: 'checks' | 'catches', period = month) =>
    `select s.path[1], coalesce(s.area_id, 0), ${period}, pt.device_type_id, ${counted === 'checks' ? 'count(*)::int' : 'v.pest_id, count(*)::int, sum(v.value)::bigint'}
     from point_checks c join job_orders j on j.id = c.job_order_id join customers s on s.id = j.customer_id join points pt on pt.id = c.point_id
     ${counted === 'catches' ? `join ${CATCHES}` : ''}
     where c.condition <> ${DeviceCondition.missing} group by ${counted === 'checks' ? '1, 2, 3, 4' : '1, 2, 3, 4, 5'}`;

  /** The visits' marks (migration 200) from the raw rows: each finished visit, and the risk type and issue names it raised. */
  const rawVisitMarks = `select j.id, j.customer_id as store_id, j.started_at, 0 as basis, '' as name from job_orders j where j.ended_at is not null
    union
    select j.id, j.customer_id, j.started_at, m.basis, t.name
    from job_orders j join risks r on r.job_order_id = j.id
    cross join lateral (values (1, r.risk_type_id), (2, r.issue_id)) as m(basis, type_id) join risk_types t on t.id = m.type_id
    where j.ended_at is not null`;

  it('the burst wrote point checks, in the months the charts read, and visits recorded through the field app', () => {
    expect(written).toBeGreaterThan(0);
    expect(fieldRecorded).toBeGreaterThan(0);
  });

  it('holds in each roll-up table exactly what the raw rows group to', async () => {
    expect(await differences(rawPerStore('checks', month), 'select store_id, month, device_type_id, checks from service_check_months')).toEqual([]);
    expect(
      await differences(rawPerStore('catches', month), 'select store_id, month, device_type_id, pest_id, positive, caught from service_catch_months'),
    ).toEqual([]);
    expect(
      await differences(
        `select c.point_id, ${month}, j.customer_id, count(distinct c.job_order_id)::int
         from point_checks c join job_orders j on j.id = c.job_order_id join ${CATCHES}
         where c.condition <> ${DeviceCondition.missing} group by 1, 2, 3`,
        'select point_id, month, store_id, positive from service_point_positive_months',
      ),
    ).toEqual([]);
    expect(
      await differences(
        `select j.customer_id, v.pest_id, ${month}, c.point_id, count(*)::int, sum(v.value)::bigint
         from point_checks c join job_orders j on j.id = c.job_order_id join ${CATCHES}
         where c.condition <> ${DeviceCondition.missing} group by 1, 2, 3, 4`,
        'select store_id, pest_id, month, point_id, positive, caught from service_point_catch_months',
      ),
    ).toEqual([]);
    expect(
      await differences(
        `select store_id, month, device_type_id, count(*)::int, sum(amount)::bigint from (
           select j.customer_id as store_id, ${month} as month, pt.device_type_id, sum(v.value) as amount
           from point_checks c join job_orders j on j.id = c.job_order_id join points pt on pt.id = c.point_id
           join point_check_values v on v.job_order_id = c.job_order_id and v.point_id = c.point_id and v.metric in ('${Metric.catch}', '${Metric.trigger}')
           where c.condition <> ${DeviceCondition.missing} group by c.job_order_id, c.point_id, 1, 2, 3
         ) per_check group by 1, 2, 3`,
        'select store_id, month, device_type_id, positive, amount from service_device_type_months',
      ),
    ).toEqual([]);
    expect(await differences(rawPerStore('checks', day), 'select store_id, day, device_type_id, checks from service_check_days')).toEqual([]);
    expect(await differences(rawPerStore('catches', day), 'select store_id, day, device_type_id, pest_id, positive, caught from service_catch_days')).toEqual([]);
    for (const period of [day, month]) {
      expect(
        await differences(
          `select store_id, ${period.replace(/j\.started_at/g, 'm.started_at')}, basis, name, count(*)::int from (${rawVisitMarks}) m group by 1, 2, 3, 4`,
          `select store_id, ${period === day ? 'day' : 'month'}, basis, name, visits from service_visit_${period === day ? 'days' : 'months'}`,
        ),
      ).toEqual([]);
    }
    expect(await differences(rawPerOrganisation('checks'), 'select organisation_id, area_id, month, device_type_id, checks from service_organisation_check_months')).toEqual([]);
    expect(
      await differences(
        rawPerOrganisation('catches'),
        'select organisation_id, area_id, month, device_type_id, pest_id, positive, caught from service_organisation_catch_months',
      ),
    ).toEqual([]);
    expect(await differences(rawPerOrganisation('checks', day), 'select organisation_id, area_id, day, device_type_id, checks from service_organisation_check_days')).toEqual([]);
    expect(
      await differences(rawPerOrganisation('catches', day), 'select organisation_id, area_id, day, device_type_id, pest_id, positive, caught from service_organisation_catch_days'),
    ).toEqual([]);
  });

  it('yearPests of the whole fleet and of one organisation, with and without a pest, over whole and cut months', async () => {
    const cases = [[organisations, undefined, year], [organisations.slice(0, 1), undefined, year], [organisations, [1], year], [organisations, undefined, cut], [organisations.slice(0, 1), [1], cut]] as const;
    for (const [customers, petIds, range] of cases) {
      const chart = await post<YearPests>(ChartPaths.yearPests, { customerIds: customers, ...range, ...(petIds ? { petIds } : {}) });
      const raw = await backend.db.query<{ key: string; amount: number }>(
        `select ${MONTH} as key, coalesce(sum(v.value), 0)::int as amount
         from ${CHECKS.replace(' where ', ` left join ${CATCHES} ${petIds ? 'and v.pest_id = any($4::int[])' : ''} where `)}
         group by 1`,
        [customers, range.startTime, range.endTime, ...(petIds ? [petIds] : [])],
      );
      const amounts = new Map(raw.map((row) => [row.key, row.amount]));
      expect(chart.numberList).toEqual(chart.keyList.map((key) => amounts.get(key) ?? 0));
      expect(chart.numberList.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    }
  });

  it('pests of the fleet over the year, over the burst month, over cut months and over days without a whole month', async () => {
    for (const range of [year, { startTime: '2026-11-01', endTime: '2026-11-30' }, cut, { startTime: '2026-10-20', endTime: '2026-11-03' }]) {
      const chart = await post<Pests>(ChartPaths.pests, { customerIds: organisations, ...range });
      const raw = await backend.db.query<{ id: number; amount: number }>(
        `select v.pest_id as id, sum(v.value)::int as amount from ${CHECKS.replace(' where ', ` join ${CATCHES} where `)}
         group by 1 order by 2 desc, 1`,
        [organisations, range.startTime, range.endTime],
      );
      expect(chart.petIds).toEqual(raw.map((row) => row.id));
      expect(chart.numberList).toEqual(raw.map((row) => row.amount));
    }
  });

  it("pointTrend of an organisation's points by month and by quarter, for any pest and for one, over whole and cut months", async () => {
    const cases = [[0, undefined, year], [1, undefined, year], [0, [1], year], [1, [2], year], [0, undefined, cut], [1, [1], cut]] as const;
    for (const [quarterType, petIds, range] of cases) {
      const chart = await post<PointTrend>(ChartPaths.pointTrend, { customerId: organisations[0], ...range, quarterType, ...(petIds ? { petIds } : {}) });
      const period = quarterType ? `to_char(j.started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-"Q"Q')` : MONTH;
      const raw = await backend.db.query<{ pointId: number; key: string; n: number }>(
        `select c.point_id as "pointId", ${period} as key, count(*)::int as n
         from ${CHECKS} and exists (select 1 from point_check_values v where v.job_order_id = c.job_order_id and v.point_id = c.point_id and v.metric = '${Metric.catch}'
                                    ${petIds ? 'and v.pest_id = any($4::int[])' : ''})
         group by 1, 2`,
        [[organisations[0]], range.startTime, range.endTime, ...(petIds ? [petIds] : [])],
      );
      const drawn = chart.valueList.flatMap((series) =>
        series.numberList.flatMap((n, i) => (n > 0 ? [`${series.pointIds[0]}|${chart.keyList[i]}|${n}`] : [])),
      );
      expect(drawn.sort()).toEqual(raw.map((row) => `${row.pointId}|${row.key}|${row.n}`).sort());
      expect(drawn.length).toBeGreaterThan(0);
    }
  });

  /** Individuals caught per top-level region name of the points, from the raw rows of `customers`' stores over `range`. */
  const rawRegionCatches = (customers: number[], range: { startTime: string; endTime: string }, petIds?: number[]) =>
    backend.db.query<{ pestId: number; name: string; amount: number }>(
      `select v.pest_id as "pestId", r.name, sum(v.value)::int as amount
       from ${CHECKS.replace(
         ' where ',
         ` join ${CATCHES} join points pt on pt.id = c.point_id
           join service_regions r on r.id = (select coalesce(t.parent_id, t.id) from service_regions t where t.id = pt.region_id) where `,
       )} ${petIds ? 'and v.pest_id = any($4::int[])' : ''}
       group by 1, 2`,
      [customers, range.startTime, range.endTime, ...(petIds ? [petIds] : [])],
    );

  it("regionPests of an organisation and of the fleet over whole and cut months, and of one pest", async () => {
    for (const [customers, range, petIds] of [[organisations.slice(0, 1), year, undefined], [organisations, cut, undefined], [organisations.slice(0, 1), cut, [1]]] as const) {
      const chart = await post<RegionPests>(ChartPaths.regionPests, { customerIds: customers, ...range, ...(petIds ? { petIds } : {}) });
      const perRegion = new Map<string, number>();
      for (const row of await rawRegionCatches([...customers], range, petIds && [...petIds])) perRegion.set(row.name, (perRegion.get(row.name) ?? 0) + row.amount);
      expect(new Map(chart.nameList.map((name, i) => [name, chart.numberList[i]]))).toEqual(perRegion);
      expect(chart.numberList).toEqual([...chart.numberList].sort((a, b) => b - a));
      expect(perRegion.size).toBeGreaterThan(0);
    }
  });

  it("pestWork of an organisation by month over whole and cut months: each pest's periods and regions", async () => {
    for (const range of [year, cut]) {
      const items = await post<PestWorkItem[]>(ChartPaths.pestWork, { customerId: organisations[0], ...range });
      const perMonth = await backend.db.query<{ pestId: number; key: string; amount: number }>(
        `select v.pest_id as "pestId", ${MONTH} as key, sum(v.value)::int as amount from ${CHECKS.replace(' where ', ` join ${CATCHES} where `)} group by 1, 2`,
        [[organisations[0]], range.startTime, range.endTime],
      );
      const perRegion = await rawRegionCatches([organisations[0]!], range);
      expect(items.map((item) => item.petId).sort()).toEqual([...new Set(perMonth.map((row) => row.pestId))].sort());
      for (const item of items) {
        const months = new Map(perMonth.filter((row) => row.pestId === item.petId).map((row) => [row.key, row.amount]));
        expect(item.valueList, item.name).toEqual(item.timeList.map((key) => months.get(key) ?? 0));
        const regions = new Map(perRegion.filter((row) => row.pestId === item.petId).map((row) => [row.name, row.amount]));
        expect(new Map(item.nameList.map((name, i) => [name, item.numberList[i]])), item.name).toEqual(regions);
      }
      expect(items.length).toBeGreaterThan(0);
    }
  });

  /**
   * Every sales area's positive rates by month (or by occurrence: each day visited) over the year,
   * as `account` sees them, against the raw rows of `organisations`' stores.
   */
  async function expectAreaRatesAsRaw(
    headers: { authorization: string },
    ofOrganisations: number[],
    range: { startTime: string; endTime: string } = year,
    byOccurrence = false,
  ) {
    const areas = (await backend.db.query<{ id: number }>('select id from sales_areas order by id')).map((row) => row.id);
    const response = await backend.app.inject({
      method: 'POST',
      url: ChartPaths.groupPestRates,
      headers,
      payload: { customerType: 0, areaIds: areas, workType: 0, ...range, ...(byOccurrence ? { timeType: 1 } : {}) },
    });
    const charts = response.json<{ data: GroupRateChart[] }>().data;
    const period = byOccurrence ? DAY : MONTH;
    if (byOccurrence) {
      const days = await backend.db.query<{ key: string }>(
        `select distinct ${DAY} as key from job_orders j join customers s on s.id = j.customer_id
         where s.path && $1::int[] and s.area_id is not null
           and j.started_at >= ($2::date::timestamp at time zone '${CHINA_TIME_ZONE}') and j.started_at < (($3::date + 1)::timestamp at time zone '${CHINA_TIME_ZONE}')
         order by 1`,
        [ofOrganisations, range.startTime, range.endTime],
      );
      expect(charts[0]!.timeList).toEqual(days.map((row) => row.key));
    }
    const raw = await backend.db.query<{ pestId: number; area: number; key: string; checked: number; positive: number }>(
      `select m.pest_id as "pestId", s.area_id as area, ${period} as key, count(*)::int as checked, count(v.value)::int as positive
       from ${CHECKS.replace(
         ' where ',
         ` join points pt on pt.id = c.point_id
           join device_type_metrics m on m.device_type_id = pt.device_type_id and m.metric = '${Metric.catch}'
           left join ${CATCHES} and v.pest_id = m.pest_id where `,
       )}
       group by 1, 2, 3`,
      [ofOrganisations, range.startTime, range.endTime],
    );
    const cells = new Map(raw.map((row) => [`${row.pestId}|${row.area}|${row.key}`, row]));
    const pests = await backend.db.query<{ id: number; name: string }>('select id, name from pests order by id');
    expect(charts.length).toBeGreaterThan(0);
    for (const chart of charts) {
      const pestId = pests.find((pest) => pest.name === chart.name)!.id;
      chart.valueList.forEach((series, i) =>
        series.numberList.forEach((rate, k) => {
          const cell = cells.get(`${pestId}|${areas[i]}|${chart.timeList[k]}`);
          expect(rate, `${chart.name} ${series.name} ${chart.timeList[k]}`).toBe(positiveRatePercent(cell?.positive ?? 0, cell?.checked ?? 0));
        }),
      );
    }
  }

  it('positive rates of every sales area by month over the year, for the admin and for a manager', async () => {
    await expectAreaRatesAsRaw(admin, organisations);
    await expectAreaRatesAsRaw(await signIn(backend.app, '13800000001'), [1]);
  });

  it('positive rates of every sales area over days that cut their first and last months (monthly roll-ups inside, day roll-ups at the edges) and over days without a whole month', async () => {
    await expectAreaRatesAsRaw(admin, organisations, { startTime: '2025-12-15', endTime: '2026-11-02' });
    await expectAreaRatesAsRaw(await signIn(backend.app, '13800000001'), [1], { startTime: '2026-02-10', endTime: '2026-11-20' });
    await expectAreaRatesAsRaw(admin, organisations, { startTime: '2026-10-20', endTime: '2026-11-03' });
  });

  it('positive rates of every sales area by occurrence (each day visited, planned visits to come included), from the day roll-ups', async () => {
    await expectAreaRatesAsRaw(admin, organisations, { startTime: '2026-09-15', endTime: '2026-11-30' }, true);
    await expectAreaRatesAsRaw(await signIn(backend.app, '13800000001'), [1], cut, true);
  });

  /**
   * Every sales area's risk rates by month, by every risk type name and by every issue name, as
   * `account` sees them, against the finished visits of `organisations`' stores and the names
   * they raised.
   */
  async function expectAreaRiskRatesAsRaw(headers: { authorization: string }, ofOrganisations: number[], range: { startTime: string; endTime: string }, byOccurrence = false) {
    const areas = (await backend.db.query<{ id: number }>('select id from sales_areas order by id')).map((row) => row.id);
    let raised = 0;
    for (const riskType of [ChartRiskBasis.byRiskType, ChartRiskBasis.byIssue]) {
      const names = (await backend.db.query<{ name: string }>(
        `select distinct name from risk_types where parent_id is ${riskType === ChartRiskBasis.byRiskType ? '' : 'not '}null order by 1`,
      )).map((row) => row.name);
      const charts = await postAs<GroupRateChart[]>(headers, ChartPaths.groupRiskRates, {
        customerType: 0, areaIds: areas, workType: 0, ...range, riskType, ...(byOccurrence ? { timeType: 1 } : {}),
        ...(riskType === ChartRiskBasis.byRiskType ? { riskTypeNames: names } : { issueDescNames: names }),
      });
      const raw = await backend.db.query<{ area: number; key: string; name: string; visits: number }>(
        `select s.area_id as area, ${(byOccurrence ? DAY : MONTH).replace('j.', 'm.')} as key, m.name, count(*)::int as visits
         from (${rawVisitMarks}) m join customers s on s.id = m.store_id
         where m.basis in (0, $4) and s.path && $1::int[]
           and m.started_at >= ($2::date::timestamp at time zone '${CHINA_TIME_ZONE}')
           and m.started_at < (($3::date + 1)::timestamp at time zone '${CHINA_TIME_ZONE}')
         group by 1, 2, 3`,
        [ofOrganisations, range.startTime, range.endTime, riskType + 1],
      );
      const visits = new Map(raw.map((row) => [`${row.name}|${row.area}|${row.key}`, row.visits]));
      expect(charts.map((chart) => chart.name)).toEqual(names);
      // By occurrence the periods are the days of the finished visits.
      if (byOccurrence) expect(charts[0]!.timeList).toEqual([...new Set(raw.filter((row) => row.name === '' && row.area !== null).map((row) => row.key))].sort());
      for (const chart of charts) {
        chart.valueList.forEach((series, i) =>
          series.numberList.forEach((rate, k) => {
            const cell = (name: string) => visits.get(`${name}|${areas[i]}|${chart.timeList[k]}`) ?? 0;
            expect(rate, `${chart.name} ${series.name} ${chart.timeList[k]}`).toBe(positiveRatePercent(cell(chart.name), cell('')));
            if (rate !== null && rate > 0) raised++;
          }),
        );
      }
    }
    expect(raised).toBeGreaterThan(0);
  }

  it('risk rates of every sales area by risk type and by issue, over the year, over cut months, over days without a whole month and by occurrence, for the admin and for a manager', async () => {
    const manager = await signIn(backend.app, '13800000001');
    for (const range of [year, cut, { startTime: '2026-10-20', endTime: '2026-11-03' }]) {
      await expectAreaRiskRatesAsRaw(admin, organisations, range);
      await expectAreaRiskRatesAsRaw(manager, [1], range);
    }
    await expectAreaRiskRatesAsRaw(admin, organisations, { startTime: '2026-09-15', endTime: '2026-11-30' }, true);
    await expectAreaRiskRatesAsRaw(manager, [1], cut, true);
  });

  it('the pest summary of the fleet and of one organisation, per store and in 合计, over whole months, cut months and days without a whole month', async () => {
    const ranges = [year, cut, { startTime: '2026-10-20', endTime: '2026-11-03' }];
    for (const [customers, range] of ranges.flatMap((range) => [[organisations, range], [organisations.slice(0, 1), range]] as const)) {
      const summary = await post<{ records: SummaryRow[]; totalRow: SummaryRow }>(SummaryPaths.pestSummary, { current: 1, size: 100_000, customerIds: customers, ...range });
      const raw = await backend.db.query<{ store: string | null; pestId: number; checked: number; positive: number; amount: number }>(
        `select s.code as store, m.pest_id as "pestId", count(*)::int as checked, count(v.value)::int as positive, coalesce(sum(v.value), 0)::int as amount
         from ${CHECKS.replace(' where ', ` join points pt on pt.id = c.point_id
           join device_type_metrics m on m.device_type_id = pt.device_type_id and m.metric = '${Metric.catch}'
           left join ${CATCHES} and v.pest_id = m.pest_id where `)}
           and m.pest_id in (select v.pest_id from ${CHECKS.replace(' where ', ` join ${CATCHES} where `)})
         group by grouping sets ((s.code, m.pest_id), (m.pest_id))`,
        [customers, range.startTime, range.endTime],
      );
      expect(raw.length).toBeGreaterThan(0);
      for (const row of raw) {
        const figures = row.store === null ? summary.totalRow : summary.records.find((record) => record.customerCode === row.store);
        expect(figures, `${row.store} ${range.startTime}`).toBeDefined();
        expect([figures![`pest${row.pestId}Catch`], figures![`pest${row.pestId}Positive`], figures![`pest${row.pestId}Rate`]], `${row.store} pest ${row.pestId} ${range.startTime}`).toEqual([
          row.amount,
          row.positive,
          positiveRate(row.positive, row.checked),
        ]);
      }
    }
  });

  it("yearPests of a manager's organisation, and nothing of another's", async () => {
    const manager = await signIn(backend.app, '13800000001');
    const ask = async (customerIds: number[]) => {
      const response = await backend.app.inject({ method: 'POST', url: ChartPaths.yearPests, headers: manager, payload: { customerIds, ...year } });
      return response.json<{ data: YearPests }>().data;
    };
    const own = await ask([1]);
    const raw = await backend.db.query<{ key: string; amount: number }>(
      `select ${MONTH} as key, coalesce(sum(v.value), 0)::int as amount from ${CHECKS.replace(' where ', ` left join ${CATCHES} where `)} group by 1`,
      [[1], year.startTime, year.endTime],
    );
    const amounts = new Map(raw.map((row) => [row.key, row.amount]));
    expect(own.numberList).toEqual(own.keyList.map((key) => amounts.get(key) ?? 0));
    expect(own.numberList.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect((await ask([organisations[1]!])).numberList.every((n) => n === 0)).toBe(true);
  });

  it('a store moved to another sales area takes its counts along, and back', async () => {
    const [store] = await backend.db.query<{ id: number; areaId: number; otherAreaId: number }>(
      `select s.id, s.area_id as "areaId", (select min(a.id) from sales_areas a where a.id <> s.area_id) as "otherAreaId"
       from customers s where s.id = (select store_id from service_catch_months group by 1 order by sum(caught) desc limit 1)`,
    );
    for (const areaId of [store!.otherAreaId, store!.areaId]) {
      await backend.db.query('update customers set area_id = $2 where id = $1', [store!.id, areaId]);
      expect(await differences(rawPerOrganisation('catches'), 'select organisation_id, area_id, month, device_type_id, pest_id, positive, caught from service_organisation_catch_months')).toEqual([]);
      expect(await differences(rawPerOrganisation('checks', day), 'select organisation_id, area_id, day, device_type_id, checks from service_organisation_check_days')).toEqual([]);
      await expectAreaRatesAsRaw(admin, organisations);
      await expectAreaRatesAsRaw(admin, organisations, { startTime: '2025-12-15', endTime: '2026-11-02' });
    }
  });
});
