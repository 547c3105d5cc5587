import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  AccountPaths,
  BuiltInRole,
  CustomerKind,
  CustomerPaths,
  DevicePaths,
  DeviceRegistrationPaths,
  ImportPaths,
  ServiceConfigPaths,
  type DevicePlacement,
  type PointDetail,
  type ServicePlanDetail,
} from '@pest/shared';
import { routePaths } from '../src/navigation/routePaths.ts';
import { launchBrowser, USER_CONTEXT } from './browser.ts';
import { signInToken } from './chromium.ts';
import { chooseOption, saveForm } from './forms.ts';
import { pngOf } from './png.ts';
import { startServer, type RunningServer } from './server.ts';

const FIRST_ADMIN = /First administrator: admin \/ (\S+)/g;
/** The administrator's own password, chosen in the first test. */
const ADMIN_PASSWORD = 'my-own-password-3';
const DESKTOP = { width: 1440, height: 1000 };

/**
 * The product for real (DEMO=off) on an empty data dir, started as `npm start` does: the banner
 * tells the first administrator's random password once, and the console asks for a new one before
 * anything else. Then a provider's first day: its own customer, store, plan, floor plan, points,
 * devices and the customer's manager, all put in through the console's screens.
 */
describe('an empty start (DEMO=off)', () => {
  // Given, so that stopping the server keeps it for the restart.
  const dataDir = mkdtempSync(join(tmpdir(), 'pest-e2e-empty-'));
  let server: RunningServer | undefined;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ DEMO: 'off', DATA_DIR: dataDir }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs in with the banner\'s password, asks for a new one first, then opens the console', async () => {
    await expect.poll(() => [...server!.output().matchAll(FIRST_ADMIN)].length, { timeout: 10_000 }).toBe(1);
    const password = [...server!.output().matchAll(FIRST_ADMIN)][0]![1]!;
    expect(server!.output()).not.toContain('123456');

    const context = await browser.newContext({ baseURL: server!.url, ...USER_CONTEXT });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-account').fill('admin');
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();

    await page.getByTestId('change-password-page').waitFor();
    await page.getByTestId('old-password').fill(password);
    await page.getByTestId('new-password').fill('my-own-password-1');
    await page.getByTestId('confirm-password').fill('my-own-password-2');
    await page.getByTestId('change-password-submit').click();
    await expect.poll(() => page.locator('.arco-form-message').allInnerTexts()).toEqual(['两次输入的新密码不一致']);

    await page.getByTestId('confirm-password').fill('my-own-password-1');
    await page.getByTestId('change-password-submit').click();
    await page.waitForURL('**/serviceRecord');
    await expect.poll(() => page.getByTestId('user-name').innerText()).toBe('系统管理员');
    expect(await page.getByTestId('change-password-page').count()).toBe(0);

    // Later, from the avatar menu: 修改密码, a wrong old password refused, then changed; the change is in 操作日志.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('change-password').click();
    const dialog = page.getByTestId('change-password-dialog');
    await dialog.getByTestId('old-password').fill('not-my-password');
    await dialog.getByTestId('new-password').fill(ADMIN_PASSWORD);
    await dialog.getByTestId('confirm-password').fill(ADMIN_PASSWORD);
    await dialog.getByTestId('change-password-submit').click();
    await page.locator('.arco-message', { hasText: '原密码（oldPassword）不正确' }).first().waitFor();
    await dialog.getByTestId('old-password').fill('my-own-password-1');
    await dialog.getByTestId('change-password-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.goto('/system/auditLog');
    await expect.poll(() => page.locator('[data-testid="audit-row"][data-object-type="user"]').count()).toBe(2);
    await context.close();
  });

  it('does not tell the password again on the next start', async () => {
    await server!.stop();
    server = await startServer({ DEMO: 'off', DATA_DIR: dataDir });
    await expect.poll(() => server!.output(), { timeout: 10_000 }).toContain('Pest console ready');
    expect(server.output()).not.toMatch(FIRST_ADMIN);
  });

  it("puts in a provider's first customer through the console, whose manager then sees that alone", { timeout: 240_000 }, async () => {
    const url = server!.url;
    const signedIn = async (account: string, password: string): Promise<BrowserContext> => {
      const context = await browser.newContext({ baseURL: url, ...USER_CONTEXT, viewport: DESKTOP });
      await context.addCookies([{ name: 'Admin-Token', value: await signInToken(url, account, password), url }]);
      return context;
    };
    const adminContext = await signedIn('admin', ADMIN_PASSWORD);
    const page = await adminContext.newPage();
    const customerRow = (name: string) =>
      page.getByTestId('customer-table').locator('tbody tr', { has: page.getByTestId('customer-name').getByText(name, { exact: true }) });

    // Another organisation of the provider's, put in through the API: the manager must never see it.
    const adminToken = await signInToken(url, 'admin', ADMIN_PASSWORD);
    const api = async <T>(path: string, body: unknown): Promise<T> => {
      const response = await fetch(url + path, { method: 'POST', headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const envelope = (await response.json()) as { status: number; message: string; data: T };
      expect(envelope.status, `${path}: ${envelope.message}`).toBe(200);
      return envelope.data;
    };
    const other = await api<{ id: number }>(CustomerPaths.save, { parentId: null, kind: CustomerKind.organisation, name: '他家集团', code: 'OTHER' });
    const otherStore = await api<{ id: number }>(CustomerPaths.save, { parentId: other.id, kind: CustomerKind.store, name: '他家一店', code: 'OTHER-1' });
    await api(DeviceRegistrationPaths.add, { deviceNo: 'OTHER-BOX-1', deviceName: '他家鼠盒', deviceType: 2, customerId: otherStore.id });

    // 客户管理: the organisation, then its store.
    await page.goto(routePaths.customerList);
    await page.getByTestId('customer-add-organisation').click();
    await page.getByTestId('customer-name-input').fill('鲜味餐饮集团');
    await page.getByTestId('customer-code').fill('XW');
    await saveForm(page, 'customer', CustomerPaths.save);
    await customerRow('鲜味餐饮集团').getByTestId('customer-add-child').click();
    await page.getByTestId('customer-name-input').fill('鲜味徐汇店');
    await page.getByTestId('customer-code').fill('XW-001');
    await page.getByTestId('customer-address').fill('漕溪北路1号');
    await saveForm(page, 'customer', CustomerPaths.save);
    await customerRow('鲜味徐汇店').waitFor();

    // 服务配置: a plan with two regions, its floor plan, ten points imported and each dragged into place.
    await page.goto(routePaths.servicePlans);
    await chooseOption(page, 'service-config-store', '鲜味徐汇店', 'XW-001');
    await page.getByTestId('plan-add').click();
    await page.getByTestId('plan-name').fill('鲜味虫控计划');
    await saveForm(page, 'plan', ServiceConfigPaths.planSave);
    await page.getByTestId('plan-table').locator('tbody tr', { hasText: '鲜味虫控计划' }).getByTestId('plan-select').click();
    for (const name of ['外围', '后厨']) {
      await page.getByTestId('region-add-top').click();
      await page.getByTestId('region-name').fill(name);
      await saveForm(page, 'region', ServiceConfigPaths.regionSave);
    }
    await page.getByTestId('region-tree').getByText('后厨').waitFor();
    await page.getByTestId('plan-tab-points').click();
    const codes = Array.from({ length: 10 }, (_, index) => `XW-P${String(index + 1).padStart(2, '0')}`);
    await importSheet(page, 'point-import', ['点位编号', '区域', '设备类型', 'X坐标', 'Y坐标'], codes.map((code, index) => [code, index < 5 ? '外围' : '后厨', '智能鼠盒 LoRa', String(60 + index * 60), '60']));
    await page.getByTestId('plan-tab-floor-plan').click();
    const imaged = page.waitForResponse((response) => response.url().endsWith(ServiceConfigPaths.floorPlanImage));
    await page.getByTestId('floor-plan-image-input').setInputFiles({ name: '平面图.png', mimeType: 'image/png', buffer: pngOf(1000, 500) });
    expect((await imaged).status()).toBe(200);
    await expect.poll(() => page.getByTestId('floor-plan-image-preview').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1000);
    await page.getByTestId('floor-plan-canvas').evaluate((svg) => svg.scrollIntoView({ block: 'center' }));
    const canvas = (await page.getByTestId('floor-plan-canvas').boundingBox())!;
    // Two rows of five, from the top left of the plan to its right.
    const placeOf = (index: number) => ({ x: ((index % 5) + 1) / 6, y: index < 5 ? 0.4 : 0.75 });
    for (const [index, code] of codes.entries()) {
      const circle = (await page.locator(`[data-testid="floor-plan-point"][data-code="${code}"] circle`).boundingBox())!;
      const saved = page.waitForResponse((response) => response.url().endsWith(ServiceConfigPaths.pointSave));
      await page.mouse.move(circle.x + circle.width / 2, circle.y + circle.height / 2);
      await page.mouse.down();
      await page.mouse.move(canvas.x + canvas.width * placeOf(index).x, canvas.y + canvas.height * placeOf(index).y, { steps: 5 });
      await page.mouse.up();
      expect((await saved).status()).toBe(200);
    }
    const plans = await api<ServicePlanDetail[]>(ServiceConfigPaths.planList, { customerId: (await storeId()) });
    const points = await api<PointDetail[]>(ServiceConfigPaths.pointList, { planId: plans[0]!.id });
    expect(points.map((point) => point.code).sort()).toEqual(codes);
    for (const point of points) {
      // Placed where it was dropped, in the plan's own coordinates (800 × 650): the imported row was y 60.
      expect(point.y, point.code).toBeGreaterThan(200);
    }

    // 设备管理: ten LoRa boxes imported, each bound to its point by the sheet.
    await page.goto(routePaths.mouseBox);
    const boxes = codes.map((code, index) => [`XW-BOX-${index + 1}`, `鲜味鼠盒${index + 1}`, 'LoRa鼠盒', '', '', '', 'XW-001', code, '', '']);
    await importSheet(page, 'device-import', ['设备编号', '设备名称', '设备类型', 'IMEI', 'IMSI', 'ICCID', '门店编码', '点位编号', '技术支持', '备注'], boxes);

    // 账号管理: the organisation's manager.
    await page.goto(routePaths.systemUsers);
    await page.getByTestId('account-add').click();
    await page.getByTestId('account-account-input').fill('xw.manager');
    await page.getByTestId('account-name-input').fill('鲜味经理');
    await chooseOption(page, 'account-roles-input', BuiltInRole.customerManager.roleName);
    await page.locator('.arco-modal-title').click();
    await chooseOption(page, 'account-customer-input', '鲜味餐饮集团', '鲜味');
    await page.getByTestId('account-password-input').fill('Given-pass-1');
    await saveForm(page, 'account', AccountPaths.userSave);
    await adminContext.close();

    // The manager's first sign-in, their own password, then their customer alone.
    const managerContext = await browser.newContext({ baseURL: url, ...USER_CONTEXT, viewport: DESKTOP });
    const manager = await managerContext.newPage();
    await manager.goto(routePaths.login);
    await manager.getByTestId('login-account').fill('xw.manager');
    await manager.getByTestId('login-password').fill('Given-pass-1');
    await manager.getByTestId('login-submit').click();
    await manager.getByTestId('old-password').fill('Given-pass-1');
    await manager.getByTestId('new-password').fill('Xianwei-2026');
    await manager.getByTestId('confirm-password').fill('Xianwei-2026');
    await manager.getByTestId('change-password-submit').click();
    await manager.getByTestId('change-password-page').waitFor({ state: 'detached' });

    await manager.goto(routePaths.customerList);
    await manager.getByTestId('customer-table').getByTestId('customer-name').first().waitFor();
    expect(await manager.getByTestId('customer-table').getByTestId('customer-name').allInnerTexts()).toEqual(['鲜味餐饮集团', '鲜味徐汇店']);

    await manager.goto(routePaths.mouseBox);
    const rows = manager.getByTestId('device-row');
    await rows.first().waitFor();
    await expect.poll(() => manager.getByTestId('device-pagination').innerText()).toContain('10');
    const listed = await rows.allInnerTexts();
    expect(listed).toHaveLength(10);
    for (const row of listed) expect(row).toMatch(/XW-BOX-\d+/);

    // On the map: the box's plan, every point placed and labelled.
    const first = Number(await rows.first().getAttribute('data-device-id'));
    await manager.goto(`${routePaths.equipmentDetail}?id=${first}`);
    await manager.locator('[data-testid="placement-canvas"][data-ready="true"][data-labels]').waitFor();
    const labels = JSON.parse((await manager.getByTestId('placement-canvas').getAttribute('data-labels')) ?? '[]') as [string][];
    expect(labels.map(([code]) => code).sort()).toEqual(codes);
    const token = await signInToken(url, 'xw.manager', 'Xianwei-2026');
    const placement = await fetch(`${url}${DevicePaths.detail}?id=${first}`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await placement.json()) as { data: DevicePlacement }).data.points).toHaveLength(10);
    await managerContext.close();

    async function storeId(): Promise<number> {
      const stores = await api<{ records: { id: number; code: string }[] }>(CustomerPaths.list, { current: 1, size: 10, kinds: [CustomerKind.store], keyword: 'XW-001' });
      return stores.records.find((store) => store.code === 'XW-001')!.id;
    }
  });
});

/** Fills a sheet with these rows, checks it in the import dialog named `testId`, imports it, and closes the dialog. */
async function importSheet(page: Page, testId: string, headers: string[], rows: string[][]): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  await page.getByTestId(testId).click();
  const checked = page.waitForResponse((response) => response.url().endsWith(ImportPaths.dryRun));
  await page.getByTestId(`${testId}-file`).setInputFiles({ name: '导入.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await workbook.xlsx.writeBuffer()) });
  await checked;
  const check = page.getByTestId(`${testId}-check`);
  await check.waitFor();
  expect(await page.getByTestId(`${testId}-confirm`).isDisabled(), await check.innerText()).toBe(false);
  await page.getByTestId(`${testId}-confirm`).click();
  await page.getByTestId(`${testId}-done`).waitFor();
  expect(await page.getByTestId(`${testId}-done`).innerText()).toContain(String(rows.length));
  await page.getByTestId(`${testId}-close`).click();
}
