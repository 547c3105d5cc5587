// bench/soak: the wallboard left running in headless Chromium against the real server with the
// device simulator at 10× its default rate. Every SAMPLE_SECONDS it forces a garbage collection
// and samples the JS heap, DOM nodes and event listeners over CDP, then prints each series'
// least-squares slope (per hour). Targets from the wallboard issue: heap ≤ 1 MB/h, flat DOM.
// Also prints the gzipped size of the wallboard's JavaScript. Figures only; asserts nothing.
//   npm run build && node --import tsx bench/soak/run.ts
// SOAK_MINUTES (default 30), SAMPLE_SECONDS (60), SOAK_SEED_SCALE (small), SOAK_VIEWPORT (1920x1080).
// SOAK_SNAPSHOTS=60,120 also writes heap snapshots at those minutes to SOAK_SNAPSHOT_DIR (default
// bench/soak/snapshots), to compare in Chromium's DevTools (Memory → Comparison) when a slope is high.
import { createWriteStream, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { CDPSession } from 'playwright-core';
import { DevicePaths, WALLBOARD_BASE, type MouseBoxStatistics } from '@pest/shared';
import { launchBrowser, signInToken } from '../../apps/console/e2e/chromium.ts';
import { startServer } from '../../apps/console/e2e/server.ts';
import { loadConfig } from '@pest/server/testing';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const SAMPLE_SECONDS = Number(process.env.SAMPLE_SECONDS ?? 60);
const SEED_SCALE = process.env.SOAK_SEED_SCALE ?? 'small';
const [WIDTH, HEIGHT] = (process.env.SOAK_VIEWPORT ?? '1920x1080').split('x').map(Number) as [number, number];
const SIMULATOR_RATE = loadConfig({}).simulatorRate * 10;
const SNAPSHOT_MINUTES = (process.env.SOAK_SNAPSHOTS ?? '').split(',').filter(Boolean).map(Number);
const repoRoot = path.resolve(fileURLToPath(import.meta.url), '../../..');
const SNAPSHOT_DIR = process.env.SOAK_SNAPSHOT_DIR ?? path.join(repoRoot, 'bench/soak/snapshots');
const wallboardAssets = path.join(repoRoot, 'apps/wallboard/dist/assets');

interface Sample {
  minute: number;
  heapMb: number;
  nodes: number;
  listeners: number;
}

function gzippedJs(): { files: number; rawKb: number; gzipKb: number } {
  const files = readdirSync(wallboardAssets).filter((name) => name.endsWith('.js'));
  let raw = 0;
  let gzip = 0;
  for (const name of files) {
    const bytes = readFileSync(path.join(wallboardAssets, name));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: files.length, rawKb: raw / 1024, gzipKb: gzip / 1024 };
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxy / sxx;
}

async function sample(cdp: CDPSession, minute: number): Promise<Sample> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
  return { minute, heapMb: metric('JSHeapUsedSize') / 1048576, nodes: metric('Nodes'), listeners: metric('JSEventListeners') };
}

