// bench/auditpack: one store's full year packed (审计资料包, issue 22) on PGlite at BENCH_SEED_SCALE
// (medium by default), as the reference backend's pack runner builds it: time from the request to
// the finished zip, peak RSS of the process that built it, the zip's size and file count.
//   node --import tsx bench/auditpack/run.ts
// 1. A child generates the demo data (a year ending at DEMO_ANCHOR) into a data dir; BENCH_DATA_DIR
//    keeps and reuses one (its generation is not what is measured).
// 2. Another child opens that database, queues a pack of every section for the store of the first
//    organisation with the most visits in the year, and runs the runner until it is done. As in the
//    backend, the runner hands the pack to a process of its own (pack-process.ts), whose peak RSS
//    over its whole life (modules and all) is the one measured. The runner's process is reported
//    beside it: its high-water mark (VmHWM) reset just before the request, so the database's own
//    start does not count; on PGlite it runs the pack process's queries on its embedded database.
// BENCH_DATABASE_URL (a PostgreSQL database, dropped and created afresh) runs it on PostgreSQL
// instead, where the pack process opens its own connection.
// BENCH_LOG_LEVEL (e.g. error) shows the runner's log, such as why a pack failed. Figures only; asserts nothing.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import JSZip from 'jszip';

const repoRoot = resolve(import.meta.dirname, '../..');
const scale = process.env.BENCH_SEED_SCALE ?? 'medium';
const ANCHOR = '2026-11-01T09:00:00+08:00';
const databaseUrl = process.env.BENCH_DATABASE_URL ?? null;
const PERIOD = { startDate: '2025-11-01', endDate: '2026-10-31' };
const ALL_SECTIONS = ['plan', 'floorPlans', 'serviceReports', 'pointChecks', 'trends', 'rectification', 'materials', 'devices', 'documents'] as const;

interface PackFigures {
  storeName: string;
  visits: number;
  seconds: number;
  baselineRssMb: number;
  peakRssMb: number;
  /** On PostgreSQL: the peak RSS of the process that built the pack. */
  packProcessPeakRssMb: number;
  file: string;
}

const rssMb = () => process.memoryUsage().rss / 1048576;
const highWaterMb = async () => Number(/VmHWM:\s+(\d+) kB/.exec(await readFile('/proc/self/status', 'utf8'))![1]) / 1024;

async function silentLogger() {
  const { pino } = await import('pino');
  return pino({ level: process.env.BENCH_LOG_LEVEL ?? 'silent' });
}

async function recreateDatabase(url: string) {
  const { default: pg } = await import('pg');
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const server = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await server.connect();
  await server.query(`drop database if exists "${name}" with (force)`);
  await server.query(`create database "${name}"`);
  await server.end();
}

