import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import type { PageOpener } from './screenPages.ts';
import { unfoldFilters } from './filterFold.ts';

/**
 * Driving the chart screens as a user does: the filter form's controls, a query and the request it
 * sent, and the drawn charts read from their live ECharts instances (bars clicked where drawn).
 * Shared by charts.test.ts and charts-at-scale.test.ts.
 */

export const DEMO_ORGANISATION = '味多美餐饮管理有限公司';
export const SECOND_ORGANISATION = '天津禾轩调味品有限公司';
/** The demo data is a year of visits up to now: nothing happened in 2020. */
export const QUIET_RANGE = ['2020-01-01', '2020-01-31'] as const;

export const isCall = (path: string) => (request: Request) => new URL(request.url()).pathname === path;
export const messages = (page: Page) => page.locator('.arco-message').allInnerTexts();

export async function dataOf<T>(request: Request): Promise<T> {
  const response = await request.response();
  if (!response) throw new Error(`no response to ${request.url()}`);
  return ((await response.json()) as { data: T }).data;
}

export async function openScreen(
  pages: PageOpener,
  path: string,
  screen: string,
  viewport = { width: 1440, height: 1000 },
): Promise<{ page: Page; close(): Promise<void> }> {
  const { page, close } = await pages.open(path, { viewport });
  await page.getByTestId(screen).waitFor();
  return { page, close };
}

export async function chooseInTree(page: Page, name: string): Promise<void> {
  await unfoldFilters(page);
  const dropdown = page.getByTestId('organisation-tree-dropdown');
  if (!(await dropdown.isVisible())) await page.getByTestId('organisation-tree').click();
  await dropdown.locator('.arco-tree-node-title', { hasText: name }).first().click();
  // A single select shows the name and closes; a multiple one keeps the node selected in its open list.
  const chosen = async () =>
    (await page.getByTestId('organisation-tree').innerText()).includes(name) ||
    (await dropdown.locator('.arco-tree-node-selected .arco-tree-node-title', { hasText: name }).count()) === 1;
  await expect.poll(chosen).toBe(true);
}

/** Empties a select the way a user does: the clear icon its hover shows. */
export async function clearSelect(page: Page, testId: string): Promise<void> {
  const select = page.getByTestId(testId);
  await select.hover();
  await select.locator('.arco-select-clear-icon').click();
}

/** Types a day range into a range picker, each bound confirmed with Enter. */
export async function typeRange(page: Page, testId: string, [start, end]: readonly [string, string]): Promise<void> {
  const picker = page.getByTestId(testId);
  const inputs = picker.locator('input');
  if (await inputs.nth(0).inputValue()) {
    await picker.hover();
    await picker.locator('.arco-picker-clear-icon').click();
  }
  await inputs.nth(0).click();
  await inputs.nth(0).fill(start);
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(end);
  await inputs.nth(1).press('Enter');
  await expect.poll(async () => [await inputs.nth(0).inputValue(), await inputs.nth(1).inputValue()]).toEqual([start, end]);
}

/** Opens the organisation tree down to the demo organisation's first store and chooses it. */
export async function chooseFirstStore(page: Page): Promise<void> {
  await page.getByTestId('organisation-tree').click();
  const dropdown = page.getByTestId('organisation-tree-dropdown');
  const expand = async (title: string) => {
    const node = dropdown.locator('.arco-tree-node').filter({ has: page.locator('.arco-tree-node-title', { hasText: title }) }).first();
    const count = await dropdown.locator('.arco-tree-node').count();
    await node.locator('.arco-tree-node-switcher').click();
    await expect.poll(() => dropdown.locator('.arco-tree-node').count()).toBeGreaterThan(count);
    return node;
  };
  const organisation = await expand(DEMO_ORGANISATION);
  const group = organisation.locator('xpath=following-sibling::*[1]');
  const groupTitle = (await group.locator('.arco-tree-node-title').innerText()).trim();
  const groupNode = await expand(groupTitle);
  const store = groupNode.locator('xpath=following-sibling::*[1]').locator('.arco-tree-node-title');
  const storeTitle = (await store.innerText()).trim();
  await store.click();
  await expect.poll(() => page.getByTestId('organisation-tree').innerText()).toContain(storeTitle);
}

export async function chooseFirstOption(page: Page, testId: string): Promise<void> {
  const select = page.getByTestId(testId);
  await expect.poll(() => select.locator('.arco-select-view').getAttribute('class')).not.toContain('disabled');
  await select.click();
  const options = page.locator(`[id="${await select.getAttribute('aria-controls')}"] .arco-select-option`);
  await options.first().waitFor();
  await options.first().click();
}

/** Queries and resolves the request the page sent to `path` (its body and its answer). */
export async function query<T>(page: Page, path: string): Promise<{ body: Record<string, unknown>; data: T }> {
  const call = page.waitForRequest(isCall(path));
  await page.getByTestId('filter-query').click();
  const request = await call;
  return { body: request.postDataJSON() as Record<string, unknown>, data: await dataOf<T>(request) };
}

export interface DrawnChart {
  title: string | undefined;
  categories: unknown[];
  series: { type: string; id: string; name: string; data: unknown[] }[];
}

export type ChartWindow = Window & { chartInstanceOf(element: HTMLElement): import('echarts/core').ECharts | undefined };

