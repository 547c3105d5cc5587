import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ChartPaths, type PointTrend } from '@pest/shared';
import { routePaths } from '../src/navigation/routePaths.ts';
import { screenUrl, settled, showResults } from './axeRun.ts';
import { useBrowser } from './browser.ts';
import { useScreenPages } from './screenPages.ts';
import { DEMO_ORGANISATION, chooseInTree, drawEveryChart, isCall, openScreen, query, typeRange, waitForDrawn, type ChartWindow } from './chartScreens.ts';
import { unfoldFilters } from './filterFold.ts';
import { E2E_DEMO_ANCHOR } from './server.ts';

/**
 * The chart screens on a 390×844 phone with their data shown: nothing wider than the screen, every
 * text a chart draws (axis labels and titles, legend, notes) inside its canvas, and a legend whose
 * every item is on the canvas or behind its page arrows. And the pan bar of a chart with more
 * categories than its width shows: dragging it moves the window, and a bar in it still drills down.
 */
const PHONE = { width: 390, height: 844 };

const session = useBrowser();
/**
 * Each test's screen is reached through the router in a page an earlier test used (screenPages.ts),
 * on a clock from where the demo data ends: the device page shows its last 7 days.
 */
const pages = useScreenPages(session, {
  beforeGoto: async (page) => {
    await page.clock.install({ time: new Date(E2E_DEMO_ANCHOR) });
    await page.clock.resume();
  },
});

interface ChartFit {
  testId: string;
  canvas: { left: number; right: number; width: number; height: number };
  series: number;
  /** Drawn texts outside the canvas, by text. */
  outside: string[];
  legend: { type: string | undefined; items: number };
}

/** Every drawn chart of the page: where its canvas is, and the texts ECharts drew outside it. */
function chartFits(page: Page): Promise<ChartFit[]> {
  return page.locator('[data-testid$="-canvas"].chart-canvas').evaluateAll((elements) => {
    type Node = {
      ignore?: boolean;
      invisible?: boolean;
      style?: { text?: string };
      getClipPath?(): unknown;
      parent?: Node;
      childrenRef?(): Node[];
      getBoundingRect?(): { x: number; y: number; width: number; height: number };
      getComputedTransform?(): number[] | null;
    };
    return elements.flatMap((element) => {
      const chart = (window as unknown as ChartWindow).chartInstanceOf(element as HTMLElement);
      if (!chart) return [];
      const option = chart.getOption() as { series?: unknown[]; legend?: { type?: string; data?: unknown[] }[] };
      const box = element.getBoundingClientRect();
      // A scrolling legend's items off its page are clipped away, not hidden: only what is not clipped is drawn where it lies.
      const shown = (node: Node) => {
        for (let at: Node | undefined = node; at; at = at.parent) if (at.ignore || at.invisible || at.getClipPath?.()) return false;
        return true;
      };
      const outside: string[] = [];
      const walk = (node: Node) => {
        if (node.style?.text && node.getBoundingRect && shown(node)) {
          const rect = node.getBoundingRect();
          const m = node.getComputedTransform?.() ?? [1, 0, 0, 1, 0, 0];
          const xs = [rect.x, rect.x + rect.width].flatMap((x) => [rect.y, rect.y + rect.height].map((y) => m[0]! * x + m[2]! * y + m[4]!));
          const ys = [rect.x, rect.x + rect.width].flatMap((x) => [rect.y, rect.y + rect.height].map((y) => m[1]! * x + m[3]! * y + m[5]!));
          // A pixel of anti-aliasing either side is no clipping.
          if (Math.min(...xs) < -1 || Math.max(...xs) > box.width + 1 || Math.min(...ys) < -1 || Math.max(...ys) > box.height + 1) outside.push(node.style.text);
        }
        node.childrenRef?.().forEach(walk);
      };
      (chart.getZr().storage.getRoots() as unknown as Node[]).forEach(walk);
      return [
        {
          testId: element.getAttribute('data-testid') ?? '',
          canvas: { left: box.left, right: box.right, width: box.width, height: box.height },
          series: option.series?.length ?? 0,
          outside,
          legend: { type: option.legend?.[0]?.type, items: option.legend?.[0]?.data?.length ?? 0 },
        },
      ];
    });
  });
}

