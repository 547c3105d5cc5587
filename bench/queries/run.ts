// bench/queries: latency of every filter-support call at SEED_SCALE=large, on PGlite and on
// PostgreSQL, through app.inject against the reference backend. Prints p50/p95 per call and
// driver and the PGlite/PostgreSQL ratio; asserts nothing.
//   node --import tsx bench/queries/run.ts
// BENCH_DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// the database bench_queries on it is dropped and created afresh. BENCH_CALLS sets calls per endpoint.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { FilterPaths, REGION_ROOT_ID } from '@pest/shared';
import { loadConfig } from '../../server/src/config.ts';
import { createBackend } from '../../server/src/backend/create-backend.ts';
import type { Db } from '../../server/src/backend/db/db.ts';
import { openDatabase } from '../../server/src/backend/db/open-database.ts';
import { signIn } from '../../server/src/backend/testing.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const WARMUP = 5;
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'bench_queries';
const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });

interface Call {
  name: string;
  method: 'GET' | 'POST';
  /** The url and body of the i-th call, so parameters vary like a user's clicks. */
  request(i: number): { url: string; payload?: object };
  as: 'admin' | 'manager';
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
  return { organisations, groups, stores, plans, demoPlans, contacts, provinces, riskTypes, pick };
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
  ];
}

type Timings = Map<string, { p50: number; p95: number }>;

async function measure(db: Db): Promise<Timings> {
  const app = await createBackend({ db, logger: pino({ level: 'silent' }), config: loadConfig({}) });
  await app.ready();
  const headers = { admin: await signIn(app, 'admin'), manager: await signIn(app, '13800000001') };
  const timings: Timings = new Map();
  for (const call of calls(await sampleParameters(db))) {
    const samples: number[] = [];
    for (let i = 0; i < WARMUP + CALLS; i++) {
      const { url, payload } = call.request(i);
      const started = performance.now();
      const response = await app.inject({ method: call.method, url, headers: headers[call.as], ...(payload ? { payload } : {}) });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${call.name} answered ${response.statusCode}: ${response.body}`);
      if (i >= WARMUP) samples.push(elapsed);
    }
    samples.sort((a, b) => a - b);
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
    timings.set(call.name, { p50: at(0.5), p95: at(0.95) });
  }
  await app.close();
  return timings;
}

async function onPglite(): Promise<{ timings: Timings; seedSeconds: number }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-queries-'));
  try {
    const started = performance.now();
    const db = await openDatabase({ dataDir, databaseUrl: null, seedScale: 'large' }, logger.child({ driver: 'pglite' }));
    const seedSeconds = (performance.now() - started) / 1000;
    const timings = await measure(db);
    await db.close();
    return { timings, seedSeconds };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<{ timings: Timings; seedSeconds: number }> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE}`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${DATABASE}`;
  const started = performance.now();
  const db = await openDatabase({ dataDir: tmpdir(), databaseUrl: url.toString(), seedScale: 'large' }, logger.child({ driver: 'postgres' }));
  const seedSeconds = (performance.now() - started) / 1000;
  const timings = await measure(db);
  await db.close();
  return { timings, seedSeconds };
}

const postgres = await onPostgres();
const pglite = await onPglite();

const ms = (value: number) => value.toFixed(1).padStart(7);
const rows = [...postgres.timings.keys()].map((name) => {
  const a = postgres.timings.get(name)!;
  const b = pglite.timings.get(name)!;
  return `${name.padEnd(34)}${ms(a.p50)}${ms(a.p95)}${ms(b.p50)}${ms(b.p95)}${(b.p95 / a.p95).toFixed(2).padStart(8)}`;
});
console.log(`\nfilter-support calls at SEED_SCALE=large, ${CALLS} calls each (ms)`);
console.log(`${'endpoint'.padEnd(34)}${'pg p50'.padStart(7)}${'pg p95'.padStart(7)}${'pgl p50'.padStart(7)}${'pgl p95'.padStart(7)}${'p95 ×'.padStart(8)}`);
console.log(rows.join('\n'));
console.log(`\nopen + migrate + generate (large): PostgreSQL ${postgres.seedSeconds.toFixed(1)} s, PGlite ${pglite.seedSeconds.toFixed(1)} s`);
