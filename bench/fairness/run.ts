// bench/fairness: does another user stay served while someone floods the product (issue 36 item 10)?
// server/src/main.ts runs in its own process as `npm start` runs it (gateway + reference backend),
// on PostgreSQL by default (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench_fairness,
// dropped and generated afresh; BENCH_REUSE=1 keeps one already there) or on PGlite (BENCH_DRIVER=pglite,
// a fresh data dir).
//   node --import tsx bench/fairness/run.ts
// While HEAVY_CLIENTS (200) clients each send alarm-list pages (a heavy call) back to back, the
// customer manager (a third person) asks for userInfo every 100 ms; p50/p99/max of those light
// calls, counted from when each was due, per scenario:
//   (a) the heavy clients share one admin login;
//   (b) they are spread over 10 logins of 2 people (admin and ops, 5 each);
//   (c) as (a), with the demo's writers at SIMULATOR_RATE=120 (scenarios a and b run at the default 1).
// BENCH_SECONDS (30) of sampling per scenario, after 5 s of warm-up; BENCH_ONLY (abc) picks scenarios.
// Each process is first measured idle (the floor on this machine at that moment, and the start's own
// work left behind). Failed light calls are counted by status: a 429 is the manager's own cap of 24
// in flight, reached when answers take seconds (the calls are sent at a fixed rate). Figures only; asserts nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { DemoFillPaths, DevicePaths, SessionPaths, type DemoFillStatus } from '@pest/shared';

const repoRoot = resolve(import.meta.dirname, '../..');
const DRIVER = process.env.BENCH_DRIVER === 'pglite' ? 'pglite' : 'postgres';
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_fairness';
const REUSE = process.env.BENCH_REUSE === '1';
const SCALE = process.env.BENCH_SEED_SCALE ?? 'medium';
const HEAVY_CLIENTS = Number(process.env.HEAVY_CLIENTS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const ONLY = (process.env.BENCH_ONLY ?? 'abc').split('');
const WARM_UP_MS = 5_000;
const LIGHT_EVERY_MS = 100;
const PORT = 19_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'pest-bench-fairness-'));

async function recreateDatabase() {
  const server = new pg.Client({ connectionString: Object.assign(new URL(DATABASE_URL), { pathname: '/postgres' }).toString() });
  await server.connect();
  const name = new URL(DATABASE_URL).pathname.slice(1);
  const exists = (await server.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!(REUSE && exists)) {
    await server.query(`drop database if exists "${name}" with (force)`);
    await server.query(`create database "${name}"`);
  }
  await server.end();
}

async function signIn(account: string): Promise<string> {
  const response = await fetch(`${base}${SessionPaths.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: '123456' }),
  });
  return `Bearer ${((await response.json()) as { data: { token: string } }).data.token}`;
}

async function start(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SEED_SCALE: SCALE,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_MAX: '1000',
      ...(DRIVER === 'postgres' ? { DATABASE_URL } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    if (await fetch(`${base}/readyz`).then((res) => res.ok, () => false)) break;
    // Another process: nothing to wait on but its /readyz.
    await sleep(200);
  }
  // The first start's background fill is writing too: measure once it is done.
  const admin = await signIn('admin');
  const filling = async () =>
    ((await (await fetch(`${base}${DemoFillPaths.status}`, { headers: { authorization: admin } })).json()) as { data: DemoFillStatus }).data.filling;
  while ((await filling()).length > 0) await sleep(500);
  return child;
}

async function stop(child: ChildProcess) {
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** HEAVY_CLIENTS loops of heavy calls on `heavyTokens` (client i on token i mod n) while the manager's light calls are timed. */
async function scenario(name: string, heavyTokens: string[], heavyClients = HEAVY_CLIENTS) {
  const manager = await signIn('13800000001');
  let running = true;
  const outcomes = new Map<number | string, number>();
  const heavyClient = async (i: number) => {
    for (let n = 0; running; n++) {
      const status = await fetch(`${base}${DevicePaths.alarmList}`, {
        method: 'POST',
        headers: { authorization: heavyTokens[i % heavyTokens.length]!, 'content-type': 'application/json' },
        // A different page for each client and turn: identical calls of one person would share one answer.
        body: JSON.stringify({ current: 1 + ((i * 7 + n) % 25), size: 20, alarmOnly: true }),
      }).then(
        async (res) => (await res.arrayBuffer(), res.status),
        () => 'error',
      );
      outcomes.set(status, (outcomes.get(status) ?? 0) + 1);
    }
  };
  const clients = Array.from({ length: heavyClients }, (_, i) => heavyClient(i));
  await sleep(WARM_UP_MS);
  outcomes.clear();

  const latencies: number[] = [];
  const failed = new Map<number | string, number>();
  const fail = (why: number | string) => void failed.set(why, (failed.get(why) ?? 0) + 1);
  const samples: Promise<void>[] = [];
  const began = performance.now();
  for (let i = 0; i < (SECONDS * 1000) / LIGHT_EVERY_MS; i++) {
    // Fixed rate, timed from when each call was due: a stalled answer does not delay the next sample.
    const due = began + i * LIGHT_EVERY_MS;
    await sleep(Math.max(0, due - performance.now()));
    samples.push(
      fetch(`${base}${SessionPaths.userInfo}`, { headers: { authorization: manager } }).then(
        async (res) => {
          await res.arrayBuffer();
          if (res.ok) latencies.push(performance.now() - due);
          else fail(res.status);
        },
        () => fail('error'),
      ),
    );
  }
  await Promise.all(samples);
  running = false;
  const heavy = [...outcomes].map(([status, count]) => `${status}: ${count}`).join(', ');
  await Promise.all(clients);
  latencies.sort((a, b) => a - b);
  console.log(
    `${name}: manager's userInfo p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms` +
      ` (${latencies.length} answered${[...failed].map(([why, count]) => `, ${count} ${why}`).join('')}); heavy calls in ${SECONDS} s: ${heavy}; load average ${loadavg()[0]!.toFixed(1)}`,
  );
}

try {
  if (DRIVER === 'postgres') await recreateDatabase();
  console.log(`fairness bench: ${DRIVER}, ${SCALE}, ${HEAVY_CLIENTS} heavy clients, ${SECONDS} s a scenario, load average ${loadavg()[0]!.toFixed(1)} at start`);
  if (ONLY.includes('a') || ONLY.includes('b')) {
    const product = await start({});
    // The product's floor on this machine now, and the start's own work (render-ahead, vacuum) left behind.
    await scenario('idle (no heavy calls)', [], 0);
    if (ONLY.includes('a')) await scenario('(a) one admin login', [await signIn('admin')]);
    const tokens = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(i % 2 === 0 ? 'admin' : 'ops')));
    if (ONLY.includes('b')) await scenario('(b) 10 logins of 2 people', tokens);
    await stop(product);
  }
  if (ONLY.includes('c')) {
    const product = await start({ SIMULATOR_RATE: '120' });
    await scenario('(c) one admin login, SIMULATOR_RATE=120', [await signIn('admin')]);
    await stop(product);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
