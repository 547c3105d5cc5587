// bench/living: how long a new user waits for the demo (issue 18), timed as `npm start` runs it
// (server/src/main.ts in its own process, gateway + reference backend on PGlite, a fresh data dir).
//   npm run bench:living
// 1. First start: generates a year of history at BENCH_SEED_SCALE (medium) ending a week ago
//    (DEMO_ANCHOR), with the live writers off, so nothing is caught up yet: time to /readyz (the
//    first screens have their data), then to the end of the background fill (the devices'
//    heartbeat history), and the banner's line saying what it fills in.
// 2. Restart after 7 days off: the same data dir with the live writers on; the backend catches up
//    the week (device data, visits, sheets, risks) before it answers: time to /readyz, and the
//    banner's line.
// Figures only; asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DemoFillPaths, SessionPaths, type DemoFillStatus } from '@pest/shared';

const repoRoot = resolve(import.meta.dirname, '../..');
const scale = process.env.BENCH_SEED_SCALE ?? 'medium';
const DAYS_OFF = 7;
const PORT = 18_000 + Math.floor(Math.random() * 1000);
const dataDir = mkdtempSync(join(tmpdir(), 'pest-bench-living-'));

const base = `http://127.0.0.1:${PORT}`;

async function signIn(): Promise<string> {
  const response = await fetch(`${base}${SessionPaths.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: '123456' }),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

const filling = async (token: string) =>
  ((await (await fetch(`${base}${DemoFillPaths.status}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: DemoFillStatus }).data.filling;

async function timedStart(env: Record<string, string>): Promise<{ seconds: number; completeSeconds: number; banner: string[] }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(PORT), DATA_DIR: dataDir, SEED_SCALE: scale, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}:\n${out}`);
    const ready = await fetch(`http://127.0.0.1:${PORT}/readyz`).then((res) => res.ok, () => false);
    if (ready) break;
    // Another process: nothing to wait on but its /readyz.
    await sleep(100);
  }
  const seconds = (performance.now() - started) / 1000;
  const token = await signIn();
  while ((await filling(token)).length > 0) await sleep(100);
  const completeSeconds = (performance.now() - started) / 1000;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
  return { seconds, completeSeconds, banner: out.split('\n').filter((line) => line.startsWith('Demo data')) };
}

try {
  const anchor = new Date(Date.now() - DAYS_OFF * 86_400_000).toISOString();
  const first = await timedStart({ SIMULATOR: 'off', DEMO_ANCHOR: anchor });
  console.log(
    `first start (${scale}, a year of history to ${anchor}): ${first.seconds.toFixed(1)} s to ready, ${first.completeSeconds.toFixed(1)} s to the whole demo (background fill done)`,
  );
  for (const line of first.banner) console.log(`  ${line}`);
  const again = await timedStart({ SIMULATOR: 'on' });
  console.log(`restart after ${DAYS_OFF} days off (${scale}): ${again.seconds.toFixed(1)} s to ready`);
  for (const line of again.banner) console.log(`  ${line}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
