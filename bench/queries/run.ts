// bench/queries: latency of every filter-support and chart call at SEED_SCALE=large, on PGlite
// and on PostgreSQL, through app.inject against the reference backend. Prints p50/p95 per call
// and driver and the PGlite/PostgreSQL ratio (503: stopped at QUERY_TIMEOUT_MS); asserts nothing.
//   node --import tsx bench/queries/run.ts
// BENCH_SEED_SCALE=medium runs it on the medium data set instead (quicker, for a first look).
// BENCH_DATABASE_URL names the PostgreSQL database (default postgres://postgres@127.0.0.1:5432/bench_queries);
// it is dropped and created afresh, unless BENCH_REUSE=1 and it exists (then it is migrated and timed as it
// is, which also runs a new migration over data generated before it; the PGlite data dir is kept too). BENCH_DRIVERS=postgres (or pglite)
// times one driver only. BENCH_CALLS sets calls per endpoint; BENCH_ONLY=text,text times the calls whose name
// contains one of them. Each call's figures go to stderr as it is measured.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { CHINA_TIME_ZONE, ChartPaths, chartKeyRange, FilterPaths, JobOrderPaths, REGION_ROOT_ID, SummaryPaths } from '@pest/shared';
import {
  createBackend,
  demoWorld,
  loadConfig,
  openDatabase,
  SEED_SCALES,
  signIn,
  type Db,
  type SeedScale,
} from '@pest/server/testing';
import type { Call } from './call.ts';
import { deviceCalls, sampleDeviceParameters } from './device-calls.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const WARMUP = 5;
const DATABASE_URL = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_queries');
const DATABASE = DATABASE_URL.pathname.slice(1);
const REUSE = process.env.BENCH_REUSE === '1';
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'postgres,pglite').split(',');
const ONLY = (process.env.BENCH_ONLY ?? '').split(',');
const SCALE = (process.env.BENCH_SEED_SCALE ?? 'large') as SeedScale;
if (!SEED_SCALES.includes(SCALE)) throw new Error(`BENCH_SEED_SCALE must be one of ${SEED_SCALES.join(', ')}`);
const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });

/** A POST call whose i-th body is `payload(i)`. */
function post(name: string, url: string, payload: (i: number) => object, as: Call['as'] = 'admin'): Call {
  return { name, method: 'POST', as, request: (i) => ({ url, payload: payload(i) }) };
}

/** Realistic parameters, read from the generated data: big and small chains, busy plans, real contacts. */
async function sampleParameters(db: Db) {
  const ids = async (sql: string) => (await db.query<{ id: number }>(sql)).map((row) => row.id);
  const organisations = await ids(`select o.id from customers o where o.kind = 1
    order by (select count(*) from customers s where s.path[1] = o.id) desc limit 10`);
  const groups = await ids('select id from customers where kind = 2 order by id limit 50');
  const stores = await ids('select id from customers where kind = 3 order by md5(id::text) limit 50');
  const plans = await ids('select id from service_plans order by md5(id::text) limit 50');
  const demoPlans = await ids('select p.id from service_plans p join customers s on s.id = p.customer_id where s.path[1] = 1 order by p.id');
  const contacts = (await db.query<{ name: string }>('select distinct name from contacts order by name limit 50')).map((row) => row.name);
  const provinces = await ids('select distinct province_id as id from customers where kind = 3 order by 1');
  const riskTypes = await ids('select id from risk_types where parent_id is null order by id');
  const pick = <T>(list: T[], i: number) => list[i % list.length]!;
  // Charts: stores with visits, their checked points, the months visited, risk type names, sales areas.
  const chartStores = await ids('select distinct customer_id as id from job_orders order by 1 limit 200').then((all) => all.filter((_, i) => i % 4 === 0));
  const demoStores = await ids('select s.id from customers s where s.path[1] = 1 and s.kind = 3 order by s.id');
  const chartPoints = await db.query<{ id: number; customerId: number }>(
    'select pt.id, pt.customer_id as "customerId" from points pt where pt.customer_id = any($1::int[]) order by md5(pt.id::text) limit 50',
    [chartStores],
  );
  const months = (await db.query<{ month: string }>(
    `select distinct to_char(started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM') as month from job_orders order by 1`,
  )).map((row) => row.month);
  const riskTypeNames = (await db.query<{ name: string }>('select distinct name from risk_types where parent_id is null order by 1')).map((row) => row.name);
  const areas = await ids('select id from sales_areas order by id');
  const allOrganisations = await ids('select id from customers where kind = 1 order by id');
  // Sheets to open from the service records: a finished visit's device types.
  const sheets = await db.query<{ jobId: number; deviceTypeId: number }>(
    `select c.job_order_id as "jobId", min(pt.device_type_id) as "deviceTypeId" from point_checks c join points pt on pt.id = c.point_id
     where c.job_order_id in (select id from job_orders where ended_at is not null order by md5(id::text) limit 50) group by 1`,
  );
  const devices = await sampleDeviceParameters(db);
  return { organisations, groups, stores, plans, demoPlans, contacts, provinces, riskTypes, pick, chartStores, demoStores, chartPoints, months, riskTypeNames, areas, allOrganisations, sheets, devices };
}

