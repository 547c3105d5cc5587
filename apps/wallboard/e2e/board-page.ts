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
    await page.getByTestId(id).waitFor({ timeout: 30_000 });
  }
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="no-data"]').length === 0, undefined, { timeout: 30_000 });
}