/** The combined positive rates of the demo organisation's stores, as a user asks for them. */
async function showPositiveRates(page: Page): Promise<void> {
  await unfoldFilters(page);
  await page.getByTestId('filter-customerType').getByText('客户', { exact: true }).click();
  await chooseInTree(page, DEMO_ORGANISATION);
  await page.getByTestId('positive-rate-charts').locator('.chart-panel-title').click();
  await page.getByTestId('filter-basis').getByText('虫害', { exact: true }).click();
  await page.getByTestId('filter-workType').getByText('趋势', { exact: true }).click();
  await typeRange(page, 'filter-dateRange', ['2026-01-01', '2026-06-30']);
  await page.getByTestId('filter-query').click();
}

const CHART_SCREENS: { path: string; screen: string; show?: (page: Page) => Promise<void> }[] = [
  { path: routePaths.dashboard, screen: 'yearly-pest-page' },
  { path: routePaths.trendChart1, screen: 'pest-trend-page' },
  { path: routePaths.riskTrend, screen: 'risk-trend-page' },
  { path: routePaths.trendChart2, screen: 'store-pest-trend-page' },
  { path: routePaths.combineTrend, screen: 'positive-rate-page', show: showPositiveRates },
  {
    path: routePaths.equipmentDetail,
    screen: 'device-detail-page',
    show: async (page) => {
      await page.getByTestId('device-activity-view').getByText('防治趋势', { exact: true }).click();
    },
  },
];

