import { readFile } from 'node:fs/promises';
import type { Download, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FilterPaths, SummaryPaths, headerLeaves, type RiskSummaryRow, type TableHeaderNode } from '@pest/shared';
import { requestsSettled, useBrowser } from './browser.ts';
import { useScreenPages, type PageOpener } from './screenPages.ts';

/**
 * The three summary reports (console-spec screens 3, 4, 5) against the real server and its small
 * demo data, as the admin (organisation tree): filter, table, paging, export, and the risk
 * summary's photo dialog.
 */
const DEMO_ORGANISATION = '味多美餐饮管理有限公司';

const session = useBrowser();
// Each test's screen is reached through the router in a page an earlier test used (screenPages.ts).
const pages = useScreenPages(session);

interface PageOf<T> {
  total: number;
  records: T[];
}

const isCall = (path: string) => (request: Request) => new URL(request.url()).pathname === path;
const messages = (page: Page) => page.locator('.arco-message').allInnerTexts();

async function dataOf<T>(request: Request): Promise<T> {
  const response = await request.response();
  if (!response) throw new Error(`no response to ${request.url()}`);
  return ((await response.json()) as { data: T }).data;
}

async function savedBytes(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

async function openScreen(path: string, opener: PageOpener = pages): Promise<{ page: Page; close(): Promise<void> }> {
  const { page, close } = await opener.open(path);
  await page.getByTestId('filter-form').waitFor();
  return { page, close };
}

/** Chooses the demo organisation in the tree: its stores' data is what the summaries add up. */
async function chooseOrganisation(page: Page): Promise<void> {
  await page.getByTestId('organisation-tree').click();
  const node = page.getByTestId('organisation-tree-dropdown').locator('.arco-tree-node-title', { hasText: DEMO_ORGANISATION });
  await node.first().click();
  await expect.poll(() => page.getByTestId('organisation-tree').innerText()).toContain(DEMO_ORGANISATION);
}

/** Every /api call the page makes from now on, other than the filter form's option lists. */
function recordDataCalls(page: Page): string[] {
  const optionLists: readonly string[] = Object.values(FilterPaths);
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/') && !optionLists.includes(path)) calls.push(path);
  });
  return calls;
}

/** Exports with the button and checks the request (same filters, page 1, size = total) and the xlsx. */
async function expectExport(page: Page, button: string, path: string, filters: Record<string, unknown>, total: number) {
  const exportCall = page.waitForRequest(isCall(path));
  const saved = page.waitForEvent('download');
  await page.getByTestId(button).click();
  const download = await saved;
  expect((await exportCall).postDataJSON()).toEqual({ ...filters, current: 1, size: total });
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  expect((await savedBytes(download)).subarray(0, 2).toString()).toBe('PK');
  await expect.poll(() => messages(page)).toContain('导出成功');
}

describe('every summary refuses a query without an organisation', () => {
  for (const path of ['/dataSheet/riskSummary', '/dataSheet/insectPestSummary', '/dataSheet/equipment']) {
    it(`${path}: says 请先筛选【组织架构/门店】 and sends nothing`, async () => {
      const { page, close } = await openScreen(path);
      const calls = recordDataCalls(page);
      await page.getByTestId('filter-query').click();
      // The rule's message is the branch that does not query; the marker makes the record complete.
      await expect.poll(() => messages(page)).toContain('请先筛选【组织架构/门店】');
      await requestsSettled(page);
      expect(calls).toEqual([]);
      await close();
    });
  }
});

