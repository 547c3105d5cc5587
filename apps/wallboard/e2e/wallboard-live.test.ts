import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevicePaths, type MouseBoxStatistics } from '@pest/shared';
import { launchBrowser, USER_CONTEXT } from '../../console/e2e/browser.ts';
import { startInProcessProduct, type InProcessProduct } from '../../console/e2e/inProcessProduct.ts';
import { signIn } from '@pest/server/testing';
import { waitForFilledBoard } from './board-page.ts';

/**
 * The board against a gateway and reference backend running in this process, so the test can
 * read a device's secret from the database to sign its report, restart the gateway and cut the
 * upstream: everything else is real (HTTP, socket.io, the database, Chromium).
 */
const POLL_MS = 500;
const DEMO_ORGANISATION_ID = 1;

describe('wallboard live', () => {
  let product: InProcessProduct;
  let browser: Browser;
  let page: Page;
  let authorization: string;

  const statistics = async () =>
    (
      await product.backend.app.inject({ method: 'POST', url: DevicePaths.statistics, headers: { authorization }, payload: {} })
    ).json<{ data: MouseBoxStatistics }>().data;
  const kpi = async (key: keyof MouseBoxStatistics | 'unacknowledged') => Number((await page.getByTestId(`kpi-${key}`).locator('.kpi-value').innerText()).replace(/,/g, ''));
  const connection = () => page.getByTestId('connection').getAttribute('data-state');

  beforeAll(async () => {
    product = await startInProcessProduct({ pollMs: POLL_MS });
    authorization = (await signIn(product.backend.app, '13800000001')).authorization;

    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: product.url, ...USER_CONTEXT, viewport: { width: 1920, height: 1080 } });
    page = await context.newPage();
    await page.goto(`/wallboard/?token=${encodeURIComponent(authorization.slice('Bearer '.length))}&phone=13800000001`);
    await waitForFilledBoard(page);
    await page.locator('[data-testid="connection"][data-state="live"]').waitFor({ timeout: 20_000 });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('announces a capture a device reports, lists it in the feed by urgency and counts it in the KPIs, without a reload', async () => {
    const before = await statistics();
    expect(await kpi('alarmsToday')).toBe(before.alarmsToday);
    const unacknowledgedBefore = await kpi('unacknowledged');
    // A box with no capture alarm open: a second report on an open one only counts a repeat.
    const [device] = await product.backend.db.query<{ id: number; name: string }>(
      `select d.id, d.name from devices d join customers c on c.id = d.customer_id
       where c.path[1] = $1 and d.secret is not null
         and not exists (select 1 from device_events e where e.device_id = d.id and e.kind = 5 and e.state <> 'handled')
       order by d.id limit 1`,
      [DEMO_ORGANISATION_ID],
    );
    const report = await product.report(device!.id, { event: 'trigger' });
    expect(report.status).toBe(200);
    const [raised] = await product.backend.db.query<{ id: number }>('select max(id) as id from device_events');

    const announcement = page.getByTestId('announcement');
    await announcement.waitFor();
    expect(await announcement.innerText()).toContain('触发捕鼠');
    expect(await announcement.innerText()).toContain(device!.name);
    // The banner lies over the header band, never over a panel's title.
    const banner = (await announcement.boundingBox())!;
    for (const title of await page.locator('.panel-title').all()) {
      const box = (await title.boundingBox())!;
      const overlaps = banner.x < box.x + box.width && box.x < banner.x + banner.width && banner.y < box.y + box.height && box.y < banner.y + banner.height;
      expect(overlaps, await title.innerText()).toBe(false);
    }
    // The feed is the server's urgency order (critical first, unacknowledged first, oldest first), the new capture in its place.
    const urgent = (
      await product.backend.app.inject({
        method: 'POST',
        url: DevicePaths.alarmList,
        headers: { authorization },
        payload: { current: 1, size: 10, alarmOnly: true, states: ['open', 'acknowledged'], sort: 'urgency' },
      })
    ).json<{ data: { records: { id: number }[] } }>().data.records.map((alarm) => String(alarm.id));
    expect(urgent).toContain(String(raised!.id));
    const shownIds = () => page.getByTestId('alarm-feed').locator('li').evaluateAll((items) => items.map((item) => item.getAttribute('data-alarm-id')));
    await expect.poll(shownIds, { timeout: 15_000 }).toEqual(urgent);
    const item = page.getByTestId('alarm-feed').locator(`li[data-alarm-id="${raised!.id}"]`);
    expect(await item.innerText()).toContain('触发捕鼠');
    expect(await item.innerText()).toContain('刚刚');
    expect(await item.getAttribute('class')).toContain('fresh');
    expect(await item.getAttribute('data-severity')).toBe('critical');
    await expect.poll(() => kpi('alarmsToday'), { timeout: 15_000 }).toBe(before.alarmsToday + 1);
    expect(await kpi('alarmsToday')).toBe((await statistics()).alarmsToday);
    await expect.poll(() => kpi('unacknowledged'), { timeout: 15_000 }).toBe(unacknowledgedBefore + 1);
    // Announced for a few seconds only.
    await announcement.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  it('goes stale with the data age while the upstream is down, and live again by itself when it is back', async () => {
    await product.upstream.cut();
    await expect.poll(connection, { timeout: 30_000 }).toBe('stale');
    expect(await page.getByTestId('data-age').innerText()).toMatch(/^数据 \d+ (秒|分钟)前$/);
    await product.upstream.restore();
    await expect.poll(connection, { timeout: 30_000 }).toBe('live');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  it('shows reconnecting while the gateway is stopped, and recovers by itself when it restarts', async () => {
    await product.stopGateway();
    await expect.poll(connection, { timeout: 15_000 }).toBe('reconnecting');
    expect(await page.getByTestId('data-age').innerText()).toMatch(/^数据 \d+ (秒|分钟)前$/);
    await product.startGateway();
    // The live client's backoff is capped at 30 s; a restart a few seconds long is noticed well before.
    await expect.poll(connection, { timeout: 45_000 }).toBe('live');
    await waitForFilledBoard(page);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });
});