function calls(p: Awaited<ReturnType<typeof sampleParameters>>): Call[] {
  const { pick } = p;
  return [
    { name: 'customerTreeByCustomerId', method: 'POST', as: 'admin', request: (i) => ({ url: FilterPaths.customerTreeByCustomerId, payload: { id: pick(p.organisations, i) } }) },
    { name: 'contactNameList', method: 'POST', as: 'admin', request: (i) => ({ url: FilterPaths.contactNameList, payload: i % 2 ? {} : { customerId: pick(p.organisations, i) } }) },
    { name: 'regionTree', method: 'GET', as: 'admin', request: () => ({ url: `${FilterPaths.regionTree}?id=${REGION_ROOT_ID}` }) },
    { name: 'salesAreaList', method: 'GET', as: 'admin', request: () => ({ url: FilterPaths.salesAreaList }) },
    { name: 'dictionaryDownList', method: 'POST', as: 'admin', request: () => ({ url: FilterPaths.dictionaryDownList, payload: { typeId: 18 } }) },
    { name: 'newCustomerTree', method: 'POST', as: 'admin', request: () => ({ url: FilterPaths.newCustomerTree, payload: {} }) },
    {
      name: 'newCustomerTreeByParentId',
      method: 'POST',
      as: 'admin',
      request: (i) => ({
        url: FilterPaths.newCustomerTreeByParentId,
        payload: i % 2 ? { parentId: pick(p.groups, i) } : { parentId: pick(p.organisations, i), contactNameList: [pick(p.contacts, i)] },
      }),
    },
    {
      name: 'newCustomerTreeByName',
      method: 'POST',
      as: 'admin',
      request: (i) => ({ url: FilterPaths.newCustomerTreeByName, payload: { name: ['万达', '店', '工厂', '超市', '味多美'][i % 5], areaId: i % 3 ? undefined : 3 } }),
    },
    {
      name: 'newCustomerTreeByName (manager)',
      method: 'POST',
      as: 'manager',
      request: (i) => ({ url: FilterPaths.newCustomerTreeByName, payload: { name: ['店', '北京', '天津'][i % 3] } }),
    },
    {
      name: 'customerPage',
      method: 'POST',
      as: 'admin',
      request: (i) => ({
        url: FilterPaths.customerPage,
        payload: { current: 1 + (i % 20), size: 50, ...(i % 4 === 0 ? { provinceId: pick(p.provinces, i) } : {}), ...(i % 4 === 1 ? { name: '店', areaIds: [1, 3] } : {}), ...(i % 4 === 2 ? { contactNameList: p.contacts.slice(0, 5) } : {}) },
      }),
    },
    { name: 'customerPage (manager)', method: 'POST', as: 'manager', request: (i) => ({ url: FilterPaths.customerPage, payload: { current: 1, size: 50, ...(i % 2 ? { name: '店' } : {}) } }) },
    { name: 'servicePlanList', method: 'GET', as: 'admin', request: (i) => ({ url: `${FilterPaths.servicePlanList}?customerId=${i % 2 ? pick(p.stores, i) : pick(p.organisations, i)}` }) },
    { name: 'serviceRegionList', method: 'GET', as: 'admin', request: (i) => ({ url: `${FilterPaths.serviceRegionList}?mediumId=${pick(p.plans, i)}` }) },
    { name: 'pointByParam', method: 'POST', as: 'admin', request: (i) => ({ url: FilterPaths.pointByParam, payload: { mediumId: pick(p.plans, i), ...(i % 2 ? { deviceTypeIds: [6, 7, 8] } : {}) } }) },
    { name: 'pointByParam (manager)', method: 'POST', as: 'manager', request: (i) => ({ url: FilterPaths.pointByParam, payload: { mediumId: pick(p.demoPlans, i) } }) },
    { name: 'riskTypeList', method: 'GET', as: 'admin', request: (i) => ({ url: `${FilterPaths.riskTypeList}?id=${1 + (i % 3)}` }) },
    { name: 'riskIssueList', method: 'GET', as: 'admin', request: (i) => ({ url: `${FilterPaths.riskIssueList}?parentId=${pick(p.riskTypes, i)}` }) },
    { name: 'pestsByType', method: 'GET', as: 'admin', request: () => ({ url: `${FilterPaths.pestsByType}?type=0` }) },
    { name: 'deviceTypes', method: 'POST', as: 'admin', request: (i) => ({ url: FilterPaths.deviceTypes, payload: i % 2 ? { name: '鼠' } : {} }) },
    ...chartCalls(p),
    ...summaryCalls(p),
    ...jobOrderCalls(p),
    ...deviceCalls(p.devices),
  ];
}

