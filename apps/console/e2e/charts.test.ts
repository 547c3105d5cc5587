import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  ChartPaths,
  type GroupRateChart,
  type PestWorkItem,
  type PointTrend,
  type PointTrendDetails,
  type RegionPests,
  type RiskChart,
  type YearPests,
} from '@pest/shared';
import { useBrowser } from './browser.ts';
import { useScreenPages } from './screenPages.ts';
import {
  DEMO_ORGANISATION,
  QUIET_RANGE,
  SECOND_ORGANISATION,
  chooseFirstOption,
  chooseFirstStore,
  chooseInTree,
  clearSelect,
  clickBar,
  clickToolbox,
  dataOf,
  drawnChart,
  firstBar,
  isCall,
  messages,
  openScreen,
  query,
  typeRange,
  waitForDrawn,
} from './chartScreens.ts';

/**
 * The statistical charts (console-spec screens 1, 2, 8, 9, 12 and the single point trend) against
 * the real server and its small demo data, as the admin: filter to chart, drill-downs by clicking
 * the bars where ECharts drew them, the risk dialog, empty texts and the chart toolbox.
 */

const session = useBrowser();
// Each test's screen is reached through the router in a page an earlier test used (screenPages.ts).
const pages = useScreenPages(session);

describe('pest trend (screen 1, trendChart1)', () => {
  it('queries points per month, switches to quarters, and a clicked bar loads that point’s trend for that period', async () => {
    const { page, close } = await openScreen(pages, '/statisticalChart/trendChart1', 'pest-trend-page');
    await chooseInTree(page, DEMO_ORGANISATION);
    await typeRange(page, 'filter-dateRange', ['2026-03-01', '2026-03-31']);
    // Choosing a customer sets the time type to by month (section 4): no month/quarter toggle then.
    const typed = await query<PointTrend>(page, ChartPaths.pointTrend);
    expect(typed.body).toEqual({ customerId: expect.any(Number), startTime: '2026-03-01', endTime: '2026-03-31', type: 0 });
    await waitForDrawn(page, 'pest-trend-chart');
    expect(await page.getByTestId('pest-trend-period').count()).toBe(0);

    await clearSelect(page, 'filter-timeType');
    const monthly = await query<PointTrend>(page, ChartPaths.pointTrend);
    expect(monthly.body).toEqual({ customerId: expect.any(Number), startTime: '2026-03-01', endTime: '2026-03-31', quarterType: 0 });
    await page.getByTestId('pest-trend-period').waitFor();
    expect(monthly.data.keyList).toEqual(['2026-03']);
    expect(monthly.data.valueList.length).toBeGreaterThan(0);

    const chart = await waitForDrawn(page, 'pest-trend-chart');
    expect(await page.getByTestId('pest-trend-chart').evaluate((element) => element.getBoundingClientRect().height)).toBe(450);
    expect(chart.categories).toEqual(['2026-03']);
    // Each drawn series is a point of the answer (its id, its index there), or 其他 for the rest.
    for (const series of chart.series) {
      expect(series.id === 'other' ? '其他' : monthly.data.valueList[Number(series.id)]?.name).toBe(series.name);
    }
    // The points as bars; 其他, summing the rest, a line on an axis of its own.
    expect(chart.series.every((series) => series.type === (series.id === 'other' ? 'line' : 'bar'))).toBe(true);

    // A bar of a point that was positive: its point, its month, by occurrence.
    const points = chart.series.filter((series) => series.id !== 'other');
    const [pointIndex, dataIndex] = firstBar(points.map((series) => ({ data: series.data as (number | null)[] })));
    const seriesIndex = chart.series.indexOf(points[pointIndex]!);
    const point = monthly.data.valueList[Number(points[pointIndex]!.id)]!;
    const detailsCall = page.waitForRequest(isCall(ChartPaths.pointTrendDetails));
    await clickBar(page, 'pest-trend-chart', seriesIndex, dataIndex);
    const detailsRequest = await detailsCall;
    expect(detailsRequest.postDataJSON()).toEqual({
      customerId: monthly.body.customerId,
      pointId: point.pointIds[0],
      type: 1,
      startTime: '2026-03-01',
      endTime: '2026-03-31',
    });
    const details = await dataOf<PointTrendDetails>(detailsRequest);
    const detailsChart = await waitForDrawn(page, 'point-details-chart');
    expect(detailsChart.title).toContain(details.pointName);
    expect(detailsChart.categories).toEqual(details.nameList);
    expect(detailsChart.series[0]!.data).toEqual(details.numberList);
    expect(details.nameList.every((day) => day.startsWith('2026-03'))).toBe(true);

    // Quarters: the toggle asks again with quarterType 1 and the drill-down is cleared.
    const quarterly = page.waitForRequest(isCall(ChartPaths.pointTrend));
    await page.getByTestId('pest-trend-period').getByText('按季度', { exact: true }).click();
    expect((await quarterly).postDataJSON()).toMatchObject({ quarterType: 1 });
    await expect.poll(async () => (await drawnChart(page, 'pest-trend-chart')).categories).toEqual(['2026-Q1']);
    await page.getByTestId('point-details-hint').waitFor();
    await close();
  });

  it('warns 暂无数据 and shows it on the chart when nothing matches', async () => {
    const { page, close } = await openScreen(pages, '/statisticalChart/trendChart1', 'pest-trend-page');
    await chooseInTree(page, DEMO_ORGANISATION);
    await typeRange(page, 'filter-dateRange', QUIET_RANGE);
    const answer = await query<PointTrend>(page, ChartPaths.pointTrend);
    expect(answer.data.valueList).toEqual([]);
    await expect.poll(() => messages(page)).toContain('暂无数据');
    expect(await page.locator('.arco-message-warning').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('pest-trend-chart-empty').innerText()).toBe('暂无数据');
    await close();
  });

  it('switches a chart between bar and line with its toolbox, restores it, and saves it as a PNG', async () => {
    const { page, close } = await openScreen(pages, '/statisticalChart/trendChart1', 'pest-trend-page');
    await chooseInTree(page, DEMO_ORGANISATION);
    await typeRange(page, 'filter-dateRange', ['2026-03-01', '2026-03-31']);
    await query<PointTrend>(page, ChartPaths.pointTrend);
    await waitForDrawn(page, 'pest-trend-chart');

    await clickToolbox(page, 'pest-trend-chart', '切换为折线图');
    await expect.poll(async () => (await drawnChart(page, 'pest-trend-chart')).series.map((s) => s.type)).not.toContain('bar');
    expect((await drawnChart(page, 'pest-trend-chart')).series.every((series) => series.type === 'line')).toBe(true);
    await clickToolbox(page, 'pest-trend-chart', '切换为柱状图');
    await expect.poll(async () => (await drawnChart(page, 'pest-trend-chart')).series.every((s) => s.type === 'bar')).toBe(true);
    await clickToolbox(page, 'pest-trend-chart', '切换为折线图');
    await expect.poll(async () => (await drawnChart(page, 'pest-trend-chart')).series[0]!.type).toBe('line');
    await clickToolbox(page, 'pest-trend-chart', '还原');
    await expect.poll(async () => (await drawnChart(page, 'pest-trend-chart')).series[0]!.type).toBe('bar');

    const saved = page.waitForEvent('download');
    await clickToolbox(page, 'pest-trend-chart', '保存为图片');
    const download = await saved;
    expect(download.suggestedFilename()).toBe('点位阳性汇总.png');
    const png = await readFile(await download.path());
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    await close();
  });
});

