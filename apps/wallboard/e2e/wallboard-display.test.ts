import jsQR from 'jsqr';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DISPLAY_HEARTBEAT_MS,
  DISPLAY_SCREEN_HEADER,
  DevicePaths,
  DisplayMessages,
  DisplayPaths,
  FilterPaths,
  displayScopeToken,
  formatDisplayCode,
  type DisplayLink,
  type DisplayLinkSaveBody,
  type DisplayLinkSaveResult,
  type MouseBoxStatistics,
  type NamedItem,
} from '@pest/shared';
import { baseUrl, launchBrowser, loginAs, newPage } from '../../console/e2e/browser.ts';
import { recordRequests, waitForFilledBoard } from './board-page.ts';
import { signInToken } from '../../console/e2e/chromium.ts';

const MANAGER = '13800000001';
/** The provider's administrator: every sales area is his to show, so a rotation can be made of any two. */
const ADMIN = 'admin';
const TV_VIEWPORT = { viewport: { width: 1920, height: 1080 } };

/**
 * Display links (issue 20) end to end: made and revoked in the console's 大屏链接 screen or through
 * the API, opened by a TV at `/wallboard/?display=<token>`. The TV's time is playwright's clock, so
 * heartbeats and dwells happen when the test moves it, never on a sleep.
 */
