// bench/screens: for every screen of the console's route table, the time from 查询 to its data
// drawn, in headless Chromium against the product a user runs: the built apps, the gateway and the
// reference backend on PGlite with the simulator on, started as `npm start` starts it
// (apps/console/e2e/server.ts: server/src/main.ts in its own process), on the default medium seed
// with the history ending now. Signed in as the admin; each screen is filled for a heavy case
// (userCases.ts: an organisation, the whole fleet where the admin can, the last year), 查询 clicked,
// and timed until the answers are in, no spinner shows, every chart has finished drawing its data
// (ECharts' `finished`, the charts' data-drawn-at) and every image has loaded. Screens without 查询
// (record pages, lists) are timed twice: opened by their address (the app's start included), and
// from a link inside the running app, as users mostly reach them. Also the first PDF preview of a visit's report,
// opened from the service record screen, until Chromium's PDF viewer has loaded it and shows page 1.
// Each screen is opened afresh SCREENS_RUNS times; the first is cold (its chunk, a first query),
// p50/p95/max are over the others. Each time is split: answers in, the slowest call's wait for its
// first byte (for the PDF: click → its response's headers), answer → drawn, the charts' first frame
// and animation, main-thread long tasks. Figures only; asserts nothing. Target: ≤ 300 ms (issue 21).
//   npm run build && flock /tmp/browser.lock node --import tsx bench/screens/run.ts
// SCREENS_RUNS (5), SCREENS_SEED_SCALE (medium), SCREENS_DATA_DIR (a data dir to keep and reuse; by
// default a fresh one, seeded first), SCREENS_ORGANISATION (味多美餐饮管理有限公司), SCREENS_ONLY
// (comma-separated path fragments: only those screens), SCREENS_PDF_RUNS (5 reports),
// SCREENS_TRACE_DIR (writes a Chromium trace of each screen's last run there, for chrome://tracing
// or the Performance panel), SIMULATOR (on). SCREENS_URL times a product already running there
// (e.g. `npm start`; the admin's password 123456) instead of starting one, whose start on a busy
// machine can outlast the e2e server's 120 s wait.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { CHINA_TIME_ZONE } from '@pest/shared';
import { launchBrowser, signInToken } from '../../apps/console/e2e/chromium.ts';
import { startServer, type RunningServer } from '../../apps/console/e2e/server.ts';
import { layoutRoutes, type AppRoute } from '../../apps/console/src/app/routes.tsx';
import routeTitles from '../../apps/console/src/i18n/zh/route.ts';
import { routePaths } from '../../apps/console/src/navigation/routePaths.ts';
import { apiQuiet, drawn, instrument, navigateInApp, queryClickedAt, type ApiCall, type Drawn } from './inPage.ts';
import { fillCommon, lastYear, userCases, type Api } from './userCases.ts';

const RUNS = Number(process.env.SCREENS_RUNS ?? 5);
const PDF_RUNS = Number(process.env.SCREENS_PDF_RUNS ?? 5);
const SEED_SCALE = process.env.SCREENS_SEED_SCALE ?? 'medium';
const ORGANISATION = process.env.SCREENS_ORGANISATION ?? '味多美餐饮管理有限公司';
const ONLY = (process.env.SCREENS_ONLY ?? '').split(',').filter(Boolean);
const TRACE_DIR = process.env.SCREENS_TRACE_DIR;
const TARGET_MS = 300;
/** A drawn state must hold this long to count (an answer lands a frame before React draws it). */
const QUIET_MS = 250;
const VIEWPORT = { width: 1440, height: 900 };

interface Run {
  total: number;
  /** 查询 (or navigation) → last /api answer complete. */
  api: number;
  /** The slowest call's wait for its first byte (gateway + backend). */
  slowestWaiting: number;
  /** Last answer → drawn: React, the table, ECharts and its animation. */
  render: number;
  /** 查询 → the last chart's first frame of its data (bars start growing); null without a chart. */
  firstFrame: number | null;
  /** A chart's first frame of data → its `finished` (ECharts' animation); null without a chart. */
  animation: number | null;
  /** Main-thread time in long tasks meanwhile (script, style, layout, paint). */
  longTasks: number;
  calls: ApiCall[];
  rows: number;
  charts: number;
}

interface ScreenResult {
  path: string;
  title: string;
  /** From 查询, from opening its address (the app's start included), from a link inside the app, from 预览. */
  timed: 'query' | 'load' | 'link' | 'pdf';
  runs: Run[];
  error?: string;
}