describe('chart screens at 390×844', () => {
  for (const { path, screen, show = showResults } of CHART_SCREENS) {
    it(`${screen}: no sideways overflow, nothing a chart draws outside its canvas, the legend usable`, async () => {
      const { page, close } = await pages.open(await screenUrl(path, session.token), { viewport: PHONE });
      await page.getByTestId(screen).waitFor();
      await settled(page);
      await show(page);
      await expect.poll(() => page.locator('.chart[data-state="drawn"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await drawEveryChart(page);
      expect((await chartFits(page)).filter((chart) => chart.series > 0).length).toBeGreaterThan(0);
      await settled(page);
      const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth!);
      for (const chart of await chartFits(page)) {
        expect(chart.canvas.left, chart.testId).toBeGreaterThanOrEqual(0);
        expect(chart.canvas.right, chart.testId).toBeLessThanOrEqual(innerWidth!);
        expect(chart.outside, chart.testId).toEqual([]);
        // A legend of many items pages (its arrows are drawn, so inside the canvas), never runs off it.
        if (chart.legend.items > 5) expect(chart.legend.type, chart.testId).toBe('scroll');
      }
      await close();
    });
  }
});

/** The categories a windowed chart shows: its pan bar's (dataZoom's) range of the category axis. */
function visibleCategories(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(`${testId}-canvas`).evaluate((element) => {
    const chart = (window as unknown as ChartWindow).chartInstanceOf(element as HTMLElement) as unknown as {
      getModel(): { getComponent(type: string, index: number): { getValueRange(): [number, number] } | undefined };
      getOption(): { xAxis: { data: string[] }[] };
    };
    const zoom = chart.getModel().getComponent('dataZoom', 0);
    if (!zoom) throw new Error('no pan bar on the chart');
    const [start, end] = zoom.getValueRange();
    return chart.getOption().xAxis[0]!.data.slice(Math.round(start), Math.round(end) + 1);
  });
}

/** The pan bar's moving part (ECharts' slider move zone: draggable, a grab cursor), on the canvas. */
function panBarHandle(page: Page, testId: string): Promise<{ x: number; y: number; width: number }> {
  return page.getByTestId(`${testId}-canvas`).evaluate((element) => {
    type Node = {
      draggable?: boolean;
      cursor?: string;
      childrenRef?(): Node[];
      getBoundingRect(): { x: number; y: number; width: number; height: number };
      getComputedTransform(): number[] | null;
    };
    const chart = (window as unknown as ChartWindow).chartInstanceOf(element as HTMLElement)!;
    const find = (node: Node): Node | undefined =>
      node.draggable === true && node.cursor === 'grab' ? node : node.childrenRef?.().reduce<Node | undefined>((hit, child) => hit ?? find(child), undefined);
    const filler = (chart.getZr().storage.getRoots() as unknown as Node[]).reduce<Node | undefined>((hit, root) => hit ?? find(root), undefined);
    if (!filler) throw new Error('no pan bar drawn');
    const rect = filler.getBoundingRect();
    const m = filler.getComputedTransform() ?? [1, 0, 0, 1, 0, 0];
    return { x: m[0]! * (rect.x + rect.width / 2) + m[4]!, y: m[3]! * (rect.y + rect.height / 2) + m[5]!, width: m[0]! * rect.width };
  });
}

describe('点位阳性汇总 (trendChart1) for a whole organisation on a phone: the pan bar', () => {
  it('moves the window of dates when dragged, and a bar in the new window still drills down', async () => {
    const { page, close } = await openScreen(pages, routePaths.trendChart1, 'pest-trend-page', PHONE);
    await chooseInTree(page, DEMO_ORGANISATION);
    await typeRange(page, 'filter-dateRange', ['2026-01-01', '2026-10-31']);
    const timeType = page.getByTestId('filter-timeType');
    await timeType.click();
    await page.locator(`[id="${await timeType.getAttribute('aria-controls')}"] .arco-select-option`, { hasText: '按发生时间' }).click();
    const answer = await query<PointTrend>(page, ChartPaths.pointTrend);
    // The query folds the form to one line: 筛选 and what was chosen.
    expect(await page.getByTestId('filter-field-organisation').isVisible()).toBe(false);
    expect(await page.getByTestId('filter-summary').innerText()).toBe('组织架构/门店 (1) · 按发生时间 · 2026-01-01 ~ 2026-10-31');
    const chart = await waitForDrawn(page, 'pest-trend-chart');
    const canvas = page.getByTestId('pest-trend-chart-canvas');
    await canvas.scrollIntoViewIfNeeded();
    await settled(page);

    const before = await visibleCategories(page, 'pest-trend-chart');
    // More dates than a phone shows: a window of them, from the first.
    expect(before.length).toBeLessThan(answer.data.keyList.length);
    expect(before[0]).toBe(answer.data.keyList[0]);

    const handle = await panBarHandle(page, 'pest-trend-chart');
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + handle.x, box.y + handle.y);
    await page.mouse.down();
    await page.mouse.move(box.x + handle.x + 60, box.y + handle.y, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => visibleCategories(page, 'pest-trend-chart')).not.toEqual(before);
    const after = await visibleCategories(page, 'pest-trend-chart');
    // The window pans: as many dates, later ones.
    expect(after.length).toBe(before.length);
    expect(answer.data.keyList.indexOf(after[0]!)).toBeGreaterThan(0);

    // A bar of a point (not 其他) in the new window, clicked where ECharts drew it.
    const first = answer.data.keyList.indexOf(after[0]!);
    const last = answer.data.keyList.indexOf(after.at(-1)!);
    const target = chart.series
      .map((series, seriesIndex) => ({ series, seriesIndex }))
      .filter(({ series }) => series.id !== 'other')
      .flatMap(({ series, seriesIndex }) =>
        (series.data as (number | null)[]).map((value, dataIndex) => ({ seriesIndex, dataIndex, value, id: series.id })),
      )
      .find(({ dataIndex, value }) => dataIndex >= first && dataIndex <= last && (value ?? 0) > 0);
    expect(target).toBeDefined();
    const centre = await canvas.evaluate(
      (element, [series, item]) => {
        const instance = (window as unknown as ChartWindow).chartInstanceOf(element as HTMLElement) as unknown as {
          getModel(): {
            getSeriesByIndex(i: number): { getData(): { indexOfRawIndex(i: number): number; getItemLayout(i: number): { x: number; y: number; width: number; height: number } } };
          };
        };
        // The pan bar filters the series' data to its window: a bar is found by its index in the whole data.
        const data = instance.getModel().getSeriesByIndex(series!).getData();
        const bar = data.getItemLayout(data.indexOfRawIndex(item!));
        return { x: bar.x + bar.width / 2, y: bar.y + bar.height / 2 };
      },
      [target!.seriesIndex, target!.dataIndex],
    );
    expect(centre.x).toBeGreaterThan(0);
    expect(centre.x).toBeLessThan(box.width);
    // The chart in the middle of the screen, clear of the fixed header, and nothing else under the pointer.
    await canvas.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const shown = (await canvas.boundingBox())!;
    const at = { x: shown.x + centre.x, y: shown.y + centre.y };
    expect(await canvas.evaluate((element, point) => element.contains(document.elementFromPoint(point.x, point.y)), at)).toBe(true);
    const details = page.waitForRequest(isCall(ChartPaths.pointTrendDetails));
    await page.mouse.click(at.x, at.y);
    const point = answer.data.valueList[Number(target!.id)]!;
    expect((await details).postDataJSON()).toMatchObject({ pointId: point.pointIds[0] });
    await waitForDrawn(page, 'point-details-chart');
    await close();
  });
});
