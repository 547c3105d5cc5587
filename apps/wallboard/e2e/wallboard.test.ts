import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevicePaths, SessionPaths, type MouseBoxStatistics, type UserInfo } from '@pest/shared';
import { baseUrl, launchBrowser, newPage } from '../../console/e2e/browser.ts';
import { recordRequests, waitForFilledBoard } from './board-page.ts';
import { signInToken } from '../../console/e2e/chromium.ts';

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await signInToken(baseUrl(), '13800000001');
});
afterAll(() => browser?.close());

async function api<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  return ((await response.json()) as { data: T }).data;
}

describe('wallboard intake and panels', () => {
  it('cleans the token out of the address bar before any request, never sends it in a URL or Referer, and fills every panel', async () => {
    const { context, page } = await newPage(browser);
    const requests = recordRequests(page);
    await page.goto(`/wallboard/?token=${encodeURIComponent(token)}&phone=13800000001`);
    await waitForFilledBoard(page);

    expect(page.url()).toBe(`${baseUrl()}/wallboard/`);
    expect(await page.evaluate(() => sessionStorage.getItem('wallboard.token'))).toBe(token);
    // The navigation itself carries the token; nothing after it may.
    const after = requests.slice(1);
    expect(after.some((request) => request.url.includes('/api/'))).toBe(true);
    expect(after.some((request) => request.url.includes('/live/'))).toBe(true);
    for (const request of after) {
      expect(request.url).not.toContain(token);
      expect(request.referer ?? '').not.toContain(token);
    }
    expect(await page.content()).not.toContain(token);

    const user = await api<UserInfo>('GET', SessionPaths.userInfo);
    expect(await page.getByTestId('org-name').innerText()).toBe(user.organisationName);
    const statistics = await api<MouseBoxStatistics>('POST', DevicePaths.statistics, {});
    expect(statistics.total).toBeGreaterThan(0);
    expect(await page.getByTestId('kpi-total').locator('.kpi-value').innerText()).toBe(statistics.total.toLocaleString('zh-CN'));
    expect(await page.getByTestId('alarm-feed').locator('li').count()).toBeGreaterThan(0);
    await page.getByTestId('map-focus').waitFor();
    await expect.poll(() => page.getByTestId('connection').getAttribute('data-state'), { timeout: 20_000 }).toBe('live');

    // A reload of the clean URL keeps working from the tab's session.
    await page.reload();
    await waitForFilledBoard(page);
    await context.close();
  });

  it('explains a refused token full-screen in Chinese, and asks for a display code without one', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/wallboard/?token=not-a-real-token&phone=1');
    const problem = page.getByTestId('token-problem');
    await problem.waitFor();
    expect(await problem.getAttribute('data-problem')).toBe('rejected');
    const text = await problem.innerText();
    expect(text).toContain('登录凭证无效或已过期');
    expect(text).toContain('重新登录');
    expect(text).toContain('自动重试');
    expect(page.url()).toBe(`${baseUrl()}/wallboard/`);

    const fresh = await context.newPage();
    await fresh.goto('/wallboard/');
    await fresh.getByTestId('code-entry').waitFor();
    const start = await fresh.getByTestId('code-entry').innerText();
    expect(start).toContain('输入大屏短码');
    expect(start).toContain('顶部导航栏的“大屏”按钮');
    await context.close();
  });

  it('shows English when asked', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`/wallboard/?lang=en&token=${encodeURIComponent(token)}`);
    await waitForFilledBoard(page);
    expect(page.url()).toBe(`${baseUrl()}/wallboard/?lang=en`);
    expect(await page.locator('h1').innerText()).toBe('Pest Control Monitoring Wall');
    // English words run longer than the Chinese the tiles were drawn for: none may be cut off.
    const clipped = await page.evaluate(() =>
      [...document.querySelectorAll('.kpi-value, .kpi-label, .panel-title h2, .feed-total')]
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => element.textContent),
    );
    expect(clipped).toEqual([]);
    expect(await page.getByTestId('kpi-ackMedianToday').innerText()).toMatch(/(—|\d+ (d|h|min|s))\s+Median ack time today/);
    await context.close();
  });
});