describe('yearly pest dashboard (screen 2, /dashboard)', () => {
  it('drills from a period to its regions and from a region to its pests, in 300px charts', async () => {
    const { page, close } = await openScreen(pages, '/dashboard', 'yearly-pest-page');
    await chooseInTree(page, DEMO_ORGANISATION);
    const year = String(new Date().getFullYear());
    const yearly = await query<YearPests>(page, ChartPaths.yearPests);
    expect(yearly.body).toEqual({ customerId: expect.any(Number), type: 0, startTime: `${year}-01-01`, endTime: `${year}-12-31` });
    const chart = await waitForDrawn(page, 'year-pests-chart');
    expect(chart.categories).toEqual(yearly.data.keyList);
    expect(chart.series[0]!.data).toEqual(yearly.data.numberList);
    expect(await page.getByTestId('year-pests-chart').evaluate((element) => element.getBoundingClientRect().height)).toBe(300);

    const [, month] = firstBar([{ data: yearly.data.numberList }]);
    const period = yearly.data.keyList[month]!;
    const regionCall = page.waitForRequest(isCall(ChartPaths.regionPests));
    await clickBar(page, 'year-pests-chart', 0, month);
    const regionRequest = await regionCall;
    expect(regionRequest.postDataJSON()).toEqual({ customerId: yearly.body.customerId, startTime: `${period}-01`, endTime: `${period}-31` });
    const regions = await dataOf<RegionPests>(regionRequest);
    expect(regions.nameList.length).toBeGreaterThan(0);
    const regionChart = await waitForDrawn(page, 'region-pests-chart');
    expect(regionChart.categories).toEqual(regions.nameList);

    const pestCall = page.waitForRequest(isCall(ChartPaths.pests));
    await clickBar(page, 'region-pests-chart', 0, 0);
    expect((await pestCall).postDataJSON()).toEqual({
      customerId: yearly.body.customerId,
      startTime: `${period}-01`,
      endTime: `${period}-31`,
      regionIds: regions.regionIdsList[0],
    });
    const pestChart = await waitForDrawn(page, 'pests-chart');
    expect(pestChart.series[0]!.data.length).toBeGreaterThan(0);
    await close();
  });
});

