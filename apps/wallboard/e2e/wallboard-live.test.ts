import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevicePaths, DeviceReportHeaders, type MouseBoxStatistics } from '@pest/shared';
import { launchBrowser } from '../../console/e2e/browser.ts';
import { createTestBackend, signIn, type TestBackend } from '../../../server/src/backend/testing.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { createGateway } from '../../../server/src/gateway/create-gateway.ts';
import { createCuttableProxy } from '../../../server/src/gateway/live/testing/cuttable-proxy.ts';
import { waitForFilledBoard } from './board-page.ts';

/**
 * The board against a gateway and reference backend running in this process, so the test can
 * read a device's secret from the database to sign its report, restart the gateway and cut the
 * upstream: everything else is real (HTTP, socket.io, the database, Chromium).
 */
const silent = pino({ level: 'silent' });
const POLL_MS = 500;
const DEMO_ORGANISATION_ID = 1;
const repoRoot = resolve(import.meta.dirname, '../../..');

describe('wallboard live', () => {
  let backend: TestBackend;
  let upstream: Awaited<ReturnType<typeof createCuttableProxy>>;
  let gateway: FastifyInstance;
  let port: number;
  let browser: Browser;
  let page: Page;
  let authorization: string;

  const startGateway = async (onPort: number) => {
    const instance = await createGateway({
      upstreamUrl: upstream.url,
      consoleDist: resolve(repoRoot, 'apps/console/dist'),
      logger: silent,
      config: loadConfig({ LIVE_POLL_MS: String(POLL_MS), WALLBOARD_DIST: resolve(repoRoot, 'apps/wallboard/dist') }),
    });
    await instance.listen({ host: '127.0.0.1', port: onPort });
    return instance;
  };
  const statistics = async () =>
    (
      await backend.app.inject({ method: 'POST', url: DevicePaths.statistics, headers: { authorization }, payload: {} })
    ).json<{ data: MouseBoxStatistics }>().data;
  const kpi = async (key: keyof MouseBoxStatistics) => Number((await page.getByTestId(`kpi-${key}`).locator('.kpi-value').innerText()).replace(/,/g, ''));
  const connection = () => page.getByTestId('connection').getAttribute('data-state');

  beforeAll(async () => {
    backend = await createTestBackend({ env: { SIMULATOR: 'off' } });
    await backend.app.listen({ host: '127.0.0.1', port: 0 });
    upstream = await createCuttableProxy((backend.app.server.address() as AddressInfo).port);
    gateway = await startGateway(0);
    port = (gateway.server.address() as AddressInfo).port;
    authorization = (await signIn(backend.app, '13800000001')).authorization;

    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}`, locale: 'zh-CN', viewport: { width: 1920, height: 1080 } });
    page = await context.newPage();
    await page.goto(`/wallboard/?token=${encodeURIComponent(authorization.slice('Bearer '.length))}&phone=13800000001`);
    await waitForFilledBoard(page);
    await page.locator('[data-testid="connection"][data-state="live"]').waitFor({ timeout: 20_000 });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  });
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
    await upstream?.close();
    await backend?.close();
  });

  it('shows an alarm a device reports in the feed, announces it and counts it in the KPIs, without a reload', async () => {
    const before = await statistics();
    expect(await kpi('alarmsToday')).toBe(before.alarmsToday);
    const [device] = await backend.db.query<{ deviceNo: string; secret: string; name: string }>(
      `select d.device_no as "deviceNo", d.secret, d.name from devices d join customers c on c.id = d.customer_id
       where c.path[1] = $1 and d.secret is not null order by d.id limit 1`,
      [DEMO_ORGANISATION_ID],
    );
    const body = JSON.stringify({ event: 'trigger' });
    const report = await fetch(`http://127.0.0.1:${port}${DevicePaths.report}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [DeviceReportHeaders.deviceNo]: device!.deviceNo,
        [DeviceReportHeaders.signature]: `sha256=${createHmac('sha256', device!.secret).update(body).digest('hex')}`,
      },
      body,
    });
    expect(report.status).toBe(200);
    const [raised] = await backend.db.query<{ id: number }>('select max(id) as id from device_events');

    const newest = page.getByTestId('alarm-feed').locator('li').first();
    await expect.poll(() => newest.getAttribute('data-alarm-id'), { timeout: 15_000 }).toBe(String(raised!.id));
    expect(await newest.innerText()).toContain('触发捕鼠');
    expect(await newest.innerText()).toContain(device!.name);
    expect(await newest.getAttribute('class')).toContain('fresh');
    const announcement = page.getByTestId('announcement');
    await announcement.waitFor();
    expect(await announcement.innerText()).toContain('触发捕鼠');
    await expect.poll(() => kpi('alarmsToday'), { timeout: 15_000 }).toBe(before.alarmsToday + 1);
    expect(await kpi('alarmsToday')).toBe((await statistics()).alarmsToday);
    // Announced for a few seconds only.
    await announcement.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  it('goes stale with the data age while the upstream is down, and live again by itself when it is back', async () => {
    await upstream.cut();
    await expect.poll(connection, { timeout: 30_000 }).toBe('stale');
    expect(await page.getByTestId('data-age').innerText()).toMatch(/数据时间 \d{2}:\d{2}:\d{2}（\d+(秒|分钟)前）/);
    await upstream.restore();
    await expect.poll(connection, { timeout: 30_000 }).toBe('live');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  it('shows reconnecting while the gateway is stopped, and recovers by itself when it restarts', async () => {
    await gateway.close();
    await expect.poll(connection, { timeout: 15_000 }).toBe('reconnecting');
    expect(await page.getByTestId('data-age').innerText()).toContain('数据时间');
    gateway = await startGateway(port);
    // socket.io's backoff is capped at 30 s; a restart a few seconds long is noticed well before.
    await expect.poll(connection, { timeout: 45_000 }).toBe('live');
    await waitForFilledBoard(page);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });
});