/**
 * The chart calls as the screens make them: a store or an organisation over a month, a quarter or
 * the year, and over a year of days from a mid-month day (the date pickers' "a year from today",
 * which cuts its first and last months).
 */
function chartCalls(p: Awaited<ReturnType<typeof sampleParameters>>): Call[] {
  const { pick } = p;
  const { year, days } = longRanges(p);
  const month = (i: number) => chartKeyRange(pick(p.months, i));
  const quarter = (i: number) => chartKeyRange(`${pick(p.months, i).slice(0, 4)}-Q${1 + (i % 4)}`);
  const store = (i: number) => ({ customerId: pick(p.chartStores, i) });
  const rateForm = (i: number) => ({
    workType: i % 2,
    ...(i % 2 ? { ...month(i), comparisonStartTime: month(i + 1).startTime, comparisonEndTime: month(i + 1).endTime } : year),
    ...(i % 3 ? { customerType: 1, customerIds: p.chartStores.slice(i % 20, (i % 20) + 5) } : { customerType: 0, areaIds: [pick(p.areas, i)] }),
  });
  return [
    post('chart pointTrend (store, year)', ChartPaths.pointTrend, (i) => ({ ...store(i), ...year, quarterType: i % 2 })),
    post('chart pointTrend (organisation)', ChartPaths.pointTrend, (i) => ({ customerId: pick(p.organisations, i), ...quarter(i) })),
    post('chart pointTrendDetails', ChartPaths.pointTrendDetails, (i) => ({ customerId: pick(p.chartPoints, i).customerId, pointId: pick(p.chartPoints, i).id, type: 1, ...month(i) })),
    post('chart pointTrend (organisation, year)', ChartPaths.pointTrend, (i) => ({ customerId: pick(p.organisations, i), ...year, quarterType: i % 2 })),
    post('chart pointTrend (org, year, one pest)', ChartPaths.pointTrend, (i) => ({ customerId: pick(p.organisations, i), ...year, petIds: [1 + (i % 3)] })),
    post('chart yearPests (organisation)', ChartPaths.yearPests, (i) => ({ customerId: pick(p.organisations, i), ...year })),
    post('chart yearPests (fleet)', ChartPaths.yearPests, (i) => ({ customerIds: p.allOrganisations, ...year, ...(i % 2 ? { petIds: [1 + (i % 3)] } : {}) })),
    post('chart regionPests (organisation, year)', ChartPaths.regionPests, (i) => ({ customerId: pick(p.organisations, i), ...year })),
    post('chart pests (organisation, quarter)', ChartPaths.pests, (i) => ({ customerId: pick(p.organisations, i), ...quarter(i) })),
    post('chart pests (fleet, year)', ChartPaths.pests, () => ({ customerIds: p.allOrganisations, ...year })),
    post('chart groupPestRates (every area, year)', ChartPaths.groupPestRates, () => ({ customerType: 0, areaIds: p.areas, workType: 0, ...year })),
    post('chart groupRiskRates (every area, year)', ChartPaths.groupRiskRates, (i) => ({ customerType: 0, areaIds: p.areas, workType: 0, ...year, riskType: 0, riskTypeNames: p.riskTypeNames.slice(0, 1 + (i % 3)) })),
    post('chart groupPestRates (organisations)', ChartPaths.groupPestRates, (i) => ({ customerType: 1, customerIds: p.organisations.slice(i % 5, (i % 5) + 5), workType: 0, ...year })),
    post('chart risk (fleet, year)', ChartPaths.risk, () => ({ customerIds: p.allOrganisations, ...year })),
    post('chart yearPests (manager)', ChartPaths.yearPests, () => ({ customerId: 1, ...year }), 'manager'),
    post('chart regionPests (organisation)', ChartPaths.regionPests, (i) => ({ customerId: pick(p.organisations, i), ...month(i) })),
    post('chart pests (organisation)', ChartPaths.pests, (i) => ({ customerId: pick(p.organisations, i), ...month(i) })),
    post('chart groupPestRates', ChartPaths.groupPestRates, rateForm),
    post('chart groupRiskRates', ChartPaths.groupRiskRates, (i) => ({ ...rateForm(i), riskType: 0, riskTypeNames: [pick(p.riskTypeNames, i)] })),
    post('chart groupPestRates (manager)', ChartPaths.groupPestRates, (i) => ({ customerType: 1, customerIds: p.demoStores.slice(0, 10), workType: 0, timeType: i % 2, ...year }), 'manager'),
    post('chart pestWork (store, year)', ChartPaths.pestWork, (i) => ({ ...store(i), ...year, type: i % 2 })),
    post('chart risk (organisation)', ChartPaths.risk, (i) => ({ customerId: pick(p.organisations, i), ...quarter(i) })),
    post('chart riskDetails (store)', ChartPaths.riskDetails, (i) => ({ ...store(i), ...year, status: [1, 0, null][i % 3], pageNum: 1, pageSize: 10 })),
    post('chart riskDetails (organisation)', ChartPaths.riskDetails, (i) => ({ customerId: pick(p.organisations, i), ...quarter(i), status: 1, pageNum: 1 + (i % 3), pageSize: 10 })),
    post('chart yearPests (organisation, days)', ChartPaths.yearPests, (i) => ({ customerId: pick(p.organisations, i), ...days })),
    post('chart pests (fleet, days)', ChartPaths.pests, () => ({ customerIds: p.allOrganisations, ...days })),
    post('chart regionPests (organisation, days)', ChartPaths.regionPests, (i) => ({ customerId: pick(p.organisations, i), ...days })),
    post('chart pointTrend (organisation, days)', ChartPaths.pointTrend, (i) => ({ customerId: pick(p.organisations, i), ...days, quarterType: i % 2 })),
    // By month: by occurrence (type 1) each visit is a period, which no monthly roll-up holds.
    post('chart pestWork (organisation, days)', ChartPaths.pestWork, (i) => ({ customerId: pick(p.organisations, i), ...days, type: 0 })),
    post('chart groupPestRates (every area, days)', ChartPaths.groupPestRates, () => ({ customerType: 0, areaIds: p.areas, workType: 0, ...days })),
    post('chart riskDetailsExport (store)', ChartPaths.riskDetailsExport, (i) => ({ ...store(i), ...year, pageNum: 1, pageSize: 10 })),
  ];
}

