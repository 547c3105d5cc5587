import type { Browser } from 'playwright-core';
import { ApiMessages } from '@pest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from '../../console/e2e/browser.ts';
import { waitForFilledBoard } from './board-page.ts';
import { signInToken } from '../../console/e2e/chromium.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('wallboard connection state', () => {
  it('says 正在连接 only before the first data, then reconnecting with the data\'s age while the live socket cannot connect', async () => {
    const token = await signInToken(baseUrl(), '13800000001');
    const { context, page } = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
    await page.clock.install();
    // The live channel is refused throughout (a proxy that drops websockets): the board gets by on HTTP polls.
    await page.routeWebSocket(/\/live\//, (socket) => socket.close());
    // The API answers only once released, and fails again once it is down: before, and after, the first data.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let apiDown = false;
    await page.route('**/api/**', async (route) => {
      await released;
      await (apiDown ? route.abort() : route.continue());
    });

    await page.goto(`/wallboard/?token=${encodeURIComponent(token)}&phone=13800000001`);
    const connection = page.getByTestId('connection');
    await connection.waitFor();
    expect(await connection.getAttribute('data-state')).toBe('connecting');
    expect(await connection.innerText()).toContain('正在连接');
    expect(await page.getByTestId('no-data').count()).toBeGreaterThan(0);

    release();
    await waitForFilledBoard(page);
    expect(await connection.getAttribute('data-state')).toBe('reconnecting');
    expect(await connection.innerText()).not.toContain('正在连接');

    apiDown = true;
    await page.clock.fastForward('03:00');
    await expect.poll(() => page.getByTestId('data-age').innerText()).toBe('数据 3 分钟前');
    expect(await connection.innerText()).not.toContain('正在连接');
    await context.close();
  });

  it('asks again within seconds for a part the busy server refused, instead of leaving it empty until the next poll', async () => {
    const token = await signInToken(baseUrl(), '13800000001');
    const { context, page } = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
    await page.clock.install();
    // No live pushes, which carry the statistics too: only the HTTP retry can fill the tiles.
    await page.routeWebSocket(/\/live\//, (socket) => socket.close());
    let refusals = 0;
    await page.route('**/api/admin/web/mouseBox/getMouseBoxStatistics', async (route) => {
      if (refusals >= 2) return route.continue();
      refusals += 1;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 503, message: ApiMessages.queryTimeout, data: null }) });
    });

    await page.goto(`/wallboard/?token=${encodeURIComponent(token)}&phone=13800000001`);
    await page.getByTestId('alarm-feed').waitFor();
    expect(await page.getByTestId('kpi-total').count()).toBe(0);
    await page.clock.fastForward(2_000);
    await expect.poll(() => refusals).toBe(2);
    expect(await page.getByTestId('kpi-total').count()).toBe(0);
    // The second refusal doubles the wait: 4 s, still well before the 30 s poll.
    await page.clock.fastForward(4_000);
    await page.getByTestId('kpi-total').waitFor();
    await context.close();
  });
});
