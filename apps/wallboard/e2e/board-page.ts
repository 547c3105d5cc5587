import type { Page } from 'playwright-core';

/** Every URL the page asks for (HTTP and websocket) with its Referer, to prove the token never leaks into one. */
export function recordRequests(page: Page): { url: string; referer: string | undefined }[] {
  const seen: { url: string; referer: string | undefined }[] = [];
  page.on('request', (request) => seen.push({ url: request.url(), referer: request.headers()['referer'] }));
  page.on('websocket', (socket) => seen.push({ url: socket.url(), referer: undefined }));
  return seen;
}

/** The board with its data in: KPIs, feed, trends, map and service activity all filled. */
export async function waitForFilledBoard(page: Page): Promise<void> {
  for (const id of ['kpi-total', 'alarm-feed', 'trend-24h', 'trend-7d', 'store-map', 'service-activity']) {
    try {
      await page.getByTestId(id).waitFor({ timeout: 30_000 });
    } catch (error) {
      // What the screen shows instead (a refusal, a spinner) says why; a bare timeout does not.
      const shown = await page.locator('body').innerText({ timeout: 1_000 }).catch(() => '(unreadable)');
      throw new Error(`${id} never appeared at ${page.url()}; the screen shows: ${shown.slice(0, 500)}`, { cause: error });
    }
  }
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="no-data"]').length === 0, undefined, { timeout: 30_000 });
}
