import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ContentMessages, ContentPaths, type ContentDetail, type ContentItem, type Page as ListPage } from '@pest/shared';
import { pathWithId, routePaths } from '../src/navigation/routePaths.ts';
import { blockingViolations, DEMO_ORGANISATION } from './axeRun.ts';
import { apiToken, baseUrl, useBrowser } from './browser.ts';
import { pngOf } from './png.ts';

/**
 * 内容 against the real server: staff write a notice in the editor (a heading, bold, a list, a
 * table and an uploaded image; a save while the image is still on its way is refused) and publish
 * it to the demo's organisation; its manager sees the navbar's unread mark, reads the notice and the
 * mark goes. Hostile HTML put in through the API renders in the console with nothing run. A phone
 * shows the list, the reading view and the editor without sideways scrolling. Nothing is deleted,
 * so each run writes notices of its own names.
 */
const session = useBrowser();
const DESKTOP = { width: 1440, height: 1000 };
const PHONE = { width: 390, height: 844 };
const MANAGER = '13800000001';

const toast = (page: Page, text: string) => page.locator('.arco-message').filter({ hasText: text }).waitFor();
const rowOf = (page: Page, title: string) => page.getByTestId('content-table').locator('tbody tr', { hasText: title });

/** The API as an account other than the admin. */
async function apiAs<T>(token: string, method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  const response = await fetch(new URL(path, baseUrl()), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await response.json()) as { status: number; message: string; data: T };
  if (envelope.status !== 200) throw new Error(`${path}: ${envelope.message}`);
  return envelope.data;
}