/** The sampled year as whole months, and as days that cut its first and last months (the forms' default: a year to today). */
function longRanges(p: Awaited<ReturnType<typeof sampleParameters>>) {
  return {
    year: { startTime: `${p.months[0]}-01`, endTime: chartKeyRange(p.months.at(-1)!).endTime },
    days: { startTime: `${p.months[0]}-15`, endTime: `${p.months.at(-1)}-14` },
  };
}

/** The summaries (screens 3–5) as their forms send them: an organisation over a month, a quarter or the year, page 1 and the header. */
function summaryCalls(p: Awaited<ReturnType<typeof sampleParameters>>): Call[] {
  const { pick } = p;
  const { year, days } = longRanges(p);
  const period = (i: number) => [year, chartKeyRange(pick(p.months, i)), chartKeyRange(`${pick(p.months, i).slice(0, 4)}-Q${1 + (i % 4)}`)][i % 3]!;
  const form = (i: number) => ({ customerId: pick(p.organisations, i), ...period(i) });
  return [
    post('pestSummary header (organisation)', SummaryPaths.pestSummaryHeader, form),
    post('pestSummary (organisation)', SummaryPaths.pestSummary, (i) => ({ ...form(i), current: 1, size: 20 })),
    post('pestSummary (fleet, year)', SummaryPaths.pestSummary, () => ({ customerIds: p.allOrganisations, ...year, current: 1, size: 20 })),
    post('pestSummary (organisation, days)', SummaryPaths.pestSummary, (i) => ({ customerId: pick(p.organisations, i), ...days, current: 1, size: 20 })),
    post('pestSummary (fleet, days)', SummaryPaths.pestSummary, () => ({ customerIds: p.allOrganisations, ...days, current: 1, size: 20 })),
    post('deviceTypeSummary header (organisation)', SummaryPaths.deviceTypeSummaryHeader, form),
    post('deviceTypeSummary (organisation)', SummaryPaths.deviceTypeSummary, (i) => ({ ...form(i), current: 1, size: 20 })),
    post('riskSummary (organisation)', SummaryPaths.riskSummary, (i) => ({ ...form(i), current: 1, size: 20 })),
    post('riskSummary (fleet, year)', SummaryPaths.riskSummary, (i) => ({ customerIds: p.allOrganisations, ...year, current: 1, size: 20, ...(i % 2 ? { overdue: true } : {}) })),
    post('overdueRisks (fleet)', SummaryPaths.overdueRisks, (i) => ({ current: 1 + (i % 3), size: 20 })),
    post('overdueRisks (manager)', SummaryPaths.overdueRisks, () => ({ current: 1, size: 20 }), 'manager'),
  ];
}

