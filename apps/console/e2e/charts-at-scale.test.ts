import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ChartPaths, type PointTrend, type RiskChart, type YearPests } from '@pest/shared';
import { useBrowser } from './browser.ts';
import {
  DEMO_ORGANISATION,
  chooseInTree,
  clickBar,
  dataOf,
  firstBar,
  isCall,
  openScreen,
  query,
  typeRange,
  waitForDrawn,
  type ChartWindow,
} from './chartScreens.ts';

/**
 * The charts where a daily user meets them: a whole organisation's points on 点位阳性汇总, the
 * year's months on the dashboard's half-width chart, and the risk dialog's photos on a session
 * that opened nothing else. At 1440×900, the screen.
 */
const SCREEN = { width: 1440, height: 900 };
/** Chart 1 draws the points with the most positive checks, and 其他 (pestTrendQuery.ts' TOP_POINTS). */
const TOP_POINTS = 10;

const session = useBrowser();

/** Whether ECharts holds the bar (series, item) of a chart as selected. */
function isSelected(page: Page, testId: string, seriesIndex: number, dataIndex: number): Promise<boolean> {
  return page.getByTestId(`${testId}-canvas`).evaluate(
    (element, [series, item]) => {
      const chart = (window as unknown as ChartWindow).chartInstanceOf(element as HTMLElement) as unknown as {
        getModel(): { getSeriesByIndex(i: number): { isSelected(i: number): boolean } };
      };
      return Boolean(chart.getModel().getSeriesByIndex(series!).isSelected(item!));
    },
    [seriesIndex, dataIndex],
  );
}

/** Whether the element lies wholly inside the window. */
const inView = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

interface DrawnLabel {
  text: string;
  /** The label's corners on the canvas, rotation included. */
  corners: { x: number; y: number }[];
}

type DrawnNode = {
  anid?: string;
  ignore?: boolean;
  invisible?: boolean;
  style?: { text?: string };
  parent?: DrawnNode;
  childrenRef?(): DrawnNode[];
  getBoundingRect?(): { x: number; y: number; width: number; height: number };
  getComputedTransform?(): number[] | null;
};

/**
 * The texts ECharts drew, hidden ones left out, with their corners on the canvas: the axis labels
 * (its axis builder names them `label_<tick>`), or the texts that read `wanted.text`.
 */
function drawnTexts(page: Page, testId: string, wanted: 'axisLabels' | { text: string }): Promise<DrawnLabel[]> {
  return page.getByTestId(`${testId}-canvas`).evaluate(
    (element, want) => {
      const picks = (node: DrawnNode) => (want === 'axisLabels' ? node.anid?.startsWith('label_') === true : node.style?.text === want.text);
      const chart = (window as unknown as ChartWindow).chartInstanceOf(element as HTMLElement)!;
      const found: DrawnNode[] = [];
      const walk = (node: DrawnNode) => {
        if (node.style?.text !== undefined && node.getBoundingRect && picks(node)) found.push(node);
        node.childrenRef?.().forEach(walk);
      };
      (chart.getZr().storage.getRoots() as unknown as DrawnNode[]).forEach(walk);
      const shown = (node: DrawnNode) => {
        for (let at: DrawnNode | undefined = node; at; at = at.parent) if (at.ignore || at.invisible) return false;
        return true;
      };
      return found.filter(shown).map((node) => {
        const rect = node.getBoundingRect!();
        const m = node.getComputedTransform!() ?? [1, 0, 0, 1, 0, 0];
        const corner = (x: number, y: number) => ({ x: m[0]! * x + m[2]! * y + m[4]!, y: m[1]! * x + m[3]! * y + m[5]! });
        return {
          text: node.style!.text!,
          corners: [corner(rect.x, rect.y), corner(rect.x + rect.width, rect.y), corner(rect.x + rect.width, rect.y + rect.height), corner(rect.x, rect.y + rect.height)],
        };
      });
    },
    wanted,
  );
}

/** The centre of the drawn text `text` (the legend's, here), on the canvas. */
async function textBox(page: Page, testId: string, text: string): Promise<{ x: number; y: number }> {
  // A text and the span it draws through both read it, in one place.
  const [label] = await drawnTexts(page, testId, { text });
  if (!label) throw new Error(`no drawn text ${text}`);
  const [a, , c] = label.corners;
  return { x: (a!.x + c!.x) / 2, y: (a!.y + c!.y) / 2 };
}

