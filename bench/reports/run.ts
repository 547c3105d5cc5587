// bench/reports: how long a PDF service report preview takes (issue 21: first preview ≤ 1 s),
// through real HTTP to the gateway, with server/src/main.ts in its own process as `npm start`
// runs it (reference backend on PGlite, a fresh data dir at BENCH_SEED_SCALE, medium by default,
// live writers off so only the reports move).
//   node --import tsx bench/reports/run.ts
// 1. First start with rendering ahead on (REPORT_RENDER_AHEAD_DAYS=3): waits until the reports
//    of the last 3 days are on disk, then opens SAMPLES of those (rendered ahead) and SAMPLES
//    older ones (cold cache: rendered on the request, after the start's warm-up rendering).
// 2. Restart of the same data dir with rendering ahead off (no warm-up either): the very first
//    preview of the process, then SAMPLES more cold ones: what a preview cost before.
// Each preview is timed from the request to the last byte. Figures only; asserts nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DemoFillPaths, type DemoFillStatus } from '@pest/shared';

const repoRoot = resolve(import.meta.dirname, '../..');
const scale = process.env.BENCH_SEED_SCALE ?? 'medium';
const SAMPLES = Number(process.env.SAMPLES ?? 20);
const AHEAD_DAYS = 3;
const PORT = 19_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'pest-bench-reports-'));
const cacheDir = join(dataDir, 'reports');

interface Job {
  id: number;
  previewUrl: string | null;
  realityEndTime: string | null;
}

async function start(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(PORT), DATA_DIR: dataDir, SEED_SCALE: scale, SIMULATOR: 'off', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let token: string | undefined;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    // Ready, and done filling in a new demo's heartbeat history, which would take the CPU from the renderings timed.
    if (!token && (await fetch(`${base}/readyz`).then((res) => res.ok, () => false))) token = await signIn();
    if (token) {
      const status = await fetch(`${base}${DemoFillPaths.status}`, { headers: { authorization: `Bearer ${token}` } });
      if (((await status.json()) as { data: DemoFillStatus }).data.filling.length === 0) return child;
    }
    // Another process: nothing to wait on but its /readyz and its fill.
    await sleep(200);
  }
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

async function signIn(): Promise<string> {
  const login = await fetch(`${base}/api/user/mini/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: '123456' }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

async function finishedJobs(): Promise<Job[]> {
  const token = await signIn();
  const jobs: Job[] = [];
  for (let page = 1; page <= 12; page++) {
    const list = await fetch(`${base}/api/admin/web/webCustomer/jobOrderRecordList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ current: page, size: 50 }),
    });
    jobs.push(...((await list.json()) as { data: { records: Job[] } }).data.records);
  }
  return jobs.filter((job) => job.previewUrl !== null);
}

const endedAt = (job: Job) => new Date(`${job.realityEndTime!.replace(' ', 'T')}+08:00`).getTime();
const cached = () => readdirSync(cacheDir, { withFileTypes: true }).filter((entry) => entry.name.endsWith('.pdf')).map((entry) => entry.name);

/** Waits until the given reports are on disk and the rendering ahead has settled (no new file for 3 s). */
async function renderedAhead(jobs: Job[]): Promise<void> {
  let count = -1;
  let stableSince = performance.now();
  for (;;) {
    const names = (() => {
      try {
        return cached();
      } catch {
        return [];
      }
    })();
    if (names.length !== count) {
      count = names.length;
      stableSince = performance.now();
    }
    const all = jobs.every((job) => names.some((name) => name.startsWith(`${job.id}-`)));
    if (all && performance.now() - stableSince > 3000) return;
    await sleep(250);
  }
}

async function preview(job: Job): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}${job.previewUrl}`);
  const body = await response.arrayBuffer();
  if (response.status !== 200 || body.byteLength < 1000) throw new Error(`job order ${job.id}: ${response.status}`);
  return performance.now() - started;
}

async function timeAll(jobs: Job[]): Promise<number[]> {
  const times: number[] = [];
  for (const job of jobs) times.push(await preview(job));
  return times;
}

function summary(label: string, times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  // The machine's load says how far the figures are this code's and how far the neighbours'.
  return `${label}: n=${times.length} p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (load average ${loadavg()[0]!.toFixed(1)})`;
}

let child: ChildProcess | undefined;
try {
  const startedAt = performance.now();
  child = await start({ REPORT_RENDER_AHEAD_DAYS: String(AHEAD_DAYS) });
  console.log(`first start (${scale}): ${((performance.now() - startedAt) / 1000).toFixed(1)} s to ready`);
  const jobs = await finishedJobs();
  const newest = Math.max(...jobs.map(endedAt));
  const recent = jobs.filter((job) => endedAt(job) > newest - 2 * 86_400_000).slice(0, SAMPLES);
  const old = jobs.filter((job) => endedAt(job) < newest - (AHEAD_DAYS + 1) * 86_400_000);
  const waitFrom = performance.now();
  await renderedAhead(recent);
  console.log(`rendered ahead at start: ${cached().length} reports, settled ${((performance.now() - startedAt) / 1000).toFixed(1)} s after the start (waited ${((performance.now() - waitFrom) / 1000).toFixed(1)} s)`);
  console.log(summary('preview of a visit rendered ahead', await timeAll(recent)));
  console.log(summary('first preview, cold cache, after the warm-up', await timeAll(old.slice(0, SAMPLES))));
  await stop(child);

  child = await start({ REPORT_RENDER_AHEAD_DAYS: '0' });
  const [first, ...rest] = old.slice(SAMPLES, 2 * SAMPLES + 1);
  console.log(`first preview of a process without warm-up or rendering ahead: ${(await preview(first!)).toFixed(0)} ms (load average ${loadavg()[0]!.toFixed(1)})`);
  console.log(summary('first preview, cold cache, without rendering ahead', await timeAll(rest)));
} finally {
  if (child && child.exitCode === null) await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
}
