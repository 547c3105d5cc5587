import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newPage } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const formMessages = (page: import('playwright-core').Page) =>
  page.locator('.arco-form-message').allInnerTexts();

describe('login page (screen 13)', () => {
  it('shows the account message when the account is blank, and the password message under 6 characters', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByTestId('login-account').fill('   ');
    await page.getByTestId('login-password').fill('12345');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => formMessages(page)).toEqual(['请输入正确的用户名', '密码不能少于6位']);
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('toasts the server message on a wrong password and stays on the login page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByTestId('login-account').fill('admin');
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-password').press('Enter');
    await expect.poll(() => page.locator('.arco-message').innerText()).toContain('账号或密码错误');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await context.cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
    await context.close();
  });

  it('toggles the password between hidden and shown', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    const password = page.getByTestId('login-password');
    await password.fill('secret1');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByTestId('password-toggle').click();
    expect(await password.getAttribute('type')).toBe('text');
    await context.close();
  });

  it('warns when caps lock is on', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByTestId('login-password').dispatchEvent('keydown', { key: 'A', modifierCapsLock: true });
    await expect.poll(() => page.getByTestId('caps-lock-hint').count()).toBe(1);
    await context.close();
  });

  it('logs in with a trimmed account on Enter and lands on /serviceRecord', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByTestId('login-account').fill('  admin  ');
    await page.getByTestId('login-password').fill('123456');
    await page.getByTestId('login-password').press('Enter');
    await page.waitForURL('**/serviceRecord');
    await expect.poll(() => page.getByTestId('user-name').innerText()).toBe('系统管理员');
    expect((await context.cookies()).find((c) => c.name === 'Admin-Token')?.value).toBeTruthy();
    await context.close();
  });

  it('sends a deep link without a token to login and back to the deep link after login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/dataSheet/riskSummary?from=mail');
    await page.waitForURL('**/login?redirect=*');
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe('/dataSheet/riskSummary?from=mail');
    await page.getByTestId('login-account').fill('13800000001');
    await page.getByTestId('login-password').fill('123456');
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/dataSheet/riskSummary?from=mail');
    await context.close();
  });

  it('redirects /login to the home page when a token is present', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(context);
    await page.goto('/login');
    await page.waitForURL('**/serviceRecord');
    await context.close();
  });

  it('logs out to /login with a redirect back to the current page, and the token stops working', async () => {
    const { context, page } = await newPage(browser);
    const token = await loginAs(context);
    await page.goto('/statisticalChart/riskTrend');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL('**/login?redirect=*');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/statisticalChart/riskTrend');
    expect((await context.cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
    const res = await page.request.get('/api/user/mini/user/selectById', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(401);
    await context.close();
  });

  it('shows the 404 page for unknown paths and the 401 page goes back to /dashboard with noGoBack', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(context);
    await page.goto('/no/such/page');
    await page.getByTestId('not-found-page').waitFor();
    await page.goto('/401?noGoBack=true');
    await page.getByTestId('back-button').click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});