/** Whether the page scrolls sideways. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('notices and articles', () => {
  const title = `e2e通知${randomUUID().slice(0, 6)}`;

  it('writes a notice with a heading, bold, a list, a table and an image, refusing a save while the image uploads, and publishes it to an organisation', { timeout: 180_000 }, async () => {
    const { page, close } = await session.open(`${routePaths.contentList}?kind=notice`, { viewport: DESKTOP });
    await page.getByTestId('content-page').waitFor();
    await page.getByTestId('content-add').click();
    const body = page.getByTestId('content-editor-body');
    await body.waitFor();

    await page.getByTestId('content-title-input').fill(title);
    // To one organisation, not every customer.
    await page.getByTestId('content-all-customers').click();
    await page.getByTestId('content-customers-input').click();
    await page.keyboard.type('味多美');
    await page.locator('.arco-select-popup .arco-select-option', { hasText: DEMO_ORGANISATION }).first().click();
    await page.keyboard.press('Escape');

    await body.click();
    await page.getByTestId('editor-heading2').click();
    await page.keyboard.type('春季灭鼠安排');
    await page.keyboard.press('Enter');
    await page.keyboard.type('请各门店');
    await page.getByTestId('editor-bold').click();
    await page.keyboard.type('提前清理后厨');
    await page.getByTestId('editor-bold').click();
    await page.keyboard.type('。');
    await page.keyboard.press('Enter');
    await page.getByTestId('editor-bulletList').click();
    await page.keyboard.type('封堵缝隙');
    await page.keyboard.press('Enter');
    await page.keyboard.type('清理食物残渣');
    await page.keyboard.press('Enter');
    await page.getByTestId('editor-bulletList').click();
    await page.getByTestId('editor-table').click();
    await page.keyboard.type('区域');
    await page.keyboard.press('Tab');
    await page.keyboard.type('措施');
    // Out of the table, to the paragraph after it, where the picture goes.
    await page.keyboard.press('Control+End');
    await page.keyboard.type('现场照片：');
    await expect.poll(() => body.innerHTML()).toContain('<strong>提前清理后厨</strong>');

    // The store holds the picture back: the save waits for it, and says so.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/oss', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(ContentPaths.save)) saves.push(request.url());
    });
    await page.getByTestId('content-editor-image-input').setInputFiles({ name: '鼠迹.png', mimeType: 'image/png', buffer: pngOf(240, 160) });
    await page.getByTestId('content-editor-uploading').waitFor();
    await page.getByTestId('content-publish').click();
    await toast(page, ContentMessages.imagesUploading);
    expect(saves).toEqual([]);
    release();
    await page.getByTestId('content-editor-uploading').waitFor({ state: 'detached' });
    const picture = body.locator('img');
    await picture.waitFor();
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(240);
    expect(await blockingViolations(page), 'the editor').toBe('');

    const saved = page.waitForResponse((response) => response.url().endsWith(ContentPaths.save));
    await page.getByTestId('content-publish').click();
    const envelope = (await (await saved).json()) as { status: number; message: string };
    expect(envelope.status, envelope.message).toBe(200);
    const row = rowOf(page, title);
    await row.waitFor();
    expect(await row.getByTestId('content-state').innerText()).toBe('已发布');
    expect(await row.innerText()).toContain(DEMO_ORGANISATION);
    expect(await blockingViolations(page), 'the list').toBe('');
    await close();

    const stored = (await session.api<ListPage<ContentItem>>(ContentPaths.list, { body: { current: 1, size: 50, kind: 'notice' } })).records.find((item) => item.title === title)!;
    expect(stored.customers).toEqual([{ id: expect.any(Number) as number, name: DEMO_ORGANISATION }]);
    const { html } = await session.api<ContentDetail>(ContentPaths.detail, { query: { id: stored.id } });
    expect(html).toContain('<h2>春季灭鼠安排</h2>');
    expect(html).toContain('<strong>提前清理后厨</strong>');
    expect(html).toMatch(/<ul><li><p>封堵缝隙<\/p><\/li><li><p>清理食物残渣<\/p><\/li><\/ul>/);
    expect(html).toMatch(/<table>.*<th[^>]*><p>区域<\/p><\/th><th[^>]*><p>措施<\/p><\/th>/);
    expect(html).toMatch(/<\/table><p>现场照片：<\/p><img alt="鼠迹" src="\/api\/oss\/[^"]+\.png\?expires=/);
  });

  it("shows the organisation's manager the unread mark, which goes once the notice is read", { timeout: 120_000 }, async () => {
    // Every other notice read first, so the mark counts this run's alone.
    const manager = await apiToken(MANAGER);
    const notices = await apiAs<ListPage<ContentItem>>(manager, 'POST', ContentPaths.list, { current: 1, size: 100, kind: 'notice' });
    const ours = notices.records.find((item) => item.title === title)!;
    expect(ours.read).toBe(false);
    for (const other of notices.records.filter((item) => !item.read && item.id !== ours.id)) await apiAs(manager, 'GET', `${ContentPaths.detail}?id=${other.id}`);

    const { page, close } = await session.open(routePaths.serviceRecord, { account: MANAGER, viewport: DESKTOP });
    const mark = page.getByTestId('notice-mark');
    await expect.poll(() => mark.getAttribute('data-count'), { timeout: 15_000 }).toBe('1');
    expect(await page.locator('.arco-badge', { has: mark }).locator('.arco-badge-number').innerText()).toBe('1');
    await mark.click();
    await page.waitForURL(/\/content\/list\?kind=notice/);
    const row = rowOf(page, title);
    await row.getByTestId('content-unread').waitFor();
    // A reader neither writes nor withdraws.
    expect(await page.getByTestId('content-add').count()).toBe(0);
    expect(await row.getByTestId('content-edit').count()).toBe(0);

    await row.getByTestId('content-title').click();
    await page.getByTestId('content-detail-title').filter({ hasText: title }).waitFor();
    const reading = page.getByTestId('content-detail-body');
    expect(await reading.locator('h2').innerText()).toBe('春季灭鼠安排');
    expect(await reading.locator('strong').innerText()).toBe('提前清理后厨');
    expect(await reading.locator('li').count()).toBe(2);
    expect(await reading.locator('table th').count()).toBe(3);
    // The picture opens through the link the server made for this reader.
    await expect.poll(() => reading.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(240);
    await expect.poll(() => mark.getAttribute('data-count')).toBe('0');
    // The badge's number leaves with an animation.
    await expect.poll(() => page.locator('.arco-badge', { has: mark }).locator('.arco-badge-number').count()).toBe(0);
    expect(await blockingViolations(page), 'the reading view').toBe('');

    await page.getByTestId('content-back').click();
    await row.waitFor();
    await expect.poll(() => row.getByTestId('content-unread').count()).toBe(0);
    await close();
  });

  it('renders hostile HTML put in through the API with nothing run and nothing injected', { timeout: 120_000 }, async () => {
    const hostileTitle = `<img src=x onerror="window.__pwned='title'">e2e恶意${randomUUID().slice(0, 6)}`;
    const html = [
      '<h3>正常的标题</h3><p>正常的段落</p>',
      '<img src="x" onerror="window.__pwned=\'img\'">',
      '<script>window.__pwned = "script"</script>',
      '<p onclick="window.__pwned=\'click\'" style="position:fixed;inset:0">点这里</p>',
      '<a id="bad-link" href="javascript:window.__pwned=\'link\'">危险链接</a>',
      '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>',
      '<svg onload="window.__pwned=\'svg\'"><circle r="5"></circle></svg>',
      '<style>body { display: none }</style>',
      '<form action="https://evil.example/"><input name="password"></form>',
    ].join('');
    const { id } = await session.api<{ id: number }>(ContentPaths.save, { body: { kind: 'notice', title: hostileTitle, html, customerIds: null, publish: true } });

    const { page, close } = await session.open(pathWithId(routePaths.contentDetail, id), { account: MANAGER, viewport: DESKTOP });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const reading = page.getByTestId('content-detail-body');
    await reading.locator('h3').waitFor();
    expect(await page.getByTestId('content-detail-title').innerText()).toBe(hostileTitle);
    expect(await reading.innerText()).toContain('正常的段落');
    for (const selector of ['script', 'iframe', 'svg', 'style', 'form', 'input', 'img', '[onclick]', '[onerror]', '[style]', 'a[href^="javascript"]']) {
      expect(await reading.locator(selector).count(), selector).toBe(0);
    }
    await reading.getByText('点这里').click();
    await reading.getByText('危险链接').click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(await page.locator('body').isVisible()).toBe(true);

    // The list shows the title as text too.
    await page.getByTestId('content-back').click();
    await rowOf(page, hostileTitle.slice(-12)).waitFor();
    expect(await page.getByTestId('content-table').locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await close();
  });

  it('fits a phone: the list, the reading view and the editor without sideways scrolling', { timeout: 120_000 }, async () => {
    const { page, close } = await session.open(`${routePaths.contentList}?kind=notice`, { account: MANAGER, viewport: PHONE });
    await page.getByTestId('content-page').waitFor();
    await page.getByTestId('content-table-cards').locator('[data-testid="content-row"]').first().waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    const card = page.getByTestId('content-table-cards').locator('[data-testid="content-row"]', { hasText: title });
    await card.getByTestId('content-title').click();
    await page.getByTestId('content-detail-body').locator('table').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await blockingViolations(page), 'the reading view on a phone').toBe('');
    await close();

    const editing = await session.open(routePaths.contentEdit, { viewport: PHONE });
    await editing.page.getByTestId('content-editor-body').waitFor();
    expect(await scrollsSideways(editing.page)).toBe(false);
    expect(await blockingViolations(editing.page), 'the editor on a phone').toBe('');
    await editing.close();
  });
});
