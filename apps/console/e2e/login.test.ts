import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';

const session = useBrowser();

const formMessages = (page: import('playwright-core').Page) =>
  page.locator('.arco-form-message').allInnerTexts();

describe('login page (screen 13)', () => {
  it('shows the account message when the account is blank, and the password message under 6 characters', async () => {
    const { page, close } = await session.open('/login', { account: null });
    await page.getByTestId('login-account').fill('   ');
    await page.getByTestId('login-password').fill('12345');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => formMessages(page)).toEqual(['请输入正确的用户名', '密码不能少于6位']);
    expect(new URL(page.url()).pathname).toBe('/login');
    await close();
  });

  it('toasts the server message on a wrong password and stays on the login page', async () => {
    const { context, page, close } = await session.open('/login', { account: null });
    await page.getByTestId('login-account').fill('admin');
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-password').press('Enter');
    await expect.poll(() => page.locator('.arco-message').innerText()).toContain('账号或密码错误');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await context.cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
    await close();
  });

  it('toggles the password between hidden and shown', async () => {
    const { page, close } = await session.open('/login', { account: null });
    const password = page.getByTestId('login-password');
    await password.fill('secret1');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByTestId('password-toggle').click();
    expect(await password.getAttribute('type')).toBe('text');
    await close();
  });

  it('warns when caps lock is on', async () => {
    const { page, close } = await session.open('/login', { account: null });
    await page.getByTestId('login-password').dispatchEvent('keydown', { key: 'A', modifierCapsLock: true });
    await expect.poll(() => page.getByTestId('caps-lock-hint').count()).toBe(1);
    await close();
  });

  it('logs in with a trimmed account on Enter and lands on /serviceRecord', async () => {
    const { context, page, close } = await session.open('/login', { account: null });
    await page.getByTestId('login-account').fill('  admin  ');
    await page.getByTestId('login-password').fill('123456');
    await page.getByTestId('login-password').press('Enter');
    await page.waitForURL('**/serviceRecord');
    await expect.poll(() => page.getByTestId('user-name').innerText()).toBe('系统管理员');
    expect((await context.cookies()).find((c) => c.name === 'Admin-Token')?.value).toBeTruthy();
    await close();
  });

  it('sends a deep link without a token to login and back to the deep link after login', async () => {
    const { page, close } = await session.open('/dataSheet/riskSummary?from=mail', { account: null });
    await page.waitForURL('**/login?redirect=*');
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe('/dataSheet/riskSummary?from=mail');
    await page.getByTestId('login-account').fill('13800000001');
    await page.getByTestId('login-password').fill('123456');
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/dataSheet/riskSummary?from=mail');
    await close();
  });

  it('redirects /login to the home page when a token is present', async () => {
    const { page, close } = await session.open('/login');
    await page.waitForURL('**/serviceRecord');
    await close();
  });

  it('logs out to /login with a redirect back to the current page, and the token stops working', async () => {
    const { context, page, close, token } = await session.open('/statisticalChart/riskTrend');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL('**/login?redirect=*');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/statisticalChart/riskTrend');
    expect((await context.cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
    const res = await page.request.get('/api/user/mini/user/selectById', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(401);
    await close();
  });

  it('shows the 404 page for unknown paths and the 401 page goes back to /dashboard with noGoBack', async () => {
    const { page, close } = await session.open('/no/such/page');
    await page.getByTestId('not-found-page').waitFor();
    await page.goto('/401?noGoBack=true');
    await page.getByTestId('back-button').click();
    await page.waitForURL('**/dashboard');
    await close();
  });
});