describe('risk summary (screen 3)', () => {
  /** Queries the demo organisation (and a status, when given); resolves the body sent and the page answered. */
  async function query(page: Page, status?: string) {
    if (status) {
      await page.getByTestId('filter-status').click();
      await page.locator('.arco-select-option', { hasText: status }).click();
    }
    const call = page.waitForRequest(isCall(SummaryPaths.riskSummary));
    await page.getByTestId('filter-query').click();
    const request = await call;
    const body = request.postDataJSON() as Record<string, unknown>;
    const data = await dataOf<PageOf<RiskSummaryRow>>(request);
    if (data.total > 0) await page.getByTestId('risk-summary-row').first().waitFor();
    return { body, data };
  }

  it('shows every column, filters by status, pages 10 at a time and exports an xlsx', async () => {
    const { page, close } = await openScreen('/dataSheet/riskSummary');
    await chooseOrganisation(page);
    const all = await query(page);
    expect(all.body).toEqual({ current: 1, size: 10, customerId: expect.any(Number) });
    expect(all.data.total).toBeGreaterThan(0);
    expect(await page.getByTestId('risk-summary-row').count()).toBe(Math.min(10, all.data.total));
    const headerText = await page.getByTestId('risk-summary-table').locator('thead').innerText();
    for (const title of ['门店编号', '门店名称', '门店地址', '服务人员', '状态', '风险类型', '整改前照片', '整改后照片']) {
      expect(headerText).toContain(title);
    }
    expect(await page.getByTestId('risk-summary-pagination').innerText()).toContain(`共 ${all.data.total} 条`);

    if (all.data.total > 10) {
      const paged = page.waitForRequest(isCall(SummaryPaths.riskSummary));
      await page.getByTestId('risk-summary-pagination').locator('.arco-pagination-item', { hasText: /^2$/ }).click();
      expect((await paged).postDataJSON()).toEqual({ ...all.body, current: 2 });
    }

    const rectified = await query(page, '整改完成');
    expect(rectified.body).toEqual({ current: 1, size: 10, customerId: all.body.customerId, status: 8 });
    expect(rectified.data.records.every((row) => row.status === 8)).toBe(true);
    if (rectified.data.total > 0) {
      const tags = await page.getByTestId('risk-status').allInnerTexts();
      expect(new Set(tags)).toEqual(new Set(['整改完成']));
    }

    await expectExport(page, 'risk-summary-export', SummaryPaths.riskSummaryExport, { customerId: all.body.customerId, status: 8 }, rectified.data.total);
    await close();
  });

  it('shows each risk’s age and filters by 超期: only risks open past their grade’s days, each marked', async () => {
    const { page, close } = await openScreen('/dataSheet/riskSummary');
    await chooseOrganisation(page);
    const all = await query(page);
    expect(await page.getByTestId('risk-summary-table').locator('thead').innerText()).toContain('风险时长');
    const shown = (await page.getByTestId('risk-ageing').allInnerTexts()).map((text) => text.replace(/\s*\n\s*/g, ''));
    expect(shown).toEqual(
      all.data.records.map((row) => (row.status === 8 ? `整改用时 ${row.ageDays} 天` : `已开 ${row.ageDays} 天${row.overdue ? '超期' : ''}`)),
    );

    await page.getByTestId('filter-overdue').click();
    await page.locator('.arco-select-option', { hasText: /^超期$/ }).click();
    const call = page.waitForRequest(isCall(SummaryPaths.riskSummary));
    await page.getByTestId('filter-query').click();
    const request = await call;
    expect(request.postDataJSON()).toEqual({ current: 1, size: 10, customerId: all.body.customerId, overdue: true });
    const overdue = await dataOf<PageOf<RiskSummaryRow>>(request);
    expect(overdue.total).toBeGreaterThan(0);
    expect(overdue.total).toBeLessThan(all.data.total);
    await page.getByTestId('risk-summary-row').first().waitFor();
    await expect.poll(() => page.locator('[data-testid="risk-ageing"][data-overdue="true"]').count()).toBe(overdue.records.length);
    expect(await page.getByTestId('risk-summary-pagination').innerText()).toContain(`共 ${overdue.total} 条`);
    await close();
  });

  it('opens the before photos in the dialog, where they load, and the viewer on a click', async () => {
    const { page, close } = await openScreen('/dataSheet/riskSummary');
    await chooseOrganisation(page);
    await query(page);
    const withPhotos = page.locator('[data-testid="risk-photos-before"]:not([data-count="0"])').first();
    await withPhotos.click();
    const dialog = page.getByTestId('photo-dialog');
    await dialog.waitFor();
    const firstPhoto = dialog.getByTestId('photo-thumb').first().locator('img');
    await expect.poll(() => firstPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await dialog.getByTestId('photo-thumb').count()).toBe(Number(await withPhotos.getAttribute('data-count')));

    await dialog.getByTestId('photo-thumb').first().click();
    const viewer = page.locator('.arco-image-preview-img');
    await expect.poll(() => viewer.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await close();
  });

  it('says 暂无照片数据！ for a risk without after photos, and opens no dialog', async () => {
    const { page, close } = await openScreen('/dataSheet/riskSummary');
    await chooseOrganisation(page);
    await query(page, '风险仍存在');
    await page.locator('[data-testid="risk-photos-after"][data-count="0"]').first().click();
    await expect.poll(() => messages(page)).toContain('暂无照片数据！');
    expect(await page.getByTestId('photo-dialog').count()).toBe(0);
    await close();
  });
});

describe.each([
  {
    screen: 'pest summary (screen 4)',
    path: '/dataSheet/insectPestSummary',
    testId: 'pest-summary',
    headerPath: SummaryPaths.pestSummaryHeader,
    dataPath: SummaryPaths.pestSummary,
    exportPath: SummaryPaths.pestSummaryExport,
  },
  {
    screen: 'device-type summary (screen 5)',
    path: '/dataSheet/equipment',
    testId: 'device-type-summary',
    headerPath: SummaryPaths.deviceTypeSummaryHeader,
    dataPath: SummaryPaths.deviceTypeSummary,
    exportPath: SummaryPaths.deviceTypeSummaryExport,
  },
])('$screen', ({ path, testId, headerPath, dataPath, exportPath }) => {
  it('loads the header and the rows with the same filters, shows the dynamic columns with the total row, pages and exports', async () => {
    const { page, close } = await openScreen(path);
    await chooseOrganisation(page);
    const headerCall = page.waitForRequest(isCall(headerPath));
    const dataCall = page.waitForRequest(isCall(dataPath));
    await page.getByTestId('filter-query').click();
    const [headerRequest, dataRequest] = await Promise.all([headerCall, dataCall]);
    const filters = headerRequest.postDataJSON() as Record<string, unknown>;
    expect(filters).toEqual({ customerId: expect.any(Number) });
    expect(dataRequest.postDataJSON()).toEqual({ ...filters, current: 1, size: 10 });
    const header = await dataOf<TableHeaderNode[]>(headerRequest);
    const data = await dataOf<PageOf<Record<string, unknown>>>(dataRequest);
    expect(data.total).toBeGreaterThan(0);

    const table = page.getByTestId(`${testId}-table`);
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(0);
    const headerText = await table.locator('thead').innerText();
    for (const leaf of headerLeaves(header)) expect(headerText).toContain(leaf.name);
    expect(await page.getByTestId(`${testId}-table-total`).innerText()).toContain('合计');
    expect(await page.getByTestId(`${testId}-pagination`).innerText()).toContain(`共 ${data.total} 条`);

    if (data.total > 10) {
      const paged = page.waitForRequest(isCall(dataPath));
      await page.getByTestId(`${testId}-pagination`).locator('.arco-pagination-item', { hasText: /^2$/ }).click();
      expect((await paged).postDataJSON()).toEqual({ ...filters, current: 2, size: 10 });
    }

    await expectExport(page, `${testId}-export`, exportPath, filters, data.total);
    await close();
  });
});

describe('in English', () => {
  /** Chinese or Japanese script: what an English screen shows only in the names people typed. */
  const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
  /** What is left of a text once the names people typed (stores, pests, device types, risk texts) are taken out, longest first. */
  const withoutTyped = (text: string, typed: Iterable<string | number | null | undefined>) =>
    [...new Set([...typed].filter((name): name is string | number => name !== null && name !== undefined && name !== '').map(String))]
      .sort((a, b) => b.length - a.length)
      .reduce((rest, name) => rest.split(name).join(' '), text);
  const inEnglish = (request: Request) => request.headers()['accept-language'] === 'en';

  it('the summaries ask the API in English, and their tables hold no Chinese but the names people typed', async () => {
    // A page of its own: the language it switches to stays with the page.
    const { page, close } = await openScreen('/dataSheet/insectPestSummary', session);
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-en').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');

    for (const { path, testId, headerPath, dataPath } of [
      { path: '/dataSheet/insectPestSummary', testId: 'pest-summary', headerPath: SummaryPaths.pestSummaryHeader, dataPath: SummaryPaths.pestSummary },
      { path: '/dataSheet/equipment', testId: 'device-type-summary', headerPath: SummaryPaths.deviceTypeSummaryHeader, dataPath: SummaryPaths.deviceTypeSummary },
    ]) {
      if (new URL(page.url()).pathname !== path) {
        await page.goto(path);
        await page.getByTestId('filter-form').waitFor();
      }
      await chooseOrganisation(page);
      const headerCall = page.waitForRequest(isCall(headerPath));
      const dataCall = page.waitForRequest(isCall(dataPath));
      await page.getByTestId('filter-query').click();
      const [headerRequest, dataRequest] = await Promise.all([headerCall, dataCall]);
      expect(inEnglish(headerRequest) && inEnglish(dataRequest)).toBe(true);
      const header = await dataOf<TableHeaderNode[]>(headerRequest);
      const data = await dataOf<PageOf<Record<string, string | number | null>>>(dataRequest);
      const table = page.getByTestId(`${testId}-table`);
      await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(0);
      expect(await page.getByTestId(`${testId}-table-total`).innerText()).toContain('Total');
      // The groups are pests or device types, by their names; the stores are named in their rows.
      const typed = [...header.filter((node) => node.child?.length).map((node) => node.name), ...data.records.flatMap((row) => [row.customerCode, row.customerName])];
      const shown = `${await table.innerText()}\n${await page.getByTestId(`${testId}-pagination`).innerText()}`;
      expect(withoutTyped(shown, typed), path).not.toMatch(CJK);
    }

    await page.goto('/dataSheet/riskSummary');
    await page.getByTestId('filter-form').waitFor();
    await chooseOrganisation(page);
    const call = page.waitForRequest(isCall(SummaryPaths.riskSummary));
    await page.getByTestId('filter-query').click();
    const request = await call;
    expect(inEnglish(request)).toBe(true);
    const { records } = await dataOf<PageOf<RiskSummaryRow>>(request);
    await page.getByTestId('risk-summary-row').first().waitFor();
    const typed = records.flatMap((row) => [
      row.customerCode,
      row.customerName,
      row.customerAddress,
      row.serviceStaff,
      row.regionName,
      row.pointName,
      row.riskType,
      row.issueDesc,
      row.pestName,
      row.advice,
      row.followUpMeasure,
      row.location,
    ]);
    const shown = `${await page.getByTestId('risk-summary-table').innerText()}\n${await page.getByTestId('risk-summary-pagination').innerText()}`;
    expect(withoutTyped(shown, typed)).not.toMatch(CJK);
    await close();
  });
});