/** Routes that render a screen, outermost first (a redirect-only parent has none). */
const screensOf = (table: readonly AppRoute[]): AppRoute[] => table.flatMap((route) => [...(route.screen ? [route] : []), ...screensOf(route.children ?? [])]);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const ms = (value: number | null | undefined) => (value === null || value === undefined || Number.isNaN(value) ? '–' : String(Math.round(value)));

function runOf(result: Drawn, since: number): Run {
  const lastAnswer = Math.max(since, ...result.calls.map((call) => call.end ?? since));
  return {
    total: result.doneAt - since,
    api: lastAnswer - since,
    slowestWaiting: Math.max(0, ...result.calls.map((call) => call.waiting ?? 0)),
    render: result.doneAt - lastAnswer,
    firstFrame: result.firstFrameAt === null ? null : result.firstFrameAt - since,
    animation: result.firstFrameAt !== null && result.chartsDrawnAt !== null ? result.chartsDrawnAt - result.firstFrameAt : null,
    longTasks: result.longTasks,
    calls: result.calls,
    rows: result.rows,
    charts: result.charts,
  };
}

async function timeScreen(context: BrowserContext, route: AppRoute, api: Api, run: number): Promise<{ timed: 'query' | 'load'; run: Run }> {
  const userCase = userCases[route.path] ?? {};
  const page = await context.newPage();
  try {
    const trace = TRACE_DIR && run === RUNS - 1;
    if (trace) await startTrace(page, route);
    await page.goto(userCase.url ? await userCase.url(api) : route.path);
    // Watched from navigation: a screen without 查询 is timed by its first load. Whether it has one
    // is known once its own content shows (a quiet moment before that may be its chunk loading).
    const loaded = page.evaluate(drawn, { since: 0, quietMs: QUIET_MS });
    loaded.catch(() => undefined);
    await page.locator(SCREEN_CONTENT).first().waitFor({ timeout: 0 });
    if ((await queryButton(page).count()) === 0) {
      const result = await loaded;
      if (trace) await stopTrace(page);
      return { timed: 'load', run: runOf(result, 0) };
    }
    if (trace) await stopTrace(page);
    await page.evaluate(apiQuiet, QUIET_MS);
    await (userCase.fill ?? fillCommon)(page, { organisation: ORGANISATION, year: lastYear() });
    await page.evaluate(apiQuiet, QUIET_MS);
    if (trace) await startTrace(page, route);
    await queryButton(page).click();
    const since = await page.evaluate(queryClickedAt);
    if (since === null) throw new Error('the click on 查询 was not seen');
    const result = await page.evaluate(drawn, { since, quietMs: QUIET_MS });
    if (trace) await stopTrace(page);
    return { timed: 'query', run: runOf(result, since) };
  } finally {
    await page.close();
  }
}

/** How long the user stays on the first screen before following the link. */
const LOOK_BEFORE_LINK_MS = 3_000;

/**
 * A screen without 查询 reached as users mostly reach it: from another screen of the running app
 * (a menu item, a row's link), so the app's start is not in the time; its chunk and calls are. The
 * app is first opened on 筛选器预览, which asks for no data.
 */
async function timeInAppNavigation(context: BrowserContext, route: AppRoute, api: Api): Promise<Run> {
  const userCase = userCases[route.path] ?? {};
  const page = await context.newPage();
  try {
    await page.goto(routePaths.filterPreview);
    await page.locator(SCREEN_CONTENT).first().waitFor({ timeout: 0 });
    await page.evaluate(apiQuiet, QUIET_MS);
    // A user looks at a screen a moment before going on; the app loads the others meanwhile.
    await page.waitForTimeout(LOOK_BEFORE_LINK_MS);
    const since = await page.evaluate(navigateInApp, userCase.url ? await userCase.url(api) : route.path);
    return runOf(await page.evaluate(drawn, { since, quietMs: QUIET_MS }), since);
  } finally {
    await page.close();
  }
}

/** The screen's 查询 (a kept page's hidden form may hold another). */
const queryButton = (page: Page) => page.locator('[data-testid="filter-query"]:visible').first();
/** A screen's own content: a form, a table, a chart, a panel, an empty state, or an error page. */
const SCREEN_CONTENT = '.app-content :is(form, table, canvas, .arco-empty, .data-cards, .arco-card, section), .error-page';

async function startTrace(page: Page, route: AppRoute): Promise<void> {
  mkdirSync(TRACE_DIR!, { recursive: true });
  const file = path.join(TRACE_DIR!, `${route.path.replaceAll('/', '_').replace(/^_/, '')}.json`);
  await page.context().browser()!.startTracing(page, { path: file, screenshots: false });
}