describe('wallboard on five screens', () => {
  for (const [width, height] of [
    [1280, 720],
    [1366, 768],
    [1920, 1080],
    [3440, 1440],
    [3840, 2160],
  ] as const) {
    it(`fits ${width}×${height}: nothing outside the screen, no panels overlapping, charts drawn at the screen's density`, async () => {
      const { context, page } = await newPage(browser, { viewport: { width, height } });
      await page.goto(`/wallboard/?token=${encodeURIComponent(token)}`);
      await waitForFilledBoard(page);
      await page.screenshot({ path: join(tmpdir(), `wallboard-${width}x${height}.png`) });

      const layout = await page.evaluate(() => {
        const rect = (element: Element) => element.getBoundingClientRect();
        const outside = [...document.querySelectorAll('.stage *')]
          .map((element) => ({ element, box: rect(element) }))
          .filter(({ box }) => box.width > 0 && box.height > 0)
          .filter(({ box }) => box.left < -0.5 || box.top < -0.5 || box.right > innerWidth + 0.5 || box.bottom > innerHeight + 0.5)
          .map(({ element }) => element.className || element.tagName);
        const panels = [...document.querySelectorAll('.panel')].map(rect);
        const overlaps: number[][] = [];
        panels.forEach((a, i) =>
          panels.slice(i + 1).forEach((b, j) => {
            const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left);
            const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            if (overlapX > 0.5 && overlapY > 0.5) overlaps.push([i, i + 1 + j]);
          }),
        );
        // Text cut off inside its own box (beyond the ellipsis some labels use on purpose).
        const clipped = [...document.querySelectorAll('.kpi-value, .kpi-label, .panel-title h2, .board-header h1, .focus-name, .activity-count b')]
          .filter((element) => element.scrollWidth > element.clientWidth + 1)
          .map((element) => element.textContent);
        // Anything a panel shows lies within it (chart internals and their tooltips aside).
        const spilled = [...document.querySelectorAll('.panel-body')].flatMap((body) => {
          const frame = rect(body);
          return [...body.querySelectorAll('*')]
            .filter((element) => !element.closest('.chart'))
            .map((element) => ({ element, box: rect(element) }))
            .filter(({ box }) => box.width > 0 && box.height > 0)
            .filter(({ box }) => box.left < frame.left - 0.5 || box.top < frame.top - 0.5 || box.right > frame.right + 0.5 || box.bottom > frame.bottom + 0.5)
            .map(({ element }) => element.className || element.tagName);
        });
        const stage = document.querySelector('.stage')!.getBoundingClientRect();
        const canvases = [...document.querySelectorAll('.chart canvas')].map((canvas) => {
          const c = canvas as HTMLCanvasElement;
          return { drawn: c.width, shown: c.getBoundingClientRect().width };
        });
        return { outside, overlaps, clipped, spilled, stage: { width: stage.width, height: stage.height, left: stage.left, top: stage.top }, canvases };
      });
      expect(layout.outside).toEqual([]);
      expect(layout.overlaps).toEqual([]);
      expect(layout.clipped).toEqual([]);
      expect(layout.spilled).toEqual([]);
      // Letterboxed: the whole 16:9 design, as large as the screen allows, centred.
      const scale = Math.min(width / 1920, height / 1080);
      expect(layout.stage.width).toBeCloseTo(1920 * scale, 0);
      expect(layout.stage.height).toBeCloseTo(1080 * scale, 0);
      expect(layout.stage.left).toBeCloseTo((width - 1920 * scale) / 2, 0);
      // Crisp: each chart's canvas has at least one pixel per screen pixel it covers.
      expect(layout.canvases.length).toBeGreaterThanOrEqual(2);
      for (const canvas of layout.canvases) expect(canvas.drawn).toBeGreaterThanOrEqual(Math.floor(canvas.shown));
      await context.close();
    });
  }

  it('places a chart tooltip at the pointer when the board is scaled up', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 3840, height: 2160 } });
    await page.goto(`/wallboard/?token=${encodeURIComponent(token)}`);
    await waitForFilledBoard(page);
    const chart = await page.getByTestId('trend-7d').boundingBox();
    const x = chart!.x + chart!.width * 0.6;
    const y = chart!.y + chart!.height * 0.5;
    await page.mouse.move(x, y);
    const tooltip = page.locator('.trend-7d .chart > div').filter({ hasText: /告警/ }).last();
    await expect.poll(async () => (await tooltip.isVisible()) && (await tooltip.boundingBox()) !== null, { timeout: 5_000 }).toBe(true);
    const box = (await tooltip.boundingBox())!;
    // ECharts puts the tooltip beside the pointer; under a wrong transform it would land far away.
    const distance = Math.hypot(Math.max(box.x - x, 0, x - (box.x + box.width)), Math.max(box.y - y, 0, y - (box.y + box.height)));
    expect(distance).toBeLessThan(120);
    expect(box.x).toBeGreaterThanOrEqual(chart!.x - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(chart!.x + chart!.width + 1);
    await context.close();
  });
});