describe('positive rates (screen 8, combineTrend)', () => {
  it('compares two organisations’ pest positive rates month by month, one chart per pest titled <pest>阳性率', async () => {
    const { page, close } = await openScreen(pages, '/statisticalChart/combineTrend', 'positive-rate-page');
    await page.getByTestId('filter-customerType').getByText('客户', { exact: true }).click();
    await chooseInTree(page, DEMO_ORGANISATION);
    await chooseInTree(page, SECOND_ORGANISATION);
    await page.getByTestId('positive-rate-charts').locator('.chart-panel-title').click();
    await page.getByTestId('filter-basis').getByText('虫害', { exact: true }).click();
    await page.getByTestId('filter-workType').getByText('趋势', { exact: true }).click();
    await typeRange(page, 'filter-dateRange', ['2026-01-01', '2026-06-30']);
    const answer = await query<GroupRateChart[]>(page, ChartPaths.groupPestRates);
    expect(answer.body).toEqual({
      customerType: 1,
      customerIds: [expect.any(Number), expect.any(Number)],
      type: 0,
      workType: 0,
      timeType: 0,
      startTime: '2026-01-01',
      endTime: '2026-06-30',
    });
    expect(answer.data.length).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('positive-rate-chart').count()).toBe(answer.data.length);
    await waitForDrawn(page, 'positive-rate-chart');
    const first = await drawnChart(page, 'positive-rate-chart', 0);
    expect(first.title).toBe(`${answer.data[0]!.name}阳性率`);
    expect(first.categories).toEqual(answer.data[0]!.timeList);
    expect(first.series.map((series) => series.name)).toEqual(answer.data[0]!.valueList.map((series) => series.name));
    expect(first.series[0]!.data).toEqual(answer.data[0]!.valueList[0]!.numberList);
    await close();
  });

  it('charts risk positive rates for a risk chosen from every risk type (no plan on this form), titled with the risk', async () => {
    const { page, close } = await openScreen(pages, '/statisticalChart/combineTrend', 'positive-rate-page');
    await page.getByTestId('filter-customerType').getByText('客户', { exact: true }).click();
    await chooseInTree(page, DEMO_ORGANISATION);
    await page.getByTestId('positive-rate-charts').locator('.chart-panel-title').click();
    await page.getByTestId('filter-workType').getByText('趋势', { exact: true }).click();
    await typeRange(page, 'filter-dateRange', ['2026-01-01', '2026-06-30']);
    await page.getByTestId('filter-riskBasis').locator('.arco-radio-button').first().click();
    await page.getByTestId('filter-riskType').click();
    const option = page.locator('.arco-select-popup .arco-select-option').first();
    const riskName = (await option.innerText()).trim();
    await option.click();
    await page.keyboard.press('Escape');
    const answer = await query<GroupRateChart[]>(page, ChartPaths.groupRiskRates);
    expect(answer.body).toMatchObject({ type: 1, riskTypeNames: [riskName] });
    expect(answer.data.map((item) => item.name)).toEqual([riskName]);
    const chart = await waitForDrawn(page, 'positive-rate-chart');
    expect(chart.title).toBe(riskName);
    await close();
  });

  it('refuses a risk basis without a risk choice; 暂无阳性率统计数据 when nothing matches', async () => {
    const { page, close } = await openScreen(pages, '/statisticalChart/combineTrend', 'positive-rate-page');
    await page.getByTestId('filter-customerType').getByText('客户', { exact: true }).click();
    await chooseInTree(page, DEMO_ORGANISATION);
    await page.getByTestId('filter-workType').getByText('趋势', { exact: true }).click();
    await page.getByTestId('filter-query').click();
    await expect.poll(() => messages(page)).toContain('若【统计口径】为 风险 ,则必须选择 【风险选择】字段 筛选');

    await typeRange(page, 'filter-dateRange', QUIET_RANGE);
    await page.getByTestId('filter-basis').getByText('虫害', { exact: true }).click();
    const none = await query<GroupRateChart[]>(page, ChartPaths.groupPestRates);
    expect(none.data).toEqual([]);
    expect(await page.getByTestId('positive-rate-empty-empty').innerText()).toBe('暂无阳性率统计数据');
    await close();
  });
});

