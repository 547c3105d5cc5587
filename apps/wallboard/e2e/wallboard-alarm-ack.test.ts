import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmPaths, DevicePaths, SessionPaths, TOKEN_COOKIE, type AlarmRecord, type Page as ListPage, type UserInfo } from '@pest/shared';
import { pathWithId, routePaths } from '../../console/src/navigation/routePaths.ts';
import { launchBrowser, USER_CONTEXT } from '../../console/e2e/browser.ts';
import { startInProcessProduct, type InProcessProduct } from '../../console/e2e/inProcessProduct.ts';
import { waitForFilledBoard } from './board-page.ts';
import { signInToken } from '../../console/e2e/chromium.ts';

/**
 * Staff act on an alarm in the console and the wallboard follows without a reload. The
 * acknowledgement is a click of 确认 in a real console page (the alarm's device detail, signed in as
 * the provider's admin); the handling is the console's API call (real HTTP through the gateway). The
 * wallboard is a real page on the manager's token, reached through the live hub's alarmOverview poll.
 */
const POLL_MS = 1_000;
/** A few poll intervals: the hub's poll, its diff and push, React's render, on a busy test machine. */
const WITHIN_POLLS = 6 * POLL_MS;

describe('wallboard follows alarm actions taken in the console', () => {
  let product: InProcessProduct;
  let browser: Browser;
  let page: Page;
  let consoleToken: string;

  const call = async <T>(token: string, path: string, body: object): Promise<{ status: number; data: T }> => {
    const response = await fetch(`${product.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { status: number; data: T };
  };
  const kpi = async (key: string) => Number((await page.getByTestId(`kpi-${key}`).locator('.kpi-value').innerText()).replace(/,/g, ''));
  const feedItem = (id: number) => page.getByTestId('alarm-feed').locator(`li[data-alarm-id="${id}"]`);
  const marker = () => page.evaluate(() => (window as unknown as { marker?: number }).marker);
  let boardToken: string;
  const unacknowledged = async () =>
    (await call<ListPage<AlarmRecord>>(boardToken, DevicePaths.alarmList, { current: 1, size: 1, alarmOnly: true, states: ['open'] })).data.total;

  beforeAll(async () => {
    product = await startInProcessProduct({ pollMs: POLL_MS });
    // The wallboard opened by a customer's manager; the console user who acts is the provider's admin.
    boardToken = await signInToken(product.url, '13800000001');
    consoleToken = await signInToken(product.url, 'admin');

    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: product.url, ...USER_CONTEXT, viewport: { width: 1920, height: 1080 } });
    page = await context.newPage();
    await page.goto(`/wallboard/?token=${encodeURIComponent(boardToken)}&phone=13800000001`);
    await waitForFilledBoard(page);
    await page.locator('[data-testid="connection"][data-state="live"]').waitFor({ timeout: 20_000 });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('dims an alarm acknowledged in the console within a poll, says who, and 未确认 drops by one', async () => {
    const open = page.getByTestId('alarm-feed').locator('li[data-state="open"]').first();
    await open.waitFor();
    const id = Number(await open.getAttribute('data-alarm-id'));
    expect(await open.getAttribute('class')).not.toContain('acknowledged');
    expect(Number(await open.evaluate((element) => getComputedStyle(element).opacity))).toBe(1);
    const before = await kpi('unacknowledged');
    expect(before).toBe(await unacknowledged());

    const opened = await call<ListPage<AlarmRecord>>(boardToken, DevicePaths.alarmList, { current: 1, size: 500, alarmOnly: true, states: ['open'] });
    const boxId = opened.data.records.find((alarm) => alarm.id === id)!.boxId;
    const consoleContext = await browser.newContext({ baseURL: product.url, ...USER_CONTEXT, viewport: { width: 1440, height: 900 } });
    await consoleContext.addCookies([{ name: TOKEN_COOKIE, value: consoleToken, url: product.url }]);
    const consolePage = await consoleContext.newPage();
    await consolePage.goto(pathWithId(routePaths.equipmentDetail, boxId));
    const row = consolePage.locator(`[data-testid="device-open-alarm"][data-alarm-id="${id}"]`);
    const acted = Date.now();
    await row.getByTestId('alarm-acknowledge').click();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: WITHIN_POLLS, interval: 100 }).toBe('acknowledged');

    const item = feedItem(id);
    await expect.poll(() => item.getAttribute('data-state'), { timeout: WITHIN_POLLS, interval: 100 }).toBe('acknowledged');
    expect(Date.now() - acted).toBeLessThan(WITHIN_POLLS);
    expect(await item.getAttribute('class')).toContain('acknowledged');
    expect(Number(await item.evaluate((element) => getComputedStyle(element).opacity))).toBeLessThan(1);
    const admin = (await (await fetch(`${product.url}${SessionPaths.userInfo}`, { headers: { authorization: `Bearer ${consoleToken}` } })).json()) as { data: UserInfo };
    expect(await item.locator('.feed-ack').innerText()).toContain(admin.data.name);
    await expect.poll(() => kpi('unacknowledged'), { timeout: WITHIN_POLLS, interval: 100 }).toBe(before - 1);
    expect(await kpi('unacknowledged')).toBe(await unacknowledged());
    expect(await marker()).toBe(1);
    await consoleContext.close();
  });

  it('drops an alarm handled in the console from the feed, and counts one fewer waiting', async () => {
    const first = page.getByTestId('alarm-feed').locator('li').first();
    const id = Number(await first.getAttribute('data-alarm-id'));
    const totalText = async () => Number((await page.getByTestId('feed-total').innerText()).replace(/\D/g, ''));
    const before = await totalText();

    const answer = await call<{ changed: number }>(consoleToken, AlarmPaths.handle, { ids: [id], note: '已到场清理，更换粘板' });
    expect(answer).toMatchObject({ status: 200, data: { changed: 1 } });

    await feedItem(id).waitFor({ state: 'detached', timeout: WITHIN_POLLS });
    await expect.poll(totalText, { timeout: WITHIN_POLLS, interval: 100 }).toBe(before - 1);
    // The panel fills up again from the server's list rather than leaving a hole.
    const shown = await page.getByTestId('alarm-feed').locator('li').count();
    expect(shown).toBe(Math.min(10, before - 1));
    expect(await marker()).toBe(1);
  });
});