/** Separating axes: two convex quadrilaterals overlap unless some edge's normal separates them. */
function overlap(a: DrawnLabel['corners'], b: DrawnLabel['corners']): boolean {
  for (const shape of [a, b]) {
    for (let i = 0; i < 4; i++) {
      const p = shape[i]!;
      const q = shape[(i + 1) % 4]!;
      const normal = { x: q.y - p.y, y: p.x - q.x };
      const project = (corners: DrawnLabel['corners']) => corners.map((c) => c.x * normal.x + c.y * normal.y);
      const [pa, pb] = [project(a), project(b)];
      // A touching edge (within a pixel's hundredth) is no overlap.
      if (Math.max(...pa) <= Math.min(...pb) + 0.01 || Math.max(...pb) <= Math.min(...pa) + 0.01) return false;
    }
  }
  return true;
}

describe('点位阳性汇总 (trendChart1) for a whole organisation', () => {
  it(`draws at most ${TOP_POINTS} points and 其他, and a bar still drills down, selected, its result scrolled into view`, async () => {
    const { page, close } = await openScreen(session, '/statisticalChart/trendChart1', 'pest-trend-page', SCREEN);
    await chooseInTree(page, DEMO_ORGANISATION);
    await typeRange(page, 'filter-dateRange', ['2026-01-01', '2026-06-30']);
    const answer = await query<PointTrend>(page, ChartPaths.pointTrend);
    // The case at hand: more points than the chart draws.
    expect(answer.data.valueList.length).toBeGreaterThan(TOP_POINTS + 1);

    const chart = await waitForDrawn(page, 'pest-trend-chart');
    expect(chart.series).toHaveLength(TOP_POINTS + 1);
    expect(chart.series.at(-1)).toMatchObject({ id: 'other', name: '其他' });
    const folded = answer.data.valueList.length - TOP_POINTS;
    expect(await page.getByTestId('pest-trend-folded').innerText()).toContain(String(folded));
    // The kept points are those with the most positive checks.
    const totals = answer.data.valueList.map((point) => point.numberList.reduce<number>((sum, n) => sum + (n ?? 0), 0));
    const least = Math.min(...chart.series.slice(0, TOP_POINTS).map((series) => totals[Number(series.id)]!));
    const others = totals.filter((_, index) => !chart.series.some((series) => series.id === String(index)));
    expect(Math.max(...others)).toBeLessThanOrEqual(least);
    // The legend shows every drawn series at once, the last (其他) too: a click on it hides its bars.
    const legendSelected = () =>
      page.getByTestId('pest-trend-chart-canvas').evaluate((element) => {
        const instance = (window as unknown as ChartWindow).chartInstanceOf(element as HTMLElement)!;
        return (instance.getOption() as { legend: { selected?: Record<string, boolean> }[] }).legend[0]?.selected?.['其他'] ?? true;
      });
    const other = await textBox(page, 'pest-trend-chart', '其他');
    const canvas = (await page.getByTestId('pest-trend-chart-canvas').boundingBox())!;
    await page.mouse.click(canvas.x + other.x, canvas.y + other.y);
    await expect.poll(legendSelected).toBe(false);
    await page.mouse.click(canvas.x + other.x, canvas.y + other.y);
    await expect.poll(legendSelected).toBe(true);

    // The drill-down panel starts below the fold.
    await page.getByTestId('pest-trend-chart-canvas').scrollIntoViewIfNeeded();
    expect(await inView(page, 'point-details-hint')).toBe(false);

    const points = chart.series.filter((series) => series.id !== 'other');
    const [pointIndex, dataIndex] = firstBar(points.map((series) => ({ data: series.data as (number | null)[] })));
    const seriesIndex = chart.series.indexOf(points[pointIndex]!);
    const point = answer.data.valueList[Number(points[pointIndex]!.id)]!;
    const detailsCall = page.waitForRequest(isCall(ChartPaths.pointTrendDetails));
    await clickBar(page, 'pest-trend-chart', seriesIndex, dataIndex);
    expect((await detailsCall).postDataJSON()).toMatchObject({ pointId: point.pointIds[0], startTime: `${chart.categories[dataIndex]}-01` });
    await waitForDrawn(page, 'point-details-chart');
    await expect.poll(() => inView(page, 'point-details-chart')).toBe(true);
    expect(await isSelected(page, 'pest-trend-chart', seriesIndex, dataIndex)).toBe(true);

    // Another bar takes the selection; clicking it again keeps it.
    const [nextSeries, nextItem] = seriesIndex + 1 < TOP_POINTS ? [seriesIndex + 1, dataIndex] : [seriesIndex - 1, dataIndex];
    await page.getByTestId('pest-trend-chart-canvas').scrollIntoViewIfNeeded();
    await clickBar(page, 'pest-trend-chart', nextSeries, nextItem);
    await expect.poll(() => isSelected(page, 'pest-trend-chart', nextSeries, nextItem)).toBe(true);
    expect(await isSelected(page, 'pest-trend-chart', seriesIndex, dataIndex)).toBe(false);
    await clickBar(page, 'pest-trend-chart', nextSeries, nextItem);
    expect(await isSelected(page, 'pest-trend-chart', nextSeries, nextItem)).toBe(true);
    await close();
  });
});

