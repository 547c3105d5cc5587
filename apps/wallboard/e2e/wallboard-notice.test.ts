import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentPaths, DisplayPaths, type DisplayLinkSaveResult } from '@pest/shared';
import { baseUrl, launchBrowser, newPage } from '../../console/e2e/browser.ts';
import { signInToken } from '../../console/e2e/chromium.ts';
import { POLL_MS } from '../src/board/useBoard.ts';
import { waitForFilledBoard } from './board-page.ts';

const MANAGER = '13800000001';
const DEMO_ORGANISATION_ID = 1;
const TV_VIEWPORT = { viewport: { width: 1920, height: 1080 } };

/**
 * 内容 on the wallboard: a TV of the demo manager's display link shows the newest notice published
 * to his organisation (title, day, the start of its text) as plain text, so markup in a notice runs
 * nothing there; a newer notice replaces it at the next poll, without a reload.
 */
describe('wallboard latest notice', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let adminToken: string;
  let managerToken: string;

  async function api<T>(token: string, path: string, body: object): Promise<T> {
    const response = await fetch(`${baseUrl()}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const envelope = (await response.json()) as { status: number; message: string; data: T };
    if (envelope.status !== 200) throw new Error(`${path}: ${envelope.message}`);
    return envelope.data;
  }
  const publish = (title: string, html: string) =>
    api<{ id: number }>(adminToken, ContentPaths.save, { kind: 'notice', title, html, customerIds: [DEMO_ORGANISATION_ID], publish: true });

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = await signInToken(baseUrl(), 'admin');
    managerToken = await signInToken(baseUrl(), MANAGER);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('shows the newest notice as text, runs none of its markup, and shows a newer one at the next poll', { timeout: 120_000 }, async () => {
    const suffix = randomUUID().slice(0, 6);
    const hostileTitle = `<img src=x onerror="window.__pwned='title'">停水通知${suffix}`;
    const first = await publish(hostileTitle, '<p>本周六<strong>停水</strong><img src="x" onerror="window.__pwned=\'body\'"><script>window.__pwned="script"</script>，请提前储水。</p>');
    const { token } = await api<DisplayLinkSaveResult>(managerToken, DisplayPaths.save, {
      name: `通知大屏${suffix}`,
      scopes: [{ customerIds: [], areaIds: [] }],
      dwellSeconds: 60,
      expiresAt: null,
    });

    const opened = await newPage(browser, TV_VIEWPORT);
    context = opened.context;
    const page: Page = opened.page;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto(`/wallboard/?display=${encodeURIComponent(token!)}`);
    await waitForFilledBoard(page);

    const notice = page.getByTestId('latest-notice');
    await expect.poll(() => notice.getAttribute('data-notice-id'), { timeout: 15_000 }).toBe(String(first.id));
    expect(await page.getByTestId('notice-title').innerText()).toBe(hostileTitle);
    expect(await page.getByTestId('notice-excerpt').innerText()).toBe('本周六停水，请提前储水。');
    expect(await page.getByTestId('notice-day').innerText()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await notice.locator('img, script, strong').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    // The panel takes its room from the service day's: no panel over another, nothing spilling out of its panel or the screen.
    const layout = await page.evaluate(() => {
      const rect = (element: Element) => element.getBoundingClientRect();
      const panels = [...document.querySelectorAll('.panel')].map(rect);
      const overlaps = panels.flatMap((a, i) =>
        panels.slice(i + 1).filter((b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5),
      ).length;
      const spilled = [...document.querySelectorAll('.panel-body')].flatMap((body) => {
        const frame = rect(body);
        return [...body.querySelectorAll('*')]
          .filter((element) => !element.closest('.chart'))
          .map((element) => ({ element, box: rect(element) }))
          .filter(({ box }) => box.width > 0 && box.height > 0)
          .filter(({ box }) => box.left < frame.left - 0.5 || box.top < frame.top - 0.5 || box.right > frame.right + 0.5 || box.bottom > frame.bottom + 0.5)
          .map(({ element }) => element.className || element.tagName);
      });
      const outside = [...document.querySelectorAll('.stage *')]
        .map(rect)
        .filter((box) => box.width > 0 && box.height > 0 && (box.right > innerWidth + 0.5 || box.bottom > innerHeight + 0.5)).length;
      return { overlaps, spilled, outside };
    });
    expect(layout).toEqual({ overlaps: 0, spilled: [], outside: 0 });

    // A newer notice takes its place at the next poll, on the TV's own clock.
    const second = await publish(`消杀安排${suffix}`, '<p>下周一夜间消杀。</p>');
    await page.clock.runFor(POLL_MS);
    await expect.poll(() => notice.getAttribute('data-notice-id'), { timeout: 15_000 }).toBe(String(second.id));
    expect(await page.getByTestId('notice-title').innerText()).toBe(`消杀安排${suffix}`);
    expect(dialogs).toEqual([]);
  });
});