describe('store pest trend and density (screen 9, trendChart2)', () => {
  it('draws a trend bar chart and a density pie per pest; both empty texts when nothing matches', async () => {
    const { page, close } = await openScreen(pages, '/statisticalChart/trendChart2', 'store-pest-trend-page');
    await chooseInTree(page, DEMO_ORGANISATION);
    await typeRange(page, 'filter-dateRange', ['2026-01-01', '2026-06-30']);
    const answer = await query<PestWorkItem[]>(page, ChartPaths.pestWork);
    expect(answer.body).toEqual({ customerId: expect.any(Number), type: 0, startTime: '2026-01-01', endTime: '2026-06-30' });
    expect(answer.data.length).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('pest-trend-item').count()).toBe(answer.data.length);
    await expect.poll(() => page.getByTestId('pest-density-item').count()).toBe(answer.data.length);
    const trend = await waitForDrawn(page, 'pest-trend-item');
    expect(trend.title).toBe(answer.data[0]!.name);
    expect(trend.series[0]!.data).toEqual(answer.data[0]!.valueList);
    const density = await waitForDrawn(page, 'pest-density-item');
    expect(density.series[0]!.type).toBe('pie');
    const slices = density.series[0]!.data as { name: string; value: number }[];
    expect(slices.map((slice) => slice.name)).toEqual(answer.data[0]!.nameList.filter((_, i) => answer.data[0]!.numberList[i]! > 0));

    await typeRange(page, 'filter-dateRange', QUIET_RANGE);
    const none = await query<PestWorkItem[]>(page, ChartPaths.pestWork);
    expect(none.data).toEqual([]);
    expect(await page.getByTestId('pest-trend-column-empty-empty').innerText()).toBe('暂无趋势分析数据！');
    expect(await page.getByTestId('pest-density-column-empty-empty').innerText()).toBe('暂无密度对比数据！');
    await close();
  });
});