/** What the live ECharts instance of a chart holds now (its merged option, after any toolbox switch). */
export async function drawnChart(page: Page, testId: string, index = 0): Promise<DrawnChart> {
  const canvas = page.getByTestId(`${testId}-canvas`).nth(index);
  // A chart draws once it is near the screen (useChart), as a user scrolling to it sees it.
  await canvas.scrollIntoViewIfNeeded();
  return canvas.evaluate((element) => {
    const chart = (window as unknown as ChartWindow).chartInstanceOf(element as HTMLElement);
    if (!chart) throw new Error('no chart instance on the element');
    const option = chart.getOption() as {
      title?: { text?: string }[];
      xAxis?: { data?: unknown[] }[];
      series?: { type: string; id: string; name: string; data: unknown[] }[];
    };
    return {
      title: option.title?.[0]?.text,
      categories: option.xAxis?.[0]?.data ?? [],
      series: (option.series ?? []).map(({ type, id, name, data }) => ({ type, id, name, data })),
    };
  });
}

/**
 * Scrolls each chart holding data into view in turn, as a user scrolling down the screen does (a
 * chart draws once it is near the screen: useChart), and waits for it to stand drawn.
 */
export async function drawEveryChart(page: Page): Promise<void> {
  const canvases = page.locator('.chart[data-state="drawn"] > .chart-canvas');
  const count = await canvases.count();
  for (let i = 0; i < count; i += 1) {
    const canvas = canvases.nth(i);
    await canvas.scrollIntoViewIfNeeded();
    await expect.poll(() => canvas.getAttribute('data-drawn-at'), { timeout: 10_000 }).toMatch(/^\d+(\.\d+)?$/);
  }
}

export async function waitForDrawn(page: Page, testId: string): Promise<DrawnChart> {
  await expect.poll(async () => (await drawnChart(page, testId)).series.length, { timeout: 10_000 }).toBeGreaterThan(0);
  // The chart marks its option's first frame and when it stands drawn, animations done (useChart; bench/screens times them).
  const canvas = page.getByTestId(`${testId}-canvas`).first();
  await expect.poll(() => canvas.getAttribute('data-drawn-at'), { timeout: 10_000 }).toMatch(/^\d+(\.\d+)?$/);
  const [firstFrameAt, drawnAt] = await Promise.all([canvas.getAttribute('data-first-frame-at'), canvas.getAttribute('data-drawn-at')]);
  expect(Number(firstFrameAt)).toBeGreaterThan(0);
  expect(Number(firstFrameAt)).toBeLessThanOrEqual(Number(drawnAt));
  return drawnChart(page, testId);
}

/**
 * Clicks a bar with the mouse where ECharts drew it: the bar's rectangle comes from the series'
 * laid-out data (exact for grouped bars, where several series share a category), its centre is
 * turned into page coordinates through the canvas' box.
 */
export async function clickBar(page: Page, testId: string, seriesIndex: number, dataIndex: number): Promise<void> {
  const canvas = page.getByTestId(`${testId}-canvas`);
  await canvas.scrollIntoViewIfNeeded();
  await animationsDone(page, testId);
  const centre = await canvas.evaluate(
    (element, [series, item]) => {
      const chart = (window as unknown as ChartWindow).chartInstanceOf(element as HTMLElement) as unknown as {
        getModel(): { getSeriesByIndex(i: number): { getData(): { getItemLayout(i: number): { x: number; y: number; width: number; height: number } } } };
      };
      const bar = chart.getModel().getSeriesByIndex(series!).getData().getItemLayout(item!);
      return { x: bar.x + bar.width / 2, y: bar.y + bar.height / 2 };
    },
    [seriesIndex, dataIndex],
  );
  const box = await canvas.boundingBox();
  if (!box) throw new Error('chart not on screen');
  await page.mouse.click(box.x + centre.x, box.y + centre.y);
}

/** Bars grow into place: a click lands where a bar is drawn only once its animation has finished. */
export async function animationsDone(page: Page, testId: string): Promise<void> {
  const canvas = page.getByTestId(`${testId}-canvas`);
  const finished = () =>
    canvas.evaluate((element) => {
      const chart = (window as unknown as ChartWindow).chartInstanceOf(element as HTMLElement)!;
      return (chart.getZr() as unknown as { animation: { isFinished(): boolean } }).animation.isFinished();
    });
  await expect.poll(finished).toBe(true);
}

/** Clicks a toolbox button by its title, where ECharts drew its icon. */
export async function clickToolbox(page: Page, testId: string, title: string): Promise<void> {
  const canvas = page.getByTestId(`${testId}-canvas`);
  await canvas.scrollIntoViewIfNeeded();
  const centre = await canvas.evaluate((element, wanted) => {
    const chart = (window as unknown as ChartWindow).chartInstanceOf(element as HTMLElement)!;
    type Icon = { __title?: string; getBoundingRect(): { clone(): Rect }; getComputedTransform(): unknown };
    type Rect = { x: number; y: number; width: number; height: number; applyTransform(m: unknown): void };
    const icons = chart.getZr().storage.getDisplayList() as unknown as Icon[];
    const icon = icons.find((element) => element.__title === wanted);
    if (!icon) throw new Error(`no toolbox icon titled ${wanted}`);
    const rect = icon.getBoundingRect().clone();
    rect.applyTransform(icon.getComputedTransform());
    return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
  }, title);
  const box = await canvas.boundingBox();
  if (!box) throw new Error('chart not on screen');
  await page.mouse.move(box.x + centre.x, box.y + centre.y);
  await page.mouse.click(box.x + centre.x, box.y + centre.y);
}

/** Index of the first bar (series, item) with a value above zero. */
export function firstBar(series: readonly { data: readonly (number | null)[] }[]): [number, number] {
  for (const [s, one] of series.entries()) {
    const d = one.data.findIndex((value) => (value ?? 0) > 0);
    if (d >= 0) return [s, d];
  }
  throw new Error('no bar above zero');
}
