// bench/export: a 100,000-row point-check sheet exported as the export route does it (ExcelJS's
// streaming WorkbookWriter, rows read from the database in batches) against the same rows read
// at once and written by ExcelJS's in-memory Workbook and writeBuffer(). Each runs in a child
// process that loads only what it needs, so its peak RSS (process.resourceUsage().maxRSS) is the
// export's own. Both write the file to disk. Prints time, peak RSS and ratios; asserts nothing.
//   node --import tsx bench/export/run.ts
// BENCH_DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// the database bench_export on it is dropped and created afresh. BENCH_ROWS sets the sheet size.
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type ExcelJS from 'exceljs';
import { pino } from 'pino';
import { ALL_PERMISSIONS, type PointCheckBody, type TableHeaderNode } from '@pest/shared';
import { openPostgres } from '@pest/server/testing/export';

// Each process imports only what it runs (the children's peak RSS includes every module loaded).
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'bench_export';
const FLY_LAMP = '灭蝇灯';
const silent = pino({ level: 'silent' });
const ADMIN_SCOPE = { userId: 1, isAdmin: true, customerId: null, permissions: new Set(ALL_PERMISSIONS) };

interface Measurement {
  ms: number;
  bytes: number;
  /** RSS once the modules are loaded and the database connected, just before the export. */
  startRssMb: number;
  peakRssMb: number;
}

const rssMb = () => process.memoryUsage().rss / 1048576;

const databaseUrl = () => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
};

