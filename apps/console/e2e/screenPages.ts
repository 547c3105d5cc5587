import type { Page, ViewportSize } from 'playwright-core';
import { afterAll } from 'vitest';
import { TOKEN_COOKIE } from '@pest/shared';
import { routePaths } from '../src/navigation/routePaths.ts';
import type { BrowserSession, OpenedPage } from './browser.ts';

/**
 * Signed-in pages lent from one test to the next: a page of its own (a new browser context) cost
 * Chromium ~2.3 CPU-s to load on CI's 2 cores, most of a screen check's time, and what a test
 * checks is the screen, drawn the same in a lent page. How a lent page reaches the next test's
 * screen is the file's choice (Arrival). A page whose test failed is closed, never lent again, so
 * a failure cannot leave a dialog or a half-done state for the next test.
 */
export interface ScreenPages extends PageOpener {
  /** Runs `check` on a signed-in page showing `url` (a path, with its query) at `viewport`. */
  visit<T>(url: string, viewport: ViewportSize, check: (page: Page) => Promise<T>): Promise<T>;
}

/** What opens a signed-in page at a screen: a page of its own (BrowserSession) or a lent one (ScreenPages). */
export interface PageOpener {
  /**
   * A signed-in page showing `url` at `viewport` (Playwright's 1280×720 by default). Its `close`
   * gives a lent page back; a test that fails before it is never lent again. `beforeGoto` (see
   * OpenOptions) may listen or route, not add init scripts or a clock: a lent page would keep them.
   */
  open(url: string, options?: { viewport?: ViewportSize; beforeGoto?(page: Page): unknown }): Promise<{ page: Page; close(): Promise<void> }>;
}

/**
 * How a lent page reaches a test's screen. 'router': through the console's router by way of the
 * 404 page (showScreen), the cheapest, for tests that look at a screen; the query cache stays, so
 * a screen may show an answer without asking for it. 'load': loaded afresh in the same tab (~0.95
 * CPU-s: its renderer and compiled code stay), for tests that follow a screen's first requests.
 */
export type Arrival = 'router' | 'load';

/** Requests under way in each lent page, and when the last one started or ended. */
const requests = new WeakMap<Page, { pending: Set<unknown>; changed: number }>();

/**
 * Follows `page`'s requests. Playwright's 'networkidle' is a state of a page's load, reached once:
 * a screen reached through the router loads nothing, so its requests are counted here. The live
 * socket's are left out: they stay open by design.
 */
function trackRequests(page: Page): void {
  const state = { pending: new Set<unknown>(), changed: Date.now() };
  requests.set(page, state);
  page.on('request', (request) => {
    if (request.url().includes('/socket.io/')) return;
    state.pending.add(request);
    state.changed = Date.now();
  });
  const ended = (request: unknown) => {
    if (state.pending.delete(request)) state.changed = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
}

const QUIET_MS = 500;
const QUIET_WITHIN_MS = 15_000;

/** No request for half a second (as Playwright's 'networkidle'), in a lent page or a freshly loaded one. */
export async function networkQuiet(page: Page): Promise<void> {
  const state = requests.get(page);
  if (!state) return page.waitForLoadState('networkidle');
  const deadline = Date.now() + QUIET_WITHIN_MS;
  while (state.pending.size > 0 || Date.now() - state.changed < QUIET_MS) {
    if (Date.now() > deadline) throw new Error(`${state.pending.size} request(s) still under way after ${QUIET_WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const pathOf = (url: string) => new URL(url, 'http://console.invalid').pathname;

/**
 * The console at `url`, moved there as on the browser's back or forward (the router reads the new
 * location), once the router has drawn it: its page title follows the route.
 */
export async function moveTo(page: Page, url: string): Promise<void> {
  const samePath = pathOf(page.url()) === pathOf(url);
  const title = await page.title();
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  if (!samePath) await page.waitForFunction((before) => document.title !== before, title);
}

/**
 * `url` on a signed-in page that showed another screen, mounted fresh: by way of the 404 page,
 * which is outside the main layout, so the layout and every screen kept behind its tags unmount
 * and the next screen mounts in a fresh layout, as after a load.
 */
export async function showScreen(page: Page, url: string, viewport: ViewportSize): Promise<void> {
  // An earlier test's message is not this one's to read: it goes after its 3 s. (Hidden at once, the
  // same message shown again would be that hidden one, refreshed: the library shows a text once.)
  // The wait costs the other worker's file no CPU.
  await page.locator('.arco-message').first().waitFor({ state: 'detached', timeout: 10_000 });
  await page.setViewportSize(viewport);
  await moveTo(page, routePaths.notFound);
  await moveTo(page, url);
}

/**
 * `url` loaded afresh in a page that showed another screen, what the console keeps in the browser
 * (settings, language, the sidebar's state) cleared first but the sign-in: only the tab is the same.
 */
async function loadScreen(page: Page, url: string, viewport: ViewportSize, beforeGoto?: (page: Page) => unknown): Promise<void> {
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  const context = page.context();
  const signIn = (await context.cookies()).filter((cookie) => cookie.name === TOKEN_COOKIE);
  await context.clearCookies();
  await context.addCookies(signIn);
  await page.setViewportSize(viewport);
  await beforeGoto?.(page);
  await page.goto(url);
}

/** Playwright's own window size, which a page of its own has unless told otherwise. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

interface ScreenPagesOptions {
  /** Signed in as this account (admin by default). */
  account?: string;
  arrive?: Arrival;
  /** Done to each page before its first load (see OpenOptions): init scripts and clocks belong here. */
  beforeGoto?(page: Page): unknown;
}

/**
 * Pages for `session`'s tests, made when no idle one is left (so as many as the file runs tests at
 * once).
 */
export function useScreenPages(session: BrowserSession, { account, arrive = 'router', beforeGoto }: ScreenPagesOptions = {}): ScreenPages {
  const idle: OpenedPage[] = [];
  afterAll(() => Promise.all(idle.splice(0).map((opened) => opened.close())));

  async function lend(url: string, viewport: ViewportSize, beforeThisGoto?: (page: Page) => unknown): Promise<OpenedPage> {
    if (arrive === 'router' && beforeThisGoto) throw new Error("a screen reached through the router may answer from the cache before its requests are followed: arrive: 'load'");
    const lent = idle.pop();
    if (!lent) {
      return session.open(url, {
        viewport,
        account,
        beforeGoto: async (page) => {
          trackRequests(page);
          await beforeGoto?.(page);
          await beforeThisGoto?.(page);
        },
      });
    }
    try {
      if (arrive === 'router') await showScreen(lent.page, url, viewport);
      else await loadScreen(lent.page, url, viewport, beforeThisGoto);
      return lent;
    } catch (error) {
      await lent.close();
      throw error;
    }
  }

  async function giveBack(opened: OpenedPage): Promise<void> {
    // A test's stand-in answers are its own.
    await opened.page.unrouteAll({ behavior: 'ignoreErrors' });
    idle.push(opened);
  }

  return {
    async open(url, { viewport = DEFAULT_VIEWPORT, beforeGoto: beforeThisGoto } = {}) {
      const opened = await lend(url, viewport, beforeThisGoto);
      return { page: opened.page, close: () => giveBack(opened) };
    },
    async visit(url, viewport, check) {
      const opened = await lend(url, viewport);
      try {
        const result = await check(opened.page);
        await giveBack(opened);
        return result;
      } catch (error) {
        await opened.close();
        throw error;
      }
    },
  };
}