describe('the dashboard (/dashboard), its charts side by side', () => {
  it('draws every month’s label, none overlapping another', async () => {
    const { page, close } = await openScreen(session, '/dashboard', 'yearly-pest-page', SCREEN);
    await chooseInTree(page, DEMO_ORGANISATION);
    const yearly = await query<YearPests>(page, ChartPaths.yearPests);
    expect(yearly.data.keyList.length).toBeGreaterThanOrEqual(10);
    await waitForDrawn(page, 'year-pests-chart');
    const months = new Set(yearly.data.keyList);
    const labels = async () => (await drawnTexts(page, 'year-pests-chart', 'axisLabels')).filter((label) => months.has(label.text));
    await expect.poll(async () => (await labels()).map((label) => label.text)).toEqual(yearly.data.keyList);
    const drawn = await labels();
    for (const [i, label] of drawn.entries()) {
      for (const other of drawn.slice(i + 1)) expect(overlap(label.corners, other.corners), `${label.text} / ${other.text}`).toBe(false);
    }
    await close();
  });
});

describe('风险趋势 (riskTrend) on a fresh session', () => {
  it('shows the risk dialog’s photos as thumbnails of at most 64 px, with no other screen opened before', async () => {
    const { page, close } = await openScreen(session, '/statisticalChart/riskTrend', 'risk-trend-page', SCREEN);
    await chooseInTree(page, DEMO_ORGANISATION);
    const chart = await query<RiskChart>(page, ChartPaths.risk);
    expect(chart.data.nameList.length).toBeGreaterThan(0);
    await waitForDrawn(page, 'risk-chart');
    await clickBar(page, 'risk-chart', 0, 0);
    await page.getByTestId('risk-details-table').waitFor();
    const allCall = page.waitForRequest(isCall(ChartPaths.riskDetails));
    await page.getByTestId('risk-tab-2').click();
    const all = await dataOf<{ records: { pictures: string[] }[] }>(await allCall);
    expect(all.records.some((row) => row.pictures.length > 0)).toBe(true);

    // A photo's own size is 640×480: only a loaded one shows whether the thumbnail's style applies.
    const thumbs = page.getByTestId('risk-details-table').locator('img.risk-photo-thumb');
    const loaded = () => thumbs.evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0).length);
    await expect.poll(loaded, { timeout: 15_000 }).toBeGreaterThan(0);
    const sizes = await thumbs.evaluateAll((images) =>
      images
        .filter((image) => (image as HTMLImageElement).naturalWidth > 0)
        .map((image) => {
          const box = image.getBoundingClientRect();
          return { natural: (image as HTMLImageElement).naturalWidth, width: box.width, height: box.height };
        }),
    );
    expect(sizes.some((size) => size.natural > 64)).toBe(true);
    for (const size of sizes) {
      expect(size.width).toBeLessThanOrEqual(64);
      expect(size.height).toBeLessThanOrEqual(64);
    }
    await close();
  });
});
