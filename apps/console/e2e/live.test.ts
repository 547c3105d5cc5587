import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevicePaths, TOKEN_COOKIE, type AlarmRecord, type DeviceRow } from '@pest/shared';
import { signIn } from '@pest/server/testing';
import { launchBrowser, USER_CONTEXT } from './browser.ts';
import { startInProcessProduct, type InProcessProduct } from './inProcessProduct.ts';

/** The console's live parts against the product in this process (see inProcessProduct.ts). */
const POLL_MS = 500;

describe('console live: alarm bell, device rows and detail, connection state', () => {
  let product: InProcessProduct;
  let url: string;
  let browser: Browser;
  let page: Page;
  let authorization: string;

  const api = async <T>(path: string, payload: Record<string, unknown>) =>
    (await product.backend.app.inject({ method: 'POST', url: path, headers: { authorization }, payload })).json<{ data: T }>().data;
  const report = async (deviceId: number, body: Record<string, unknown>) => {
    expect((await product.report(deviceId, body)).status).toBe(200);
  };
  /** What the bell's badge counts: open alarms nobody has acknowledged. */
  const unacknowledgedTotal = async () =>
    (await api<{ total: number }>(DevicePaths.alarmList, { current: 1, size: 1, alarmOnly: true, states: ['open'] })).total;
  const bellCount = () => page.getByTestId('alarm-bell').getAttribute('data-count');
  const indicator = () => page.getByTestId('live-indicator').getAttribute('data-state');

  beforeAll(async () => {
    product = await startInProcessProduct({ pollMs: POLL_MS });
    url = product.url;
    authorization = (await signIn(product.backend.app, '13800000001')).authorization;

    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: url, ...USER_CONTEXT });
    await context.addCookies([{ name: TOKEN_COOKIE, value: authorization.slice('Bearer '.length), url }]);
    page = await context.newPage();
    await page.goto('/equipment/mouseBox');
    await page.getByTestId('device-row').first().waitFor();
    await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor({ timeout: 20_000 });
    // Any reload would lose this.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('updates a visible device row in place and highlights it', async () => {
    const rows = await api<{ records: DeviceRow[] }>(DevicePaths.list, { current: 1, size: 10 });
    const device = rows.records.find((row) => row.deviceType !== 3)!;
    const row = page.locator(`[data-testid="device-row"][data-device-id="${device.id}"]`);
    await report(device.id, { battery: 9, at: new Date().toISOString() });

    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toMatch(/(^|\D)9%/);
    expect(await row.getAttribute('class')).toContain('device-row-changed');
    const updated = (await api<{ records: DeviceRow[] }>(DevicePaths.list, { current: 1, size: 10 })).records.find((r) => r.id === device.id);
    expect(await row.innerText()).toContain(updated!.lastCommunicationDate);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  it('rings the bell for a new alarm: count, toast, and the alarm in its list', async () => {
    await expect.poll(bellCount, { timeout: 15_000 }).toBe(String(await unacknowledgedTotal()));
    const before = await unacknowledgedTotal();
    const rows = await api<{ records: DeviceRow[] }>(DevicePaths.list, { current: 1, size: 10 });
    const device = rows.records.find((row) => row.deviceType !== 3)!;
    await report(device.id, { event: 'trigger', at: new Date().toISOString() });

    await expect.poll(bellCount, { timeout: 15_000 }).toBe(String(before + 1));
    const toast = page.getByTestId('alarm-toast').filter({ hasText: '触发捕鼠' });
    await toast.first().waitFor({ timeout: 15_000 });
    expect(await toast.first().innerText()).toContain(device.deviceName);

    await page.getByTestId('alarm-bell').click();
    const list = page.getByTestId('alarm-bell-list');
    await list.waitFor();
    const [newest] = (await api<{ records: AlarmRecord[] }>(DevicePaths.alarmList, { current: 1, size: 1, states: ['open'], alarmOnly: true })).records;
    expect(await list.innerText()).toContain(newest!.content);
    expect(await list.innerText()).toContain(device.deviceName);
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  it('shows the events of an open device detail arriving live', async () => {
    const rows = await api<{ records: DeviceRow[] }>(DevicePaths.list, { current: 1, size: 10 });
    const device = rows.records.find((row) => row.deviceType !== 3)!;
    await page.goto(`/equipment/equipmentDetail?id=${device.id}`);
    const events = page.getByTestId('device-events');
    await events.waitFor();
    await expect.poll(indicator, { timeout: 20_000 }).toBe('live');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 2));

    await report(device.id, { event: 'maintain', at: new Date().toISOString() });
    await expect.poll(() => events.innerText(), { timeout: 15_000 }).toContain('需要维护');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(2);
  });

  it('says stale since when while the upstream is down, and live again when it returns', async () => {
    await product.upstream.cut();
    await expect.poll(indicator, { timeout: 20_000 }).toBe('stale');
    expect(await page.getByTestId('live-indicator').innerText()).toMatch(/数据暂停更新（自 \d{2}:\d{2}:\d{2}）/);
    await product.upstream.restore();
    await expect.poll(indicator, { timeout: 20_000 }).toBe('live');
  });

  it('shows reconnecting while the gateway is stopped, and live again by itself when it restarts, without a reload', async () => {
    const device = (await api<{ records: DeviceRow[] }>(DevicePaths.list, { current: 1, size: 10 })).records.find((row) => row.deviceType !== 3)!;
    await page.goto(`/equipment/equipmentDetail?id=${device.id}`);
    const events = page.getByTestId('device-events');
    await events.waitFor();
    await expect.poll(indicator, { timeout: 20_000 }).toBe('live');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 3));

    await product.stopGateway();
    await expect.poll(indicator, { timeout: 15_000 }).toBe('reconnecting');
    await product.startGateway();
    // The client's backoff is capped at 30 s; a restart a few seconds long is noticed well before.
    await expect.poll(indicator, { timeout: 45_000 }).toBe('live');

    // Resubscribed: what the device reports now still arrives live.
    const header = page.getByTestId('device-header');
    expect(await header.innerText()).not.toContain('41.5 ℃');
    await report(device.id, { temperature: 41.5, at: new Date().toISOString() });
    await expect.poll(() => header.innerText(), { timeout: 15_000 }).toContain('41.5 ℃');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(3);
  });
});
