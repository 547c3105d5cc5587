import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHINA_TIME_ZONE } from '@pest/shared';

/** Debian's chromium, with the flags this machine's closed network needs (playwright gives it a fresh profile). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const baseUrl = (): string => inject('baseUrl');

/**
 * The console's users: Chinese, on China's clock. The backend counts days in China time, so a
 * browser on another zone would pick "today" differently near midnight there (and CI runs in UTC).
 */
export const USER_CONTEXT = { locale: 'zh-CN', timezoneId: CHINA_TIME_ZONE } as const;

export async function newPage(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), ...USER_CONTEXT, acceptDownloads: true, ...options });
  const page = await context.newPage();
  return { context, page };
}

/** Logs in through the API and stores the token cookie, for tests that are not about the login page. */
export async function loginAs(context: BrowserContext, account = 'admin', password = '123456'): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/user/mini/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  const body = (await res.json()) as { status: number; data: { token: string } };
  if (body.status !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
  await context.addCookies([{ name: 'Admin-Token', value: body.data.token, url: baseUrl() }]);
  return body.data.token;
}

let markers = 0;

/**
 * Resolves once every request `page` had started is known to its 'request' listeners: a marker
 * request goes out after them and is awaited, and the browser reports requests in the order they
 * start. Checks that nothing was sent call it after the DOM shows the page's answer (a refusal's
 * message), so the recorded requests are complete without sleeping on a guess.
 */
export async function requestsSettled(page: Page): Promise<void> {
  const marker = `/healthz?marker=${++markers}`;
  const seen = page.waitForRequest((request) => request.url().endsWith(marker));
  await page.evaluate((url) => fetch(url).then(() => undefined, () => undefined), marker);
  await seen;
}