/** A small generated provider plus one visit that checked ROWS fly lamps, a third of them with catches. */
async function prepare(): Promise<PointCheckBody> {
  const { default: pg } = await import('pg');
  const { migrate, seed } = await import('@pest/server/testing/export');
  await dropDatabase();
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${DATABASE}`);
  await admin.end();

  const db = await openPostgres(databaseUrl(), silent);
  await migrate(db, silent);
  await seed(db, { scale: 'small', logger: silent });
  const [plan] = await db.query<{ id: number }>(
    `insert into service_plans (customer_id, name, risk_group_id, start_date, end_date)
     select customer_id, '压测方案', risk_group_id, start_date, end_date from service_plans order by id limit 1
     returning id`,
  );
  const [job] = await db.query<{ id: number }>(
    `insert into job_orders (code, customer_id, plan_id, name, type, staff_name, started_at, ended_at)
     select 'GD202610319999', customer_id, id, '压测点检', 0, '王建国', '2026-10-31 09:00+08', '2026-10-31 18:00+08'
     from service_plans where id = $1
     returning id`,
    [plan!.id],
  );
  const [{ deviceTypeId }] = (await db.query<{ deviceTypeId: number }>('select id as "deviceTypeId" from device_types where name = $1', [FLY_LAMP])) as [
    { deviceTypeId: number },
  ];
  // Spread over the regions of the store's first plan, so region names vary.
  await db.query(
    `insert into points (customer_id, plan_id, region_id, device_type_id, code, x, y)
     select p.customer_id, p.id, r.ids[1 + n % cardinality(r.ids)], $2, 'Z-' || lpad(n::text, 6, '0'), 100, 100
     from service_plans p,
          (select array_agg(id order by id) as ids from service_regions where level = 2 and plan_id = (select min(id) from service_plans)) r,
          generate_series(1, $3::int) n
     where p.id = $1`,
    [plan!.id, deviceTypeId, ROWS],
  );
  await db.query('insert into point_checks (job_order_id, point_id, condition) select $1, id, 1 from points where plan_id = $2', [job!.id, plan!.id]);
  await db.query(
    `insert into point_check_values (job_order_id, point_id, metric, pest_id, value)
     select $1, pt.id, m.metric, m.pest_id, 1 + (pt.id * 7 + m.pest_id) % 40
     from points pt join device_type_metrics m on m.device_type_id = pt.device_type_id
     where pt.plan_id = $2 and (pt.id + m.pest_id) % 3 = 0`,
    [job!.id, plan!.id],
  );
  await db.exec('analyze points, point_checks, point_check_values');
  await db.close();
  return { current: 1, size: ROWS, sheetId: job!.id, deviceTypeId };
}

/** Child: what the export route does, into a file instead of the response. */
async function streamed(body: PointCheckBody, file: string): Promise<Omit<Measurement, 'peakRssMb'>> {
  const { findSheet, pointCheckSheet, writeXlsx } = await import('@pest/server/testing/export');
  const db = await openPostgres(databaseUrl(), silent);
  const startRssMb = rssMb();
  const started = performance.now();
  const sheet = (await findSheet(db, ADMIN_SCOPE, body.sheetId, body.deviceTypeId))!;
  const output = createWriteStream(file);
  const closed = new Promise<void>((resolve, reject) => output.on('close', () => resolve()).on('error', reject));
  await writeXlsx(output, pointCheckSheet(db, sheet, body, 'zh', output));
  await closed;
  const ms = performance.now() - started;
  await db.close();
  return { ms, bytes: output.bytesWritten, startRssMb };
}

/** Child: the same header and rows, all in memory, written by ExcelJS's Workbook.writeBuffer(). */
async function buffered(body: PointCheckBody, file: string): Promise<Omit<Measurement, 'peakRssMb'>> {
  const { default: ExcelJS } = await import('exceljs');
  const { headerLeaves } = await import('@pest/shared');
  const { findSheet, sheetHeader, sheetRowBatches } = await import('@pest/server/testing/export');
  const db = await openPostgres(databaseUrl(), silent);
  const startRssMb = rssMb();
  const started = performance.now();
  const sheet = (await findSheet(db, ADMIN_SCOPE, body.sheetId, body.deviceTypeId))!;
  const header = sheetHeader(sheet, 'zh');
  const rows = [];
  const all = { offset: 0, limit: body.size, batchSize: body.size, beforeBatch: async () => undefined, language: 'zh' as const };
  for await (const row of sheetRowBatches(db, sheet, all)) rows.push(row);

  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet(sheet.deviceTypeName);
  addHeader(worksheet, header);
  const leaves = headerLeaves(header);
  for (const row of rows) worksheet.addRow(leaves.map((leaf) => row[leaf.prop] ?? null));
  const buffer = await workbook.xlsx.writeBuffer();
  await writeFile(file, new Uint8Array(buffer));
  const ms = performance.now() - started;
  await db.close();
  return { ms, bytes: buffer.byteLength, startRssMb };
}

/** The two header rows, groups merged across their leaves and leaves down both rows, as writeXlsx lays them out. */
function addHeader(worksheet: ExcelJS.Worksheet, header: TableHeaderNode[]) {
  const top: string[] = [];
  const bottom: string[] = [];
  const merges: [number, number, number, number][] = [];
  for (const node of header) {
    const column = top.length + 1;
    const leaves = node.child ?? [node];
    for (const leaf of leaves) {
      top.push(node.name);
      bottom.push(leaf.name);
    }
    merges.push(node.child ? [1, column, 1, column + leaves.length - 1] : [1, column, 2, column]);
  }
  worksheet.addRow(top);
  worksheet.addRow(bottom);
  for (const merge of merges) worksheet.mergeCells(...merge);
}

function runChild(kind: 'streamed' | 'buffered', body: PointCheckBody, dir: string): Measurement {
  const file = path.join(dir, `${kind}.xlsx`);
  const output = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), kind, JSON.stringify(body), file], {
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1)!) as Measurement;
}

async function main() {
  const [kind, body, file] = process.argv.slice(2);
  if (kind === 'streamed' || kind === 'buffered') {
    const result = await (kind === 'streamed' ? streamed : buffered)(JSON.parse(body!) as PointCheckBody, file!);
    const peakRssMb = process.resourceUsage().maxRSS / 1024;
    process.stdout.write(`${JSON.stringify({ ...result, peakRssMb })}\n`);
    return;
  }

  const preparing = performance.now();
  const sheet = await prepare();
  process.stdout.write(`prepared ${ROWS} rows of ${FLY_LAMP} checks in ${((performance.now() - preparing) / 1000).toFixed(1)} s\n`);
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-export-'));
  try {
    const results = { streamed: runChild('streamed', sheet, dir), buffered: runChild('buffered', sheet, dir) };
    process.stdout.write(`${'export'.padEnd(10)} ${'time s'.padStart(8)} ${'RSS before MB'.padStart(14)} ${'peak RSS MB'.padStart(12)} ${'xlsx MB'.padStart(9)}\n`);
    for (const [name, m] of Object.entries(results)) {
      const columns = [(m.ms / 1000).toFixed(1).padStart(8), m.startRssMb.toFixed(0).padStart(14), m.peakRssMb.toFixed(0).padStart(12), (m.bytes / 1e6).toFixed(1).padStart(9)];
      process.stdout.write(`${name.padEnd(10)} ${columns.join(' ')}\n`);
    }
    const { streamed: s, buffered: b } = results;
    process.stdout.write(`streamed / buffered: peak RSS ${(s.peakRssMb / b.peakRssMb).toFixed(2)}x, time ${(s.ms / b.ms).toFixed(2)}x\n`);
  } finally {
    await rm(dir, { recursive: true, force: true });
    await dropDatabase();
  }
}

async function dropDatabase(): Promise<void> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE}`);
  await admin.end();
}

await main();
