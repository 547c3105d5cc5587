import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHINA_TIME_ZONE } from '@pest/shared';
import { launchBrowser as launchChromium, signInToken } from './chromium.ts';

/**
 * The tests' browser runs JavaScript without V8's optimising compilers (TurboFan, Maglev): a test's
 * page lives seconds, too short to repay compiling its hot code again, which cost a fifth of the
 * browser's CPU for each screen loaded (18 s to 14 s for six, measured). Same semantics, and the
 * benchmarks (bench/screens, bench/soak) launch the browser as users have it.
 */
const TEST_JS_FLAGS = ['--js-flags=--no-opt --no-maglev'];

export const launchBrowser = (): Promise<Browser> => launchChromium(TEST_JS_FLAGS);

/** This worker's server: vitest numbers its workers 1 to maxWorkers (VITEST_POOL_ID). */
export const baseUrl = (): string => {
  const urls = inject('baseUrls');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length]!;
};

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

/** Logs in through the API: the account's token. */
export const apiToken = (account = 'admin', password = '123456'): Promise<string> => signInToken(baseUrl(), account, password);

/** Logs in through the API and stores the token cookie, for tests that are not about the login page. */
export async function loginAs(context: BrowserContext, account = 'admin', password = '123456'): Promise<string> {
  const token = await apiToken(account, password);
  await context.addCookies([{ name: 'Admin-Token', value: token, url: baseUrl() }]);
  return token;
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** The signed-in account's token (null when signed out). */
  token: string | null;
  close(): Promise<void>;
}

export interface OpenOptions extends NonNullable<Parameters<Browser['newContext']>[0]> {
  /** Signed in as this account (admin by default); null opens the page signed out. */
  account?: string | null;
  /**
   * Done before the page goes to its path: listeners that must see its first requests, a clock to
   * install. Awaited, so a wait for a request the page has yet to make is kept, not returned.
   */
  beforeGoto?(page: Page): unknown;
}

export interface ApiCall {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number>;
}

export interface BrowserSession {
  readonly browser: Browser;
  /** The admin's token, for calls to the API. */
  readonly token: string;
  /** A page of its own (a fresh context), signed in, at `path`. */
  open(path: string, options?: OpenOptions): Promise<OpenedPage>;
  /** The API straight, as the admin: the envelope's data, or an error naming the refusal. */
  api<T>(path: string, call?: ApiCall): Promise<T>;
}

/**
 * One browser for a test file, launched before its tests and closed after them, and the admin's
 * token for the API. Call it at the top of the file; its members are ready inside the tests.
 */
export function useBrowser(): BrowserSession {
  let browser: Browser | undefined;
  let token: string | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken();
  });
  afterAll(() => browser?.close());

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is ready inside the tests, not when the file loads`);
    return value;
  };

  return {
    get browser() {
      return ready(browser, 'the browser');
    },
    get token() {
      return ready(token, 'the token');
    },
    async open(path: string, { account = 'admin', beforeGoto, ...options }: OpenOptions = {}): Promise<OpenedPage> {
      const { context, page } = await newPage(ready(browser, 'the browser'), options);
      const token = account === null ? null : await loginAs(context, account);
      await beforeGoto?.(page);
      await page.goto(path);
      return { context, page, token, close: () => context.close() };
    },
    async api<T>(path: string, { method, body, query }: ApiCall = {}): Promise<T> {
      const url = new URL(path, baseUrl());
      for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value));
      const res = await fetch(url, {
        method: method ?? (body === undefined ? 'GET' : 'POST'),
        headers: { authorization: `Bearer ${ready(token, 'the token')}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const envelope = (await res.json()) as { status: number; message: string; data: T };
      if (envelope.status !== 200) throw new Error(`${path}: ${envelope.message}`);
      return envelope.data;
    },
  };
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