/** Child 1: generate the demo data. */
async function seedChild(dataDir: string) {
  const { openDatabase, demoWorld } = await import('@pest/server/testing/audit-pack');
  const started = performance.now();
  if (databaseUrl) await recreateDatabase(databaseUrl);
  const db = await openDatabase({ dataDir, databaseUrl, seedScale: scale as 'medium', demoAnchor: ANCHOR }, await silentLogger(), { demoWorld });
  await db.close();
  console.log(`generated ${scale} demo data in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Child 2: one pack, measured. */
async function packChild(dataDir: string, resultFile: string) {
  const { openDatabase, demoWorld, insertPack, startPackRunner, packProcessBuild } = await import('@pest/server/testing/audit-pack');
  const { DEFAULT_RISK_OVERDUE_DAYS } = await import('@pest/shared');
  const logger = await silentLogger();
  const db = await openDatabase({ dataDir, databaseUrl, seedScale: scale as 'medium', demoAnchor: ANCHOR }, logger, { demoWorld });
  const [store] = await db.query<{ id: number; name: string; visits: number }>(
    `select c.id, c.name, count(*)::int as visits from customers c join job_orders j on j.customer_id = c.id
     where c.kind = 3 and c.path[1] = (select min(id) from customers where kind = 1) and j.state = 'done'
       and (j.started_at at time zone 'Asia/Shanghai')::date between $1::date and $2::date
     group by c.id, c.name order by visits desc, c.id limit 1`,
    [PERIOD.startDate, PERIOD.endDate],
  );
  const packDir = join(dataDir, 'audit-packs');
  const baselineRssMb = rssMb();
  // Writing 5 to clear_refs resets VmHWM to the current RSS (Linux ≥ 4.0).
  await writeFile('/proc/self/clear_refs', '5');
  const started = performance.now();
  const id = await insertPack(db, { requestedBy: 1, customerIds: [store!.id], ...PERIOD, sections: [...ALL_SECTIONS] }, new Date());
  let packProcessPeakRssMb = Number.NaN;
  const build = packProcessBuild({ databaseUrl, db }, (_job, peakRssKb) => (packProcessPeakRssMb = peakRssKb / 1024));
  const runner = startPackRunner(db, logger, { dir: packDir, pollMs: 50, riskOverdueDays: DEFAULT_RISK_OVERDUE_DAYS, objectDir: join(dataDir, 'oss', 'objects'), build });
  runner.wake();
  let fileName: string;
  for (;;) {
    const [row] = await db.query<{ state: string; error: string | null; fileName: string }>('select state, error, file_name as "fileName" from audit_packs where id = $1', [id]);
    if (row!.state === 'done') {
      fileName = row!.fileName;
      break;
    }
    if (row!.state === 'failed' || row!.state === 'cancelled') throw new Error(`pack ${row!.state}: ${row!.error}`);
    await new Promise((done) => setTimeout(done, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  const peakRssMb = await highWaterMb();
  await runner.stop();
  await db.close();
  const figures: PackFigures = { storeName: store!.name, visits: store!.visits, seconds, baselineRssMb, peakRssMb, packProcessPeakRssMb, file: join(packDir, fileName) };
  await writeFile(resultFile, JSON.stringify(figures));
}

function child(role: string, ...args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const process_ = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, role, ...args], { cwd: repoRoot, stdio: 'inherit' });
    process_.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${role} exited with ${code}`))));
  });
}

const [role, ...args] = process.argv.slice(2);
if (role === 'seed') await seedChild(args[0]!);
else if (role === 'pack') await packChild(args[0]!, args[1]!);
else {
  const keep = process.env.BENCH_DATA_DIR;
  const dataDir = keep ? resolve(keep) : mkdtempSync(join(tmpdir(), 'pest-bench-auditpack-'));
  try {
    if (databaseUrl || !existsSync(join(dataDir, 'db', 'PG_VERSION'))) await child('seed', dataDir);
    const resultFile = join(dataDir, 'bench-result.json');
    await child('pack', dataDir, resultFile);
    const figures = JSON.parse(await readFile(resultFile, 'utf8')) as PackFigures;
    const zip = await JSZip.loadAsync(await readFile(figures.file));
    const files = Object.values(zip.files).filter((entry) => !entry.dir);
    const { size } = await stat(figures.file);
    console.log(`audit pack, ${scale}, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${figures.storeName}, ${PERIOD.startDate} – ${PERIOD.endDate} (${figures.visits} visits), every section`);
    console.log(`  time to the finished pack: ${figures.seconds.toFixed(1)} s`);
    console.log(`  the pack's own process: peak RSS ${figures.packProcessPeakRssMb.toFixed(0)} MB (its whole life)`);
    console.log(`  the runner's process: RSS before the request ${figures.baselineRssMb.toFixed(0)} MB, peak during the pack ${figures.peakRssMb.toFixed(0)} MB (+${(figures.peakRssMb - figures.baselineRssMb).toFixed(0)} MB)`);
    console.log(`  zip ${(size / 1048576).toFixed(1)} MB, ${files.length} files (${files.filter((entry) => entry.name.startsWith('03-')).length} service reports)`);
  } finally {
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
}