/** A heap snapshot streamed to a file (CDP sends it in chunks; none is held whole in this process). */
async function writeHeapSnapshot(cdp: CDPSession, minute: number): Promise<string> {
  mkdirSync(SNAPSHOT_DIR, { recursive: true });
  const file = path.join(SNAPSHOT_DIR, `wallboard-${Math.round(minute)}min.heapsnapshot`);
  const out = createWriteStream(file);
  const onChunk = ({ chunk }: { chunk: string }) => void out.write(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await new Promise<void>((resolve) => out.end(resolve));
  return file;
}

async function statistics(url: string, token: string): Promise<MouseBoxStatistics> {
  const response = await fetch(`${url}${DevicePaths.statistics}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return ((await response.json()) as { data: MouseBoxStatistics }).data;
}

const js = gzippedJs();
console.log(`wallboard JavaScript: ${js.files} file(s), ${js.rawKb.toFixed(0)} KiB raw, ${js.gzipKb.toFixed(0)} KiB gzipped`);
console.log(`soak: ${MINUTES} min, sample every ${SAMPLE_SECONDS} s, SEED_SCALE=${SEED_SCALE}, SIMULATOR_RATE=${SIMULATOR_RATE}, viewport ${WIDTH}x${HEIGHT}`);

const server = await startServer({ SIMULATOR: 'on', SIMULATOR_RATE: String(SIMULATOR_RATE), SEED_SCALE, LOG_LEVEL: 'error' });
const browser = await launchBrowser();
try {
  const token = await signInToken(server.url);
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}${WALLBOARD_BASE}?token=${encodeURIComponent(token)}`);
  await page.getByTestId('kpi-total').waitFor({ timeout: 60_000 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('HeapProfiler.enable');
  const startStats = await statistics(server.url, token);

  const samples: Sample[] = [];
  const started = Date.now();
  const states = new Map<string, number>();
  let announcements = 0;
  let lastAnnounced: string | null = null;
  for (let i = 0; ; i++) {
    const minute = (Date.now() - started) / 60_000;
    const s = await sample(cdp, minute);
    samples.push(s);
    console.log(`t=${minute.toFixed(1).padStart(5)} min  heap ${s.heapMb.toFixed(2)} MB  DOM nodes ${s.nodes}  listeners ${s.listeners}`);
    if (minute >= MINUTES) break;
    const due = SNAPSHOT_MINUTES.filter((at) => at <= minute);
    if (due.length) {
      for (const at of due) SNAPSHOT_MINUTES.splice(SNAPSHOT_MINUTES.indexOf(at), 1);
      console.log(`heap snapshot: ${await writeHeapSnapshot(cdp, minute)}`);
    }
    // Between samples, watch the connection and count the alarms announced (proof pushes arrive).
    const next = started + (i + 1) * SAMPLE_SECONDS * 1000;
    while (Date.now() < next) {
      const state = (await page.getByTestId('connection').getAttribute('data-state')) ?? 'none';
      states.set(state, (states.get(state) ?? 0) + 1);
      const announced = await page
        .getByTestId('announcement')
        .innerText({ timeout: 100 })
        .catch(() => null);
      if (announced && announced !== lastAnnounced) announcements += 1;
      lastAnnounced = announced;
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
  const endStats = await statistics(server.url, token);

  // The first minute is start-up (chunks parsed, charts created, caches filled); the trend is what follows.
  const steady = samples.filter((s) => s.minute >= 1);
  const perHour = (pick: (s: Sample) => number, from = steady) => slope(from.map((s) => ({ x: s.minute / 60, y: pick(s) })));
  // Caches (compiled code, echarts-gl's label atlas) fill over the first tens of minutes; a leak keeps
  // its slope in the second half, a filling cache does not.
  const secondHalf = samples.filter((s) => s.minute >= MINUTES / 2);
  console.log('');
  console.log(`samples: ${samples.length} (slopes over the ${steady.length} after the first minute)`);
  console.log(`heap slope:      ${perHour((s) => s.heapMb).toFixed(3)} MB/h   (target ≤ 1 MB/h)`);
  console.log(`heap slope, second half (${secondHalf.length} samples): ${perHour((s) => s.heapMb, secondHalf).toFixed(3)} MB/h`);
  console.log(`DOM node slope:  ${perHour((s) => s.nodes).toFixed(1)} nodes/h (min ${Math.min(...steady.map((s) => s.nodes))}, max ${Math.max(...steady.map((s) => s.nodes))})`);
  console.log(`listener slope:  ${perHour((s) => s.listeners).toFixed(1)} listeners/h`);
  console.log(`alarms raised by the simulator meanwhile: ${endStats.alarmsToday - startStats.alarmsToday} (alarmsToday); announcements seen: ${announcements}`);
  console.log(`connection states seen (2 s checks): ${JSON.stringify(Object.fromEntries(states))}`);
  console.log(`page errors: ${errors.length}${errors.length ? ` (${errors.slice(0, 3).join(' | ')})` : ''}`);
  console.log(`wallboard JavaScript: ${js.gzipKb.toFixed(0)} KiB gzipped`);
} finally {
  await browser.close();
  await server.stop();
}
