import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './browser.ts';
import enDevices from '../src/i18n/en/devices.ts';
import enLive from '../src/i18n/en/live.ts';
import esServiceRecord from '../src/i18n/es/serviceRecord.ts';

const session = useBrowser();

describe('main layout', () => {
  it('switches the language to English and back without a reload', async () => {
    const { context, page, close } = await session.open('/dataSheet/riskSummary');
    await page.getByTestId('breadcrumb').waitFor();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const zhMenu = await page.getByTestId('sidebar').innerText();
    expect(zhMenu).toContain('风险汇总');

    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-en').click();
    await expect.poll(() => page.getByTestId('sidebar').innerText()).toContain('Risk summary');
    expect(await page.getByTestId('breadcrumb').innerText()).toContain('Risk summary');
    expect(await page.title()).toMatch(/^Risk summary/);
    expect((await context.cookies()).find((c) => c.name === 'language')?.value).toBe('en');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-zh').click();
    await expect.poll(() => page.getByTestId('sidebar').innerText()).toContain('风险汇总');
    expect(await page.title()).toMatch(/^风险汇总/);
    await close();
  });

  it("opens in English with the screen's own texts, device kinds and the bell's alarm kinds in English", async () => {
    const { page, close } = await session.open('/equipment/mouseBox', {
      beforeGoto: (opening) => opening.context().addCookies([{ name: 'language', value: 'en', url: baseUrl() }]),
    });
    await page.getByTestId('device-row').first().waitFor();
    const table = await page.getByTestId('device-table').innerText();
    expect(table).toContain(enDevices.deviceType);
    expect(Object.values(enDevices.kind).some((kind) => table.includes(kind))).toBe(true);

    await page.getByTestId('alarm-bell').click();
    const list = page.getByTestId('alarm-bell-list');
    await list.waitFor();
    const kinds = await list.locator('.alarm-bell-item-kind').allInnerTexts();
    expect(kinds.length).toBeGreaterThan(0);
    for (const kind of kinds) expect(Object.values(enLive.alarmKind)).toContain(kind);
    await page.keyboard.press('Escape');

    // The screen's namespace follows a switch too, not only the shell's.
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-ja').click();
    await expect.poll(() => page.getByTestId('device-table').innerText()).toContain('デバイス種別');
    await close();
  });

  it('words a message the spec quotes in the interface language', async () => {
    const { page, close } = await session.open('/serviceRecord', {
      beforeGoto: (opening) => opening.context().addCookies([{ name: 'language', value: 'es', url: baseUrl() }]),
    });
    await page.getByTestId('batch-download').click();
    await expect.poll(() => page.locator('.arco-message').allInnerTexts()).toContain(esServiceRecord.batchSelectionRequired);
    await close();
  });

  it('keeps the sidebar collapsed across a reload', async () => {
    const { page, close } = await session.open('/serviceRecord');
    const sidebar = page.getByTestId('sidebar');
    expect(await sidebar.getAttribute('data-collapsed')).toBe('false');
    const wide = (await sidebar.boundingBox())!.width;
    expect(wide).toBe(210);
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(() => sidebar.getAttribute('data-collapsed')).toBe('true');
    await page.reload();
    await expect.poll(() => page.getByTestId('sidebar').getAttribute('data-collapsed')).toBe('true');
    await expect.poll(async () => (await page.getByTestId('sidebar').boundingBox())!.width).toBeLessThan(100);
    await close();
  });

  it('adds visited pages as tags; a tag closes but the affix home tag cannot', async () => {
    const { page, close } = await session.open('/serviceRecord');
    await page.locator('[data-testid="menu-group-/dataSheet"]').click();
    await page.locator('[data-testid="menu-item-/dataSheet/riskSummary"]').click();
    await page.waitForURL('**/dataSheet/riskSummary');
    const tags = page.getByTestId('tag');
    await expect.poll(() => tags.evaluateAll((els) => els.map((el) => el.getAttribute('data-path')))).toEqual([
      '/serviceRecord',
      '/dataSheet/riskSummary',
    ]);
    const home = page.locator('[data-testid="tag"][data-path="/serviceRecord"]');
    expect(await home.getAttribute('data-affix')).toBe('true');
    expect(await home.getByTestId('tag-close').count()).toBe(0);

    await page.locator('[data-testid="tag"][data-path="/dataSheet/riskSummary"]').getByTestId('tag-close').click();
    await page.waitForURL('**/serviceRecord');
    await expect.poll(() => tags.count()).toBe(1);

    await page.getByTestId('tags-actions').click();
    await page.getByTestId('tag-action-close-all').click();
    await expect.poll(() => tags.evaluateAll((els) => els.map((el) => el.getAttribute('data-path')))).toEqual([
      '/serviceRecord',
    ]);
    await close();
  });

  it('shows a drawer instead of the sidebar on a 390px wide screen, closing after navigation', async () => {
    const { page, close } = await session.open('/serviceRecord', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.getByTestId('mobile-menu-toggle').waitFor();
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    await page.getByTestId('mobile-menu-toggle').click();
    const drawer = page.getByTestId('mobile-sidebar');
    await drawer.waitFor({ state: 'visible' });
    // 智能设备 sits in the 设备管理 group beside 告警中心.
    await drawer.locator('[data-testid="menu-group-/equipment"]').click();
    await drawer.locator('[data-testid="menu-item-/equipment/mouseBox"]').click();
    await page.waitForURL('**/equipment/mouseBox');
    await drawer.waitFor({ state: 'hidden' });
    await close();
  });

  it('opens the big screen in a new window whose URL carries the token and the account as phone', async () => {
    const { context, page, close, token } = await session.open('/serviceRecord', {
      account: '13800000001',
      // The wallboard app is its own issue; here only the link's target matters, so the window gets an empty page.
      beforeGoto: (opening) => opening.context().route('**/wallboard/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>wallboard</title>' })),
    });
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByTestId('wallboard-link').click()]);
    await popup.waitForLoadState();
    const url = new URL(popup.url());
    expect(url.pathname).toBe('/wallboard/');
    expect(url.searchParams.get('token')).toBe(token);
    expect(url.searchParams.get('phone')).toBe('13800000001');
    await close();
  });
});