describe('risk trend (screen 12, riskTrend)', () => {
  it('titles the chart 风险点汇总; a bar opens the 1000px risk dialog with tabs, rectification dates and an xlsx export', async () => {
    const { page, close } = await openScreen(pages, '/statisticalChart/riskTrend', 'risk-trend-page');
    await expect.poll(() => page.getByTestId('filter-riskType').getAttribute('class')).toContain('arco-select-disabled');
    await chooseInTree(page, DEMO_ORGANISATION);
    const chartAnswer = await query<RiskChart>(page, ChartPaths.risk);
    expect(chartAnswer.body).toEqual({ customerId: expect.any(Number), type: 0 });
    const chart = await waitForDrawn(page, 'risk-chart');
    expect(chart.title).toBe('风险点汇总');
    expect(chart.categories).toEqual(chartAnswer.data.nameList);

    const riskType = chartAnswer.data.nameList[0]!;
    const unresolvedCall = page.waitForRequest(isCall(ChartPaths.riskDetails));
    await clickBar(page, 'risk-chart', 0, 0);
    const unresolved = await unresolvedCall;
    expect(unresolved.postDataJSON()).toEqual({
      customerId: chartAnswer.body.customerId,
      type: 0,
      riskTypeNames: [riskType],
      status: 1,
      pageNum: 1,
      pageSize: 10,
    });
    const dialog = page.locator('.arco-modal').filter({ has: page.getByTestId('risk-details-table') });
    await dialog.waitFor();
    // The layout width: the opening zoom animation scales the box for a moment.
    expect(await dialog.evaluate((element) => (element as HTMLElement).offsetWidth)).toBe(1000);
    expect(await dialog.locator('.arco-modal-title').innerText()).toBe(riskType);
    const header = await page.getByTestId('risk-details-table').locator('thead').innerText();
    for (const title of ['图片', '门店', '目标害虫', '风险编号', '风险类型', '风险描述', '区域', '问题描述', '服务方案区域名称', '服务区域级别', '整改时间', '整改建议', '跟进方', '跟进措施', '以往发生图片', '以往发生时间', '创建时间']) {
      expect(header).toContain(title);
    }
    const unresolvedRows = await dataOf<{ total: number; records: { id: number; customerName: string }[] }>(unresolved);
    if (unresolvedRows.total > 0) {
      await expect.poll(() => page.getByTestId('risk-detail-row').count()).toBe(Math.min(10, unresolvedRows.total));
      // Where the risk is, first after the pictures.
      const [newest] = unresolvedRows.records;
      const cells = page.locator(`[data-testid="risk-detail-row"][data-risk-id="${newest!.id}"] td`);
      expect((await cells.nth(1).innerText()).trim()).toBe(newest!.customerName);
    }
    expect(await page.getByTestId('risk-details-table').locator('.arco-table-body').evaluate((element) => getComputedStyle(element).maxHeight)).toBe('500px');

    const resolvedCall = page.waitForRequest(isCall(ChartPaths.riskDetails));
    await page.getByTestId('risk-tab-0').click();
    const resolved = await resolvedCall;
    expect(resolved.postDataJSON()).toMatchObject({ status: 0, riskTypeNames: [riskType] });
    const resolvedRows = await dataOf<{ total: number; records: { dateOfOccurrence: string | null }[] }>(resolved);

    const allCall = page.waitForRequest(isCall(ChartPaths.riskDetails));
    await page.getByTestId('risk-tab-2').click();
    const all = await allCall;
    // "All" is status null, which the client sends as absent (empty values are never sent).
    expect(all.postDataJSON()).not.toHaveProperty('status');
    const allRows = await dataOf<{ total: number }>(all);
    expect(allRows.total).toBe(unresolvedRows.total + resolvedRows.total);

    const rectified = resolvedRows.records.find((row) => row.dateOfOccurrence)?.dateOfOccurrence?.slice(0, 10);
    if (rectified) {
      const rangedCall = page.waitForRequest(isCall(ChartPaths.riskDetails));
      await typeRange(page, 'risk-details-range', [rectified, rectified]);
      const ranged = await rangedCall;
      expect(ranged.postDataJSON()).toMatchObject({ rectifyStartTime: rectified, rectifyEndTime: rectified });
      expect((await dataOf<{ total: number }>(ranged)).total).toBeGreaterThan(0);
    }

    const exportCall = page.waitForRequest(isCall(ChartPaths.riskDetailsExport));
    const saved = page.waitForEvent('download');
    await page.getByTestId('risk-details-export').click();
    const download = await saved;
    expect((await exportCall).postDataJSON()).toMatchObject({ riskTypeNames: [riskType], pageNum: 1 });
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    expect((await readFile(await download.path())).subarray(0, 2).toString()).toBe('PK');
    await expect.poll(() => messages(page)).toContain('导出成功');
    await close();
  });

  it('empties the dialog’s table when its load fails, also for a tab whose rows it showed before', async () => {
    const { page, close } = await openScreen(pages, '/statisticalChart/riskTrend', 'risk-trend-page');
    await chooseInTree(page, DEMO_ORGANISATION);
    await query<RiskChart>(page, ChartPaths.risk);
    await waitForDrawn(page, 'risk-chart');
    await clickBar(page, 'risk-chart', 0, 0);
    await page.getByTestId('risk-details-table').waitFor();
    const rows = () => page.getByTestId('risk-detail-row').count();
    await expect.poll(rows).toBeGreaterThan(0);
    // The server's own failure for this one call, the way a broken upstream would answer.
    const failing = (message: string) =>
      page.route(`**${ChartPaths.riskDetails}`, (route) => route.fulfill({ status: 500, json: { status: 500, message, data: null } }), { times: 1 });
    await failing('服务异常');
    await page.getByTestId('risk-tab-2').click();
    await expect.poll(rows).toBe(0);
    await expect.poll(() => messages(page)).toContain('服务异常');
    // Both tabs shown with their rows, then 未整改 again: asked again, and failing, its rows are gone too.
    for (const tab of ['risk-tab-1', 'risk-tab-2']) {
      await page.getByTestId(tab).click();
      await expect.poll(rows).toBeGreaterThan(0);
    }
    await failing('服务暂不可用');
    await page.getByTestId('risk-tab-1').click();
    await expect.poll(() => messages(page)).toContain('服务暂不可用');
    await expect.poll(rows).toBe(0);
    await close();
  });

  it('says 暂无数据 under its title when nothing matches', async () => {
    const { page, close } = await openScreen(pages, '/statisticalChart/riskTrend', 'risk-trend-page');
    await chooseInTree(page, DEMO_ORGANISATION);
    await typeRange(page, 'filter-dateRange', QUIET_RANGE);
    const none = await query<RiskChart>(page, ChartPaths.risk);
    expect(none.data.nameList).toEqual([]);
    expect(await page.getByTestId('risk-chart-empty').innerText()).toBe('暂无数据');
    expect((await drawnChart(page, 'risk-chart')).title).toBe('风险点汇总');
    await close();
  });
});

