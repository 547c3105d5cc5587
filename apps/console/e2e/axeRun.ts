import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect as globalExpect, type ExpectStatic } from 'vitest';
import { DevicePaths, JobOrderPaths, type DeviceRow, type JobOrderRecord } from '@pest/shared';
import type { AppRoute } from '../src/app/routes.tsx';
import { routePaths } from '../src/navigation/routePaths.ts';
import { baseUrl } from './browser.ts';
import { unfoldFilters } from './filterFold.ts';
import { networkQuiet } from './screenPages.ts';

/**
 * What the accessibility suites share: the screens of the route table with a real record, a page
 * with nothing on its way, a screen showing its results, and axe's blocking findings (WCAG 2 A and
 * AA, critical or serious) listed rule by rule with the elements they name.
 */
export const DEMO_ORGANISATION = '味多美餐饮管理有限公司';
const BLOCKING = new Set(['critical', 'serious']);

async function api<T>(token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(new URL(path, baseUrl()), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { status: number; message: string; data: T };
  if (envelope.status !== 200) throw new Error(`${path}: ${envelope.message}`);
  return envelope.data;
}

/** The real record a page about one record opens: a finished visit (one under way has no sheet), a device. */
const recordIds: Record<string, (token: string) => Promise<number>> = {
  [routePaths.pointCheck]: async (token) => {
    const orders = await api<{ records: JobOrderRecord[] }>(token, JobOrderPaths.list, { current: 1, size: 50 });
    return orders.records.find((order) => order.state === 'done')!.id;
  },
  [routePaths.equipmentDetail]: async (token) =>
    (await api<{ records: DeviceRow[] }>(token, DevicePaths.list, { current: 1, size: 1, isCustomer: true, filters: { deviceType: 1 } })).records[0]!.id,
  [routePaths.bindInfo]: async (token) => (await api<{ records: DeviceRow[] }>(token, DevicePaths.list, { current: 1, size: 1, isCustomer: true, filters: {} })).records[0]!.id,
};

/** The address a screen opens at: a record page with a real record of the signed-in user's. */
export async function screenUrl(path: string, token: string): Promise<string> {
  const id = recordIds[path];
  return id ? `${path}?id=${await id(token)}` : path;
}

/** Routes that render a screen, outermost first; a redirect-only parent has none. */
export function screens(table: readonly AppRoute[]): AppRoute[] {
  return table.flatMap((route) => [...(route.screen ? [route] : []), ...screens(route.children ?? [])]);
}

/**
 * No CSS transitions from the page's first frame: axe reads colours as they are drawn, and a
 * button fading from disabled to enabled has neither colour for a moment. A style of the test's,
 * not prefers-reduced-motion, so the page's scripts behave as for any user (a chart scrolls
 * itself into view smoothly).
 */
export async function withoutTransitions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const style = document.createElement('style');
    style.textContent = '*, *::before, *::after { transition-duration: 0.01ms !important; transition-delay: 0s !important; }';
    document.addEventListener('DOMContentLoaded', () => document.head.append(style), { once: true });
  });
}

/** A busy machine (five browser suites share two cores) takes seconds to draw what a quiet one draws at once. */
const SETTLE = { timeout: 15_000 };

/**
 * Nothing on its way: no request for half a second (networkQuiet), no spinner, and no
 * transition running (a button fading from disabled to enabled has neither colour for a moment).
 * Checked twice, since an answer that lands as the first check ends starts transitions of its own.
 * A concurrent test passes its own `expect` (its polls must know their test).
 */
export async function settled(page: Page, expect: ExpectStatic = globalExpect): Promise<void> {
  const finiteAnimationsRunning = () =>
    page.evaluate(
      () => document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity).length,
    );
  for (let round = 0; round < 2; round += 1) {
    await networkQuiet(page);
    await expect.poll(() => page.locator('.arco-spin-loading, .arco-skeleton').count(), SETTLE).toBe(0);
    await expect.poll(finiteAnimationsRunning, SETTLE).toBe(0);
  }
}

/** A screen with a filter form shows what it is for: the demo organisation's results, as a user asks for them. */
export async function showResults(page: Page, expect: ExpectStatic = globalExpect): Promise<void> {
  if ((await page.getByTestId('filter-form').count()) > 0) await unfoldFilters(page);
  const tree = page.getByTestId('organisation-tree');
  if ((await tree.count()) > 0) {
    await tree.click();
    const dropdown = page.getByTestId('organisation-tree-dropdown');
    await dropdown.locator('.arco-tree-node-title', { hasText: DEMO_ORGANISATION }).first().click();
    if (await dropdown.isVisible()) await page.keyboard.press('Escape');
  }
  const query = page.getByTestId('filter-query');
  if ((await query.count()) > 0) await query.click();
  await settled(page, expect);
}

/** Clicks the first bar where ECharts drew it, once it has grown into place. */
export async function clickFirstBar(page: Page, testId: string, expect: ExpectStatic = globalExpect): Promise<void> {
  const canvas = page.getByTestId(`${testId}-canvas`);
  await canvas.scrollIntoViewIfNeeded();
  const firstBar = () =>
    canvas.evaluate((element) => {
      type Chart = {
        getZr(): { animation: { isFinished(): boolean } };
        getModel(): { getSeriesByIndex(i: number): { getData(): { getItemLayout(i: number): { x: number; y: number; width: number; height: number } } } | undefined };
      };
      const chart = (window as unknown as { chartInstanceOf(e: HTMLElement): Chart | undefined }).chartInstanceOf(element as HTMLElement);
      if (!chart?.getZr().animation.isFinished()) return null;
      const bar = chart.getModel().getSeriesByIndex(0)?.getData().getItemLayout(0);
      return bar ? { x: bar.x + bar.width / 2, y: bar.y + bar.height / 2 } : null;
    });
  // Longer than the project's 10 s: beside another file's pages on CI's 2 cores, the bars' growth
  // animation once took longer than that to finish.
  await expect.poll(firstBar, { timeout: 30_000 }).not.toBeNull();
  const centre = (await firstBar())!;
  const box = (await canvas.boundingBox())!;
  await page.mouse.click(box.x + centre.x, box.y + centre.y);
}

/** axe-core's own script, put into a page once, before its first check. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// Only the violations in full: axe otherwise also lists every node that passed, most of its time on
// a screen with a large table.
const AXE_OPTIONS: RunOptions = { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } };

/**
 * axe run in the page itself. The console draws no iframe, so the frame-by-frame run of
 * @axe-core/playwright (which also finishes every check in a page it opens for it) bought nothing
 * here and cost 1.5–2 s a check, a third of the accessibility suites' time.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate((options) => (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe.run(document, options), AXE_OPTIONS);
}

/**
 * Waits (up to 2 s) until no finite animation or transition is running: a toast fading in or a
 * popup fading out is, for that moment, text of too little contrast, which no reader is left with.
 * Endless ones (a spinner, the live dot) are not waited for.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity), undefined, { timeout: 2_000 })
    .catch(() => undefined);
}

export async function blockingViolations(page: Page): Promise<string> {
  const frames = await page.locator('iframe').count();
  if (frames > 0) throw new Error(`the page has ${frames} iframe(s), which this in-page axe run does not look into`);
  await animationsSettled(page);
  const { violations } = await runAxe(page);
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.length})\n` +
        violation.nodes
          .slice(0, 12)
          .map((node) => `    ${node.target.join(' ')}  ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join('\n'),
    )
    .join('\n');
}