/** The service records: the job-order list (pages of 500, as the screen asks) and a visit's point-check sheet. */
function jobOrderCalls(p: Awaited<ReturnType<typeof sampleParameters>>): Call[] {
  const { pick } = p;
  const month = (i: number) => chartKeyRange(pick(p.months, i));
  const lastDay = (i: number) => {
    const [year, monthNumber] = pick(p.months, i).split('-').map(Number) as [number, number];
    return new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
  };
  const list = (i: number) => [{}, { startTime: `${month(i).startTime} 00:00:00`, endTime: `${lastDay(i)} 23:59:59` }, { advocateStaffName: '张' }][i % 3];
  return [
    post('jobOrderRecordList (fleet)', JobOrderPaths.list, (i) => ({ current: 1 + (i % 3), size: 500, ...list(i) })),
    post('jobOrderRecordList (manager)', JobOrderPaths.list, (i) => ({ current: 1, size: 500, ...list(i) }), 'manager'),
    { name: 'pointByJobId', method: 'GET', as: 'admin', request: (i) => ({ url: `${JobOrderPaths.pointTabs}?jobId=${pick(p.sheets, i).jobId}` }) },
    post('pointCheck rows', JobOrderPaths.pointCheckRows, (i) => ({ current: 1, size: 20, sheetId: pick(p.sheets, i).jobId, deviceTypeId: pick(p.sheets, i).deviceTypeId })),
  ];
}

type Timings = Map<string, { p50: number; p95: number }>;