describe('wallboard display links', () => {
  let browser: Browser;
  let staffToken: string;
  let adminToken: string;
  const contexts: BrowserContext[] = [];

  async function api<T>(token: string, method: 'GET' | 'POST', path: string, body?: object): Promise<{ status: number; message: string; data: T }> {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await response.json()) as { status: number; message: string; data: T };
  }
  const createLink = async (body: Omit<DisplayLinkSaveBody, 'id'>, by = staffToken) => {
    const answer = await api<DisplayLinkSaveResult>(by, 'POST', DisplayPaths.save, body);
    if (answer.status !== 200 || !answer.data.token) throw new Error(`save failed: ${JSON.stringify(answer)}`);
    return { link: answer.data.link, token: answer.data.token };
  };
  const single = (name: string): Omit<DisplayLinkSaveBody, 'id'> => ({ name, scopes: [{ customerIds: [], areaIds: [] }], dwellSeconds: 60, expiresAt: null });

  /** A page in a context closed after the test. */
  const open = async (options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> => {
    const opened = await newPage(browser, options);
    contexts.push(opened.context);
    return opened;
  };
  /** A TV whose clock stands still from the start: only the test moves it. */
  const openTv = async (token: string): Promise<Page> => {
    const { page } = await open(TV_VIEWPORT);
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto(`/wallboard/?display=${encodeURIComponent(token)}`);
    return page;
  };
  const signedInConsole = async (): Promise<Page> => {
    const { context, page } = await open({ viewport: { width: 1440, height: 900 } });
    await loginAs(context, MANAGER);
    return page;
  };
  const kpiTotal = async (page: Page) => Number((await page.getByTestId('kpi-total').locator('.kpi-value').innerText()).replace(/,/g, ''));

  beforeAll(async () => {
    browser = await launchBrowser();
    staffToken = await signInToken(baseUrl(), MANAGER);
    adminToken = await signInToken(baseUrl(), ADMIN);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(() => browser?.close());

  it('cleans the display URL before the first request, sends the token in no URL or Referer, and names the link in the title', async () => {
    const { token } = await createLink(single('监控室一号屏'));
    const { page } = await open(TV_VIEWPORT);
    const requests = recordRequests(page);
    const screens = new Set<string>();
    page.on('request', (request) => {
      const screen = request.headers()[DISPLAY_SCREEN_HEADER];
      if (request.url().includes('/api/') && screen) screens.add(screen);
    });
    await page.goto(`/wallboard/?display=${encodeURIComponent(token)}`);
    await waitForFilledBoard(page);

    expect(page.url()).toBe(`${baseUrl()}/wallboard/`);
    expect(await page.title()).toBe('监控室一号屏 · 大屏');
    // The navigation itself carries the token; nothing after it may, the session call first among the API's.
    const after = requests.slice(1);
    expect(after.find((request) => request.url.includes('/api/'))?.url).toBe(`${baseUrl()}${DisplayPaths.session}`);
    expect(after.some((request) => request.url.includes(DevicePaths.statistics))).toBe(true);
    expect(after.some((request) => request.url.includes('/live/'))).toBe(true);
    for (const request of after) {
      expect(request.url).not.toContain(token);
      expect(request.referer ?? '').not.toContain(token);
    }
    expect(await page.content()).not.toContain(token);
    // Every API call names the screen, with one id.
    expect(screens.size).toBe(1);
    // A TV has no console session: its KPI tiles link nowhere.
    expect(await page.locator('.kpis a').count()).toBe(0);

    // A TV restarted on the cleaned URL shows the link again, as the same screen.
    await page.reload();
    await waitForFilledBoard(page);
    expect(await page.title()).toBe('监控室一号屏 · 大屏');
    expect(screens.size).toBe(1);
  });

  it('turns an open TV to the revoked message, naming the link, within one heartbeat of a revocation in the console, without a reload', async () => {
    const { link, token } = await createLink(single('值班室大屏'));
    const tv = await openTv(token);
    await waitForFilledBoard(tv);
    await tv.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

    const staffPage = await signedInConsole();
    await staffPage.goto('/display/links');
    const row = staffPage.locator(`[data-testid="display-row"][data-link-id="${link.id}"]`);
    await row.getByTestId('display-revoke').click();
    await staffPage.locator('.arco-popconfirm').getByRole('button', { name: '确定' }).click();
    await row.locator('[data-testid="display-state"][data-state="revoked"]').waitFor();

    await tv.clock.runFor(DISPLAY_HEARTBEAT_MS);
    const ended = tv.getByTestId('link-ended');
    await ended.waitFor({ timeout: 15_000 });
    expect(await ended.getAttribute('data-end')).toBe('revoked');
    expect(await ended.locator('h1').innerText()).toBe('大屏链接已被撤销');
    expect(await tv.getByTestId('link-ended-name').innerText()).toContain('值班室大屏');
    expect(await ended.innerText()).toContain('新建一个大屏链接');
    expect(await tv.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await tv.getByTestId('kpi-total').count()).toBe(0);
  });

  it('rotates to the next scope after its dwell, with that scope’s data', async () => {
    // Two sales areas whose boards differ, found through a probe link's scope tokens.
    const areas = (await api<NamedItem[]>(adminToken, 'GET', FilterPaths.salesAreaList)).data.slice(0, 8);
    const probe = await createLink({ name: '探测', scopes: areas.map((area) => ({ customerIds: [], areaIds: [area.id] })), dwellSeconds: 10, expiresAt: null }, adminToken);
    const totals = await Promise.all(
      areas.map(async (_area, index) => (await api<MouseBoxStatistics>(displayScopeToken(probe.token, index), 'POST', DevicePaths.statistics, {})).data.total),
    );
    await api<DisplayLink>(adminToken, 'POST', DisplayPaths.revoke, { id: probe.link.id });
    const second = totals.findIndex((total) => total !== totals[0]);
    expect(second).toBeGreaterThan(0);

    const dwellSeconds = 10;
    const { token } = await createLink({
      name: '大区轮播',
      scopes: [
        { label: '甲区', customerIds: [], areaIds: [areas[0]!.id] },
        { label: '乙区', customerIds: [], areaIds: [areas[second]!.id] },
      ],
      dwellSeconds,
      expiresAt: null,
    }, adminToken);
    const tv = await openTv(token);
    await waitForFilledBoard(tv);
    const label = tv.getByTestId('rotation-label');
    expect(await label.innerText()).toBe('甲区');
    expect(await tv.getByTestId('rotation').innerText()).toContain('1/2');
    expect(await kpiTotal(tv)).toBe(totals[0]);

    // Just short of the dwell nothing moves; at the dwell the second scope and its data come.
    await tv.clock.runFor(dwellSeconds * 1000 - 100);
    expect(await label.innerText()).toBe('甲区');
    await tv.clock.runFor(100);
    await expect.poll(() => label.innerText()).toBe('乙区');
    expect(await tv.getByTestId('rotation').innerText()).toContain('2/2');
    await waitForFilledBoard(tv);
    await expect.poll(() => kpiTotal(tv)).toBe(totals[second]);

    // And round again to the first.
    await tv.clock.runFor(dwellSeconds * 1000);
    await expect.poll(() => label.innerText()).toBe('甲区');
    await waitForFilledBoard(tv);
    await expect.poll(() => kpiTotal(tv)).toBe(totals[0]);
  });

  it('creates a link from the navbar’s big-screen menu, shows its TV address with a QR code and a short code that a TV types, and lists it with the screens using it', async () => {
    const staffPage = await signedInConsole();
    await staffPage.goto('/display/links');
    await staffPage.getByTestId('display-links-page').waitFor();
    await staffPage.getByTestId('wallboard-menu').click();
    await staffPage.getByTestId('create-display-link').click();
    await staffPage.getByTestId('display-name').fill('前台电视');
    await staffPage.getByTestId('display-save').click();

    const urlField = staffPage.getByTestId('display-created-url');
    await urlField.waitFor();
    const url = await urlField.inputValue();
    expect(url).toMatch(new RegExp(`^${baseUrl().replace(/[.]/g, '\\.')}/wallboard/\\?display=dl_`));
    const token = new URL(url).searchParams.get('display')!;
    expect(await staffPage.getByTestId('display-created').innerText()).toContain('每次复制都会被记录');
    expect(await decodeQr(staffPage)).toBe(url);
    const code = await staffPage.getByTestId('display-code').innerText();
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await staffPage.getByTestId('display-created-close').click();
    await staffPage.getByTestId('display-created').waitFor({ state: 'detached' });

    const row = staffPage.getByTestId('display-row').filter({ hasText: '前台电视' });
    await row.waitFor();
    expect(await row.getByTestId('display-screens').innerText()).toBe('0');
    expect(await row.innerText()).toContain('从未访问');
    // Shown once: nowhere on the page any more.
    expect(await staffPage.content()).not.toContain(token);

    // The TV's start page takes the short code as a remote types it: lower case, no dashes.
    const { page: tv } = await open(TV_VIEWPORT);
    await tv.goto('/wallboard/');
    await tv.getByTestId('code-input').fill(code.replace(/-/g, '').toLowerCase());
    await tv.getByTestId('code-submit').click();
    await waitForFilledBoard(tv);
    expect(await tv.title()).toBe('前台电视 · 大屏');
    // …and in the address, which it cleans before anything else.
    const { page: second } = await open(TV_VIEWPORT);
    await second.goto(`/wallboard/?code=${code}`);
    await waitForFilledBoard(second);
    expect(second.url()).toBe(`${baseUrl()}/wallboard/`);
    await staffPage.reload();
    const seen = staffPage.getByTestId('display-row').filter({ hasText: '前台电视' });
    await expect.poll(() => seen.getByTestId('display-screens').innerText(), { timeout: 15_000 }).toBe('2');
    expect(await seen.innerText()).not.toContain('从未访问');
    expect(await seen.locator('[data-testid="display-state"]').getAttribute('data-state')).toBe('active');

    // Copied again by who manages it: the same address and code, and the copy on record.
    await seen.getByTestId('display-copy-again').click();
    expect(await staffPage.getByTestId('display-created-url').inputValue()).toBe(url);
    expect(await staffPage.getByTestId('display-code').innerText()).toBe(code);
    await staffPage.getByTestId('display-created-close').click();
    await expect.poll(() => seen.getByTestId('display-copies').innerText()).toContain('1 次');
  });

  it('refuses a wrong code on the TV page, and the address again to a manager who does not manage the link (403)', async () => {
    const { link, token } = await createLink(single('总部大屏'), adminToken);
    const { page: tv } = await open(TV_VIEWPORT);
    await tv.goto('/wallboard/?code=0000-0000-0000');
    expect(await tv.getByTestId('code-refused').innerText()).toBe(DisplayMessages.codeUnknown);

    const refused = await api<unknown>(staffToken, 'POST', DisplayPaths.reveal, { id: link.id });
    expect([refused.status, refused.message]).toEqual([403, DisplayMessages.notManager]);
    expect(JSON.stringify(refused)).not.toContain(token.slice(3));
    const own = await api<{ token: string; code: string }>(adminToken, 'POST', DisplayPaths.reveal, { id: link.id });
    expect(own.data.token).toBe(token);
    expect(formatDisplayCode(own.data.code)).toMatch(/^\w{4}-\w{4}-\w{4}$/);
  });
});

/** The QR code the console drew, read back from its pixels as a phone's camera would. */
async function decodeQr(page: Page): Promise<string | null> {
  const qr = page.getByTestId('display-qr');
  await qr.waitFor();
  const image = await qr.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0, img.width, img.height);
    const { data, width, height } = context.getImageData(0, 0, img.width, img.height);
    return { data: Array.from(data), width, height };
  });
  return jsQR(Uint8ClampedArray.from(image.data), image.width, image.height)?.data ?? null;
}
