import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, USER_CONTEXT } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

const FIRST_ADMIN = /First administrator: admin \/ (\S+)/g;

/**
 * The product for real (DEMO=off) on an empty data dir, started as `npm start` does: the banner
 * tells the first administrator's random password once, and the console asks for a new one before
 * anything else.
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
    await dialog.getByTestId('new-password').fill('my-own-password-3');
    await dialog.getByTestId('confirm-password').fill('my-own-password-3');
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
});