async function measure(db: Db): Promise<Timings> {
  // Both databases as their upkeep leaves them in use, visibility maps and statistics current:
  // PostgreSQL's autovacuum, the backend's PGlite maintenance (db/pglite-maintenance.ts).
  await db.exec('vacuum (analyze)');
  // The simulator would write while the calls are timed.
  const app = await createBackend({ db, logger: pino({ level: 'silent' }), config: loadConfig({ SIMULATOR: 'off', REPORT_RENDER_AHEAD_DAYS: '0' }), demoWorld });
  await app.ready();
  const headers = { admin: await signIn(app, 'admin'), manager: await signIn(app, '13800000001') };
  const timings: Timings = new Map();
  for (const call of calls(await sampleParameters(db)).filter((one) => ONLY.some((part) => one.name.includes(part)))) {
    const samples: number[] = [];
    for (let i = 0; i < WARMUP + CALLS; i++) {
      const { url, payload } = call.request(i);
      const started = performance.now();
      const response = await app.inject({ method: call.method, url, headers: headers[call.as], ...(payload ? { payload } : {}) });
      const elapsed = performance.now() - started;
      // A call the backend stops (503 after QUERY_TIMEOUT_MS) is reported as such, not timed again.
      if (response.statusCode === 503) break;
      if (response.statusCode !== 200) throw new Error(`${call.name} answered ${response.statusCode}: ${response.body}`);
      if (i >= WARMUP) samples.push(elapsed);
    }
    if (samples.length < CALLS) {
      timings.set(call.name, { p50: Number.POSITIVE_INFINITY, p95: Number.POSITIVE_INFINITY });
      console.error(`${db.driver} ${call.name}: 503`);
      continue;
    }
    samples.sort((a, b) => a - b);
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
    timings.set(call.name, { p50: at(0.5), p95: at(0.95) });
    console.error(`${db.driver} ${call.name}: p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms`);
  }
  await app.close();
  return timings;
}

async function onPglite(): Promise<{ timings: Timings; seedSeconds: number }> {
  // Reused, the PGlite data dir is kept beside the temp dir under the database's name.
  const dataDir = REUSE ? path.join(tmpdir(), `bench-queries-${DATABASE}-${SCALE}`) : await mkdtemp(path.join(tmpdir(), 'bench-queries-'));
  try {
    const started = performance.now();
    const db = await openDatabase({ dataDir, databaseUrl: null, seedScale: SCALE }, logger.child({ driver: 'pglite' }), { demoWorld });
    const seedSeconds = (performance.now() - started) / 1000;
    const timings = await measure(db);
    await db.close();
    return { timings, seedSeconds };
  } finally {
    if (!REUSE) await rm(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<{ timings: Timings; seedSeconds: number }> {
  const maintenance = new URL(DATABASE_URL);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [DATABASE])).rowCount === 1;
  if (!(REUSE && exists)) {
    await admin.query(`drop database if exists "${DATABASE}"`);
    await admin.query(`create database "${DATABASE}"`);
  }
  await admin.end();
  const url = DATABASE_URL;
  const started = performance.now();
  const db = await openDatabase({ dataDir: tmpdir(), databaseUrl: url.toString(), seedScale: SCALE }, logger.child({ driver: 'postgres' }), { demoWorld });
  const seedSeconds = (performance.now() - started) / 1000;
  const timings = await measure(db);
  await db.close();
  return { timings, seedSeconds };
}

const none = { timings: new Map() as Timings, seedSeconds: Number.NaN };
const postgres = DRIVERS.includes('postgres') ? await onPostgres() : none;
const pglite = DRIVERS.includes('pglite') ? await onPglite() : none;

const ms = (value: number) => (value === Number.POSITIVE_INFINITY ? '503' : value.toFixed(1)).padStart(7);
const missing = { p50: Number.NaN, p95: Number.NaN };
const rows = [...new Set([...postgres.timings.keys(), ...pglite.timings.keys()])].map((name) => {
  const a = postgres.timings.get(name) ?? missing;
  const b = pglite.timings.get(name) ?? missing;
  return `${name.padEnd(44)}${ms(a.p50)}${ms(a.p95)}${ms(b.p50)}${ms(b.p95)}${(b.p95 / a.p95).toFixed(2).padStart(8)}`;
});
console.log(`\nfilter-support and chart calls at SEED_SCALE=${SCALE}, ${CALLS} calls each (ms)`);
console.log(`${'endpoint'.padEnd(44)}${'pg p50'.padStart(7)}${'pg p95'.padStart(7)}${'pgl p50'.padStart(7)}${'pgl p95'.padStart(7)}${'p95 ×'.padStart(8)}`);
console.log(rows.join('\n'));
console.log(`\nopen + migrate + generate (${SCALE}): PostgreSQL ${postgres.seedSeconds.toFixed(1)} s, PGlite ${pglite.seedSeconds.toFixed(1)} s`);