describe('single point trend (singleTrend)', () => {
  it('asks for a device first, then draws the chosen point’s catches per month', async () => {
    const { page, close } = await openScreen(pages, '/statisticalChart/singleTrend', 'point-trend-page');
    await chooseInTree(page, DEMO_ORGANISATION);
    await page.getByTestId('filter-query').click();
    await expect.poll(() => messages(page)).toContain('请先选择【设备】');
    await page.getByTestId('filter-reset').click();

    // A store's plan lists its devices (points).
    await chooseFirstStore(page);
    await chooseFirstOption(page, 'filter-plan');
    await chooseFirstOption(page, 'filter-device');
    await page.getByTestId('point-trend-page').locator('.chart-panel-title').click();
    await typeRange(page, 'filter-dateRange', ['2026-01-01', '2026-06-30']);
    const answer = await query<PointTrendDetails>(page, ChartPaths.pointTrendDetails);
    expect(answer.body).toEqual({
      customerId: expect.any(Number),
      servicePlanId: expect.any(Number),
      pointId: expect.any(Number),
      type: 0,
      startTime: '2026-01-01',
      endTime: '2026-06-30',
    });
    const chart = await waitForDrawn(page, 'point-trend-chart');
    expect(chart.title).toBe(answer.data.pointName);
    expect(chart.categories).toEqual(answer.data.nameList);
    expect(chart.series[0]!.data).toEqual(answer.data.numberList);
    await close();
  });
});
