import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DevicePaths, SummaryPaths, type DeviceRow } from '@pest/shared';
import { useBrowser } from './browser.ts';

/**
 * Kept pages (issue 19): a visited tag keeps its page alive, so a summary's filters, rows, page and
 * scroll position are there on return; closing the tag drops them.
 */
const DEMO_ORGANISATION = '味多美餐饮管理有限公司';
const RISK_SUMMARY = '/dataSheet/riskSummary';
const PEST_SUMMARY = '/dataSheet/insectPestSummary';
const DEVICE_DETAIL = '/equipment/equipmentDetail';
const DEVICE_LIST = '/equipment/mouseBox';

const session = useBrowser();

const isRiskSummaryCall = (request: Request) => new URL(request.url()).pathname === SummaryPaths.riskSummary;
const keptPage = (page: Page, path: string) => page.locator(`[data-testid="kept-page"][data-path="${path}"]`);
const tag = (page: Page, path: string) => page.locator(`[data-testid="tag"][data-path="${path}"]`);
const scrollTop = (page: Page) => page.locator('.app-main').evaluate((main) => main.scrollTop);

/** What a user sees of the risk summary: the organisation chosen, the rows and the page. */
async function riskSummaryState(page: Page) {
  const screen = keptPage(page, RISK_SUMMARY);
  return {
    organisation: await screen.getByTestId('organisation-tree').innerText(),
    rows: await screen.getByTestId('risk-summary-row').allInnerTexts(),
    page: await screen.locator('.arco-pagination-item-active').allInnerTexts(),
  };
}

describe('kept pages', () => {
  it('keeps a summary’s filters, rows, page and scroll behind its tag, and closing the tag drops them', async () => {
    // Short, so ten rows of the summary scroll.
    const { page, close } = await session.open(RISK_SUMMARY, { viewport: { width: 1440, height: 600 } });
    const screen = keptPage(page, RISK_SUMMARY);
    await screen.getByTestId('filter-form').waitFor();

    await screen.getByTestId('organisation-tree').click();
    await page.getByTestId('organisation-tree-dropdown').locator('.arco-tree-node-title', { hasText: DEMO_ORGANISATION }).first().click();
    const firstPage = page.waitForRequest(isRiskSummaryCall);
    await screen.getByTestId('filter-query').click();
    const total = ((await (await (await firstPage).response())!.json()) as { data: { total: number } }).data.total;
    expect(total).toBeGreaterThan(10);
    await expect.poll(async () => (await riskSummaryState(page)).rows.length).toBe(10);
    const pageOneRows = (await riskSummaryState(page)).rows;
    const secondPage = page.waitForRequest(isRiskSummaryCall);
    await screen.getByTestId('risk-summary-pagination').locator('.arco-pagination-item', { hasText: /^2$/ }).click();
    expect((await secondPage).postDataJSON()).toMatchObject({ current: 2 });
    await expect.poll(async () => (await riskSummaryState(page)).page).toEqual(['2']);
    await (await secondPage).response();
    await expect.poll(async () => (await riskSummaryState(page)).rows).not.toEqual(pageOneRows);
    await page.locator('.app-main').evaluate((main) => main.scrollTo(0, 200));
    await expect.poll(() => scrollTop(page)).toBeGreaterThan(0);
    const before = await riskSummaryState(page);
    const scrolledTo = await scrollTop(page);
    expect(before.organisation).toContain(DEMO_ORGANISATION);

    // Another tag, then back: the same page, not a fresh one.
    await page.locator(`[data-testid="menu-item-${PEST_SUMMARY}"]`).click();
    await keptPage(page, PEST_SUMMARY).getByTestId('filter-form').waitFor();
    await expect.poll(() => screen.isVisible()).toBe(false);
    expect(await scrollTop(page)).toBe(0);
    await tag(page, RISK_SUMMARY).click();
    await page.waitForURL(`**${RISK_SUMMARY}`);
    await expect.poll(() => screen.isVisible()).toBe(true);
    expect(await riskSummaryState(page)).toEqual(before);
    await expect.poll(() => scrollTop(page)).toBe(scrolledTo);

    // Closing the tag drops the page: the menu opens a fresh one.
    await tag(page, RISK_SUMMARY).getByTestId('tag-close').click();
    await page.waitForURL(`**${PEST_SUMMARY}`);
    await expect.poll(() => screen.count()).toBe(0);
    await page.locator(`[data-testid="menu-item-${RISK_SUMMARY}"]`).click();
    await screen.getByTestId('filter-form').waitFor();
    const fresh = await riskSummaryState(page);
    expect(fresh.organisation).not.toContain(DEMO_ORGANISATION);
    expect(fresh.rows).toEqual([]);
    expect(fresh.page).toEqual([]);
    expect(await scrollTop(page)).toBe(0);
    await close();
  });

  it('keeps a hidden detail page on its own record while another page is on screen', async () => {
    const device = (await session.api<{ records: DeviceRow[] }>(DevicePaths.list, { body: { current: 1, size: 1, isCustomer: true } })).records[0]!;
    const { page, close } = await session.open(`${DEVICE_DETAIL}?id=${device.id}`);
    const detail = keptPage(page, DEVICE_DETAIL);
    await expect.poll(() => detail.getByTestId('device-title').innerText()).toBe(device.deviceName);

    // The list has no ?id=: the hidden detail page must not follow the router there.
    await page.locator(`[data-testid="menu-item-${DEVICE_LIST}"]`).click();
    await keptPage(page, DEVICE_LIST).getByTestId('filter-form').waitFor();
    expect(await detail.count()).toBe(1);
    expect(await detail.getByTestId('device-title').textContent()).toBe(device.deviceName);

    await tag(page, DEVICE_DETAIL).click();
    await page.waitForURL(`**${DEVICE_DETAIL}?id=${device.id}`);
    await expect.poll(() => detail.getByTestId('device-title').isVisible()).toBe(true);
    expect(await detail.getByTestId('device-title').innerText()).toBe(device.deviceName);
    await close();
  });
});

