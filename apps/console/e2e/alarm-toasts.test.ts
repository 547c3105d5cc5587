import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevicePaths, TOKEN_COOKIE, type AlarmRecord, type DeviceRow, type Page as ListPage } from '@pest/shared';
import { signIn } from '@pest/server/testing';
import { routePaths } from '../src/navigation/routePaths.ts';
import { launchBrowser, USER_CONTEXT } from './browser.ts';
import { startInProcessProduct, type InProcessProduct } from './inProcessProduct.ts';

/**
 * The bell and its toasts against a product whose simulator runs at 10× (issue 16): toasts never
 * stack past three nor cover the page's actions, stay on a phone's screen, stay silent when
 * muted, and the bell leads to 告警中心.
 */
const POLL_MS = 500;
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const MAX_VISIBLE = 3;

type Report = { deviceId: number; body: Record<string, unknown> };
type Window = { maxToasts: number; toastsSeen: number; groupSeen: boolean; pushed: string[] };

describe('alarm toasts and the bell', () => {
  let product: InProcessProduct;
  let browser: Browser;
  let authorization: string;
  let fresh: Report[];

  const api = async <T>(path: string, payload: Record<string, unknown>) =>
    (await product.backend.app.inject({ method: 'POST', url: path, headers: { authorization }, payload })).json<{ data: T }>().data;

  /** Devices report alarms of kinds they have none open of, so each is a new alarm (a repeat would only count). */
  const raise = async (count: number) => {
    const batch = fresh.splice(0, count);
    expect(batch).toHaveLength(count);
    for (const { deviceId, body } of batch) expect((await product.report(deviceId, { ...body, at: new Date().toISOString() })).status).toBe(200);
  };

  /** Counts toasts in the page from its first script on, so a fourth toast for one frame would not go unseen between samples. */
  const watchToasts = (context: BrowserContext) =>
    context.addInitScript(() => {
      const state = { maxToasts: 0, toastsSeen: 0, groupSeen: false, pushed: [] as string[] };
      Object.assign(window, state);
      const seen = new Set<Element>();
      new MutationObserver(() => {
        const toasts = document.querySelectorAll('[data-testid="alarm-toast"]');
        const w = window as unknown as Window;
        w.maxToasts = Math.max(w.maxToasts, toasts.length);
        for (const toast of Array.from(toasts)) {
          if (!seen.has(toast)) w.toastsSeen += 1;
          seen.add(toast);
          if (toast.getAttribute('data-kind') === 'group') w.groupSeen = true;
        }
      }).observe(document, { childList: true, subtree: true });
      const push = history.pushState.bind(history);
      history.pushState = (data, unused, url) => {
        (window as unknown as Window).pushed.push(String(url));
        push(data, unused, url);
      };
    });
  const watched = (page: Page) =>
    page.evaluate(() => {
      const { maxToasts, toastsSeen, groupSeen, pushed } = window as unknown as Window;
      return { maxToasts, toastsSeen, groupSeen, pushed };
    });

  const openPage = async (path: string, viewport = DESKTOP) => {
    const context = await browser.newContext({ baseURL: product.url, ...USER_CONTEXT, viewport });
    await context.addCookies([{ name: TOKEN_COOKIE, value: authorization.slice('Bearer '.length), url: product.url }]);
    await watchToasts(context);
    const page = await context.newPage();
    await page.goto(path);
    await waitLive(page);
    return { context, page };
  };
  const waitLive = (page: Page) => page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor({ timeout: 20_000 });
  const toasts = (page: Page) => page.getByTestId('alarm-toast');
  const openBell = async (page: Page) => {
    await page.getByTestId('alarm-bell').click();
    await page.getByTestId('alarm-bell-list').waitFor();
  };
  const closeBell = async (page: Page) => {
    await page.getByTestId('alarm-bell').click();
    await page.getByTestId('alarm-bell-list').waitFor({ state: 'hidden' });
  };
  /** The newest alarm the page's toast policy has been told of. */
  const latestOnBell = async (page: Page) => Number(await page.getByTestId('alarm-bell').getAttribute('data-latest-alarm'));
  const newestAlarmId = async () => (await api<ListPage<AlarmRecord>>(DevicePaths.alarmList, { current: 1, size: 1, alarmOnly: true })).records[0]!.id;

  /** Whether a real click at the centre of the element would reach it, not something on top of it. */
  const reachable = (page: Page, testId: string) =>
    page.getByTestId(testId).first().evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && element.contains(hit);
    });
  const outsideViewport = (page: Page) =>
    toasts(page).evaluateAll((elements) =>
      elements
        .map((element) => element.getBoundingClientRect())
        .filter((box) => box.left < 0 || box.top < 0 || box.right > window.innerWidth || box.bottom > window.innerHeight)
        .map((box) => `${box.left},${box.top},${box.right},${box.bottom}`),
    );

  beforeAll(async () => {
    product = await startInProcessProduct({ pollMs: POLL_MS, backendEnv: { SIMULATOR: 'on', SIMULATOR_RATE: '10' } });
    authorization = (await signIn(product.backend.app, 'admin')).authorization;
    browser = await launchBrowser();

    const devices = (await api<ListPage<DeviceRow>>(DevicePaths.list, { current: 1, size: 500 })).records.filter((row) => row.deviceType !== 3);
    const open = await api<ListPage<AlarmRecord>>(DevicePaths.alarmList, { current: 1, size: 500, alarmOnly: true, states: ['open', 'acknowledged'] });
    const busy = new Set(open.records.map((alarm) => `${alarm.boxId}:${alarm.type}`));
    // A capture is critical, a hot box major, a maintenance call minor: every severity toasts in the first test.
    const kinds: [number, Record<string, unknown>][] = [
      [5, { event: 'trigger' }],
      [2, { temperature: 41.5 }],
      [4, { event: 'maintain' }],
    ];
    fresh = devices.flatMap((device) =>
      kinds.filter(([kind]) => !busy.has(`${device.id}:${kind}`)).map(([, body]) => ({ deviceId: device.id, body })),
    );
    // The first test needs 3 + 6 + 2·8 + 4 + 10, the second 6, the third none.
    expect(fresh.length).toBeGreaterThan(50);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it(
    'with the simulator at 10× for 30 s shows at most 3 toasts, leaves 查询 and the navbar clickable, and keeps them on a 390 px screen',
    async () => {
      const { context, page } = await openPage(routePaths.serviceRecord);
      await page.getByTestId('filter-query').waitFor();
      // Every severity, so that toasts do come.
      await openBell(page);
      for (const severity of ['major', 'minor']) await page.getByTestId(`alarm-toast-severity-${severity}`).click();
      await closeBell(page);

      const samples: { toasts: number; query: boolean; download: boolean; user: boolean }[] = [];
      const started = Date.now();
      // Each phase outlasts a single toast (5 s), so each meets the toasts the one before left.
      for (let second = 0; second < 30; second++) {
        // Besides the simulator's own: one every 2 s (three singles at a time), then a pair every 2 s (a policy that
        // let singles stack would show four or five), a burst of 8 twice with pairs between, and a quiet end
        // longer than a group toast (8 s).
        if (second < 6 && second % 2 === 0) await raise(1);
        if (second >= 6 && second < 12 && second % 2 === 0) await raise(2);
        if (second === 12 || second === 21) await raise(8);
        if (second > 12 && second < 21 && second % 3 === 0) await raise(2);
        const [toastCount, query, download, user] = await Promise.all([
          toasts(page).count(),
          reachable(page, 'filter-query'),
          reachable(page, 'batch-download'),
          reachable(page, 'user-menu'),
        ]);
        samples.push({ toasts: toastCount, query, download, user });
        await page.getByTestId('filter-query').click({ trial: true, timeout: 1_000 });
        await page.waitForTimeout(Math.max(0, started + (second + 1) * 1_000 - Date.now()));
      }

      const { maxToasts, toastsSeen, groupSeen } = await watched(page);
      expect(Math.max(...samples.map((s) => s.toasts))).toBeLessThanOrEqual(MAX_VISIBLE);
      expect(maxToasts).toBeLessThanOrEqual(MAX_VISIBLE);
      expect(toastsSeen).toBeGreaterThan(0);
      expect(groupSeen).toBe(true);
      expect(samples.filter((s) => !s.query || !s.download || !s.user)).toEqual([]);

      // A phone: one by one and as a group, every toast inside the screen.
      await page.setViewportSize(PHONE);
      await expect.poll(() => toasts(page).count(), { timeout: 20_000 }).toBe(0);
      await raise(2);
      await expect.poll(() => toasts(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await outsideViewport(page)).toEqual([]);
      await raise(8);
      await page.locator('[data-testid="alarm-toast"][data-kind="group"]').waitFor({ timeout: 15_000 });
      expect(await outsideViewport(page)).toEqual([]);
      expect(await toasts(page).count()).toBe(1);
      // The group leads to 告警中心, where all of them are, and goes.
      await page.getByTestId('alarm-toast-view-all').click();
      await expect.poll(async () => (await watched(page)).pushed).toContain(routePaths.alarmCenter);
      expect(await toasts(page).count()).toBe(0);
      await context.close();
    },
    150_000,
  );

  it('stays silent for a burst of alarms once muted, after a reload too', async () => {
    const { context, page } = await openPage(routePaths.mouseBox);
    await openBell(page);
    const mute = page.getByTestId('alarm-toast-mute');
    expect(await mute.getAttribute('aria-checked')).toBe('false');
    await mute.click();
    await closeBell(page);

    await page.reload();
    await waitLive(page);
    expect(await page.getByTestId('alarm-bell').getAttribute('data-muted')).toBe('true');
    await openBell(page);
    expect(await mute.getAttribute('aria-checked')).toBe('true');
    await closeBell(page);

    // Critical alarms, the kind that toasts by default: the page hears of them, no toast shows.
    const triggers = fresh.filter((report) => report.body.event === 'trigger').slice(0, 5);
    fresh = fresh.filter((report) => !triggers.includes(report));
    for (const { deviceId, body } of triggers) expect((await product.report(deviceId, { ...body, at: new Date().toISOString() })).status).toBe(200);
    const newest = await newestAlarmId();
    await expect.poll(() => latestOnBell(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(newest);
    expect((await watched(page)).toastsSeen).toBe(0);

    // Unmuted, the next one shows: the silence above was the switch's.
    await openBell(page);
    await mute.click();
    await closeBell(page);
    const [next] = fresh.splice(
      fresh.findIndex((report) => report.body.event === 'trigger'),
      1,
    );
    expect((await product.report(next!.deviceId, { ...next!.body, at: new Date().toISOString() })).status).toBe(200);
    await toasts(page).first().waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('acknowledges an open alarm from the bell, and 查看全部 opens 告警中心', async () => {
    const { context, page } = await openPage(routePaths.mouseBox);
    await openBell(page);
    const item = page.locator('[data-testid="alarm-bell-item"][data-state="open"]').first();
    const id = Number(await item.getAttribute('data-alarm-id'));
    await item.getByTestId('alarm-bell-acknowledge').click();
    const acknowledged = async () =>
      (await api<ListPage<AlarmRecord>>(DevicePaths.alarmList, { current: 1, size: 500, alarmOnly: true, states: ['acknowledged'] })).records.find(
        (alarm) => alarm.id === id,
      );
    await expect.poll(async () => (await acknowledged())?.ackBy, { timeout: 10_000 }).toBe('系统管理员');
    // In the list it is acknowledged now, or has moved below the first 20 behind alarms nobody has seen.
    await expect.poll(async () => (await page.locator(`[data-testid="alarm-bell-item"][data-alarm-id="${id}"]`).getAttribute('data-state', { timeout: 500 }).catch(() => 'gone')), { timeout: 10_000 }).not.toBe('open');

    await page.getByTestId('alarm-bell-view-all').click();
    await expect.poll(async () => (await watched(page)).pushed).toContain(routePaths.alarmCenter);
    await context.close();
  });
});