async function stopTrace(page: Page): Promise<void> {
  await page.context().browser()!.stopTracing();
}

/**
 * The first preview of a visit's report, as a user opens it: 预览 on the service record screen's
 * row, a new tab, Chromium's PDF viewer. Done when the viewer says the document loaded (its page
 * 1 drawn; the toolbar then shows 1 / n). Each run previews another visit, whose report was never
 * rendered before.
 */
async function timePdfPreviews(context: BrowserContext): Promise<ScreenResult> {
  const result: ScreenResult = { path: `${routePaths.serviceRecord} 预览`, title: '首次 PDF 预览', timed: 'pdf', runs: [] };
  const page = await context.newPage();
  try {
    await page.goto(routePaths.serviceRecord);
    // A finished visit's row shows its end time where an open one shows its state.
    const done = page.locator('[data-testid="job-order-row"]').filter({ hasNot: page.getByTestId('job-order-state') });
    await done.first().waitFor();
    const count = Math.min(PDF_RUNS, await done.count());
    for (let i = 0; i < count; i += 1) {
      const clicked = performance.now();
      const [preview] = await Promise.all([context.waitForEvent('page'), done.nth(i).getByTestId('report-preview').click()]);
      const response = await preview.waitForResponse((r) => r.url().includes('/jobOrderReport/'));
      const responded = performance.now();
      await response.finished();
      const answered = performance.now();
      for (;;) {
        const viewer = preview.frames().find((frame) => frame.url().startsWith('chrome-extension://'));
        const state = await viewer
          ?.evaluate(() => (document.querySelector('pdf-viewer') as unknown as { loadState_?: string } | null)?.loadState_)
          .catch(() => undefined);
        if (state === 'success') break;
        if (state === 'failed') throw new Error('the PDF viewer failed to load the report');
        await new Promise((r) => setTimeout(r, 10));
      }
      const shown = performance.now();
      result.runs.push({
        total: shown - clicked,
        api: answered - clicked,
        slowestWaiting: responded - clicked,
        render: shown - answered,
        firstFrame: null,
        animation: null,
        longTasks: 0,
        calls: [],
        rows: 0,
        charts: 0,
      });
      await preview.close();
    }
  } catch (error) {
    result.error = (error as Error).message.split('\n')[0];
  } finally {
    await page.close();
  }
  return result;
}

function printResults(results: ScreenResult[]): void {
  const header = ['screen', 'timed from', 'cold', 'p50', 'p95', 'max', 'answers p50', 'slowest call TTFB p50', 'answer→drawn p50', 'first chart frame p50', 'chart animation p50', 'long tasks p50', 'calls (last run)'];
  const lines = results.map((result) => {
    if (result.error || result.runs.length === 0) return [`${result.title} ${result.path}`, result.timed, result.error ?? 'not timed'];
    const [cold, ...warm] = result.runs;
    const pick = (f: (run: Run) => number | null) => warm.map(f).filter((v): v is number => v !== null);
    const last = result.runs.at(-1)!;
    const calls = [...new Set(last.calls.map((call) => call.path.split('/').at(-1)))].join(' ');
    return [
      `${result.title} ${result.path}`,
      { query: '查询', load: 'its address', link: 'a link in the app', pdf: 'click 预览' }[result.timed],
      ms(cold!.total),
      ms(percentile(pick((r) => r.total), 50)),
      ms(percentile(pick((r) => r.total), 95)),
      ms(Math.max(...pick((r) => r.total))),
      ms(percentile(pick((r) => r.api), 50)),
      ms(percentile(pick((r) => r.slowestWaiting), 50)),
      ms(percentile(pick((r) => r.render), 50)),
      ms(percentile(pick((r) => r.firstFrame), 50)),
      ms(percentile(pick((r) => r.animation), 50)),
      ms(percentile(pick((r) => r.longTasks), 50)),
      `${calls} (${last.calls.length}; ${last.charts} charts, ${last.rows} rows)`,
    ];
  });
  console.log(`\n| ${header.join(' | ')} |\n| ${header.map(() => '---').join(' | ')} |`);
  for (const line of lines) console.log(`| ${line.join(' | ')} |`);

  const timed = results.filter((result) => !result.error && result.runs.length > 1);
  const p95s = timed.map((result) => ({ result, p95: percentile(result.runs.slice(1).map((r) => r.total), 95) }));
  const within = p95s.filter(({ p95 }) => p95 <= TARGET_MS);
  console.log(`\n${within.length} of ${timed.length} timed screens draw within ${TARGET_MS} ms at p95 (warm runs); ms, ${RUNS} runs each, the first cold.`);
  const slowest = [...p95s].sort((a, b) => b.p95 - a.p95).slice(0, 4);
  console.log(`slowest: ${slowest.map(({ result, p95 }) => `${result.title} ${ms(p95)} ms`).join(', ')}`);
  for (const { result } of slowest) {
    console.log(`\n${result.title} ${result.path}, last run's calls (ms after 查询/navigation: sent → answered, TTFB):`);
    const last = result.runs.at(-1)!;
    const since = Math.min(...last.calls.map((call) => call.start));
    for (const call of last.calls) console.log(`  ${call.path}  ${ms(call.start - since)} → ${ms((call.end ?? Number.NaN) - since)}  TTFB ${ms(call.waiting)}`);
  }
}

