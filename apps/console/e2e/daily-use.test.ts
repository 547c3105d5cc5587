import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { JobOrderPaths, type JobOrderRecord } from '@pest/shared';
import { useBrowser } from './browser.ts';

/** The smaller things a daily user ran into in the first hour (issue 19, item 10). */
const session = useBrowser();

const toasts = (page: Page) => page.locator('.arco-message').allInnerTexts();

describe('the point check', () => {
  it('names its job order by code and store, not by its database id', async () => {
    const { records } = await session.api<{ records: JobOrderRecord[] }>(JobOrderPaths.list, { body: { current: 1, size: 20 } });
    const job = records.find((record) => record.state === 'done')!;
    const { page, close } = await session.open(`/pointCheck?id=${job.id}`);
    const heading = page.getByTestId('point-check-job');
    await expect.poll(() => heading.innerText()).toContain(job.code);
    expect(await heading.innerText()).toContain(job.customerName);
    expect(await page.getByTestId('point-check-page').innerText()).not.toContain(`ID：${job.id}`);
    await close();
  });
});

describe('the shell', () => {
  it('shows no group in the breadcrumb that the sidebar does not have', async () => {
    const { page, close } = await session.open('/equipment/equipmentDetail');
    const items = page.getByTestId('breadcrumb').locator('.arco-breadcrumb-item');
    await expect.poll(() => items.allInnerTexts().then((texts) => texts.at(-1))).toBe('设备详情');
    const crumbs = await items.allInnerTexts();
    expect(crumbs.length).toBeGreaterThan(1);
    const menu = await page.getByTestId('sidebar').innerText();
    for (const crumb of crumbs.slice(0, -1)) expect(menu).toContain(crumb);
    await close();
  });

  it('draws 统计图表 with a chart, not an arrow', async () => {
    const { page, close } = await session.open('/serviceRecord');
    const icon = page.locator('[data-testid="menu-group-/statisticalChart"] .arco-icon').first();
    expect(await icon.getAttribute('class')).toContain('arco-icon-bar-chart');
    await close();
  });
});

describe('login', () => {
  it('closes the failed attempt’s toast once the login succeeds', async () => {
    const { page, close } = await session.open('/login', { account: null });
    await page.getByTestId('login-account').fill('admin');
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-password').press('Enter');
    await expect.poll(() => toasts(page)).toContain('账号或密码错误');
    await page.getByTestId('login-password').fill('123456');
    await page.getByTestId('login-password').press('Enter');
    await page.waitForURL('**/serviceRecord');
    // Well inside the toast's 5 s: it closed with the login, not by its time.
    await expect.poll(() => toasts(page), { timeout: 1500 }).not.toContain('账号或密码错误');
    await close();
  });
});

describe('device detail', () => {
  it('keeps the live indicator green on a device that does not exist: it watches no device it could not load', async () => {
    const subscriptions: string[] = [];
    const { page, close } = await session.open('/equipment/equipmentDetail?id=99999999', {
      beforeGoto: (opened) =>
        opened.on('websocket', (socket) =>
          socket.on('framesent', ({ payload }) => String(payload).includes('"subscribe"') && subscriptions.push(String(payload))),
        ),
    });
    await page.getByTestId('device-load-failed').waitFor();
    // The navbar's bell subscribes as soon as the socket is up; the page's own subscription, had it
    // made one, went out with it (mounted before the device was asked for).
    await expect.poll(() => subscriptions.some((frame) => frame.includes('"alarmOverview"'))).toBe(true);
    await expect.poll(() => page.getByTestId('live-indicator').getAttribute('data-state')).toBe('live');
    expect(subscriptions.filter((frame) => frame.includes('"topic":"device"'))).toEqual([]);
    await close();
  });
});