const started = Date.now();
const server: RunningServer = process.env.SCREENS_URL
  ? { url: process.env.SCREENS_URL.replace(/\/$/, ''), dataDir: '', output: () => '', stop: async () => {} }
  : await startServer({
      SEED_SCALE,
      SIMULATOR: process.env.SIMULATOR ?? 'on',
      // The history ends now, as on a user's first start (the e2e suite pins it).
      DEMO_ANCHOR: '',
      LOG_LEVEL: 'error',
      ...(process.env.SCREENS_DATA_DIR ? { DATA_DIR: process.env.SCREENS_DATA_DIR } : {}),
    });
console.log(
  process.env.SCREENS_URL
    ? `timing the product at ${server.url}`
    : `server ready in ${((Date.now() - started) / 1000).toFixed(1)} s (SEED_SCALE=${SEED_SCALE}, PGlite, simulator ${process.env.SIMULATOR ?? 'on'})`,
);
const browser = await launchBrowser();
try {
  const token = await signInToken(server.url);
  const api: Api = async (apiPath, body) => {
    const response = await fetch(`${server.url}${apiPath}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return ((await response.json()) as { data: never }).data;
  };
  // One signed-in browser profile for the run, as one user's: a screen's first visit loads its chunk.
  const context = await browser.newContext({ baseURL: server.url, viewport: VIEWPORT, locale: 'zh-CN', timezoneId: CHINA_TIME_ZONE });
  await context.addCookies([{ name: 'Admin-Token', value: token, url: server.url }]);
  // tsx names functions with a helper the page does not have.
  await context.addInitScript('globalThis.__name = (f) => f');
  await context.addInitScript(instrument);

  const results: ScreenResult[] = [];
  for (const route of screensOf(layoutRoutes)) {
    if (!route.title) continue;
    if (ONLY.length && !ONLY.some((fragment) => route.path.includes(fragment))) continue;
    const result: ScreenResult = { path: route.path, title: routeTitles[route.title], timed: 'query', runs: [] };
    results.push(result);
    const skip = userCases[route.path]?.skip;
    if (skip) {
      result.error = `not timed: ${skip}`;
      continue;
    }
    try {
      for (let run = 0; run < RUNS; run += 1) {
        const timed = await timeScreen(context, route, api, run);
        result.timed = timed.timed;
        result.runs.push(timed.run);
      }
      const totals = result.runs.map((r) => ms(r.total)).join(', ');
      console.log(`${result.title} ${route.path}: ${totals} ms`);
      if (result.timed === 'load') {
        const inApp: ScreenResult = { path: route.path, title: result.title, timed: 'link', runs: [] };
        results.push(inApp);
        for (let run = 0; run < RUNS; run += 1) inApp.runs.push(await timeInAppNavigation(context, route, api));
        console.log(`${result.title} ${route.path} from a link in the app: ${inApp.runs.map((r) => ms(r.total)).join(', ')} ms`);
      }
    } catch (error) {
      result.error = (error as Error).message.split('\n')[0];
      console.log(`${result.title} ${route.path}: ${result.error}`);
    }
  }
  if (!ONLY.length || ONLY.some((fragment) => 'pdf'.includes(fragment))) {
    const pdf = await timePdfPreviews(context);
    console.log(`${pdf.title}: ${pdf.runs.map((r) => ms(r.total)).join(', ')} ms${pdf.error ? ` (${pdf.error})` : ''}`);
    results.push(pdf);
  }
  printResults(results);
} finally {
  await browser.close();
  await server.stop();
}

