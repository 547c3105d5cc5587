import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceActivityPaths, type ServiceActivity } from '@pest/shared';
import { createManualClock, signIn } from '@pest/server/testing';
import { launchBrowser, USER_CONTEXT } from '../../console/e2e/browser.ts';
import { startInProcessProduct, type InProcessProduct } from '../../console/e2e/inProcessProduct.ts';
import { waitForFilledBoard } from './board-page.ts';

/**
 * The board on the working Monday morning after the seeded history ends (the Sunday it ends on has
 * no visits in the small test fleet). The test template's history ends at DEMO_ANCHOR (2026-11-01
 * 09:00 in Beijing); a backend started later than that on its clock, with the live writers on,
 * catches up (the service scheduler runs from the stored filled_to to the clock's now) before it
 * answers. The clock then stands still: the numbers stay those of 11:00.
 */
const MOMENT = Date.parse('2026-11-02T11:00:00+08:00');
const DAY = '2026-11-02';
/** The provider's control room: every store (the small fleet's Monday visits are not all one customer's). */
const ACCOUNT = 'admin';

describe("wallboard's service day", () => {
  let product: InProcessProduct;
  let browser: Browser;
  let page: Page;
  let authorization: string;

  beforeAll(async () => {
    product = await startInProcessProduct({ pollMs: 500, backendEnv: { SIMULATOR: 'on' }, backendClock: createManualClock(MOMENT) });
    authorization = (await signIn(product.backend.app, ACCOUNT)).authorization;
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: product.url, ...USER_CONTEXT, viewport: { width: 1920, height: 1080 } });
    page = await context.newPage();
    // The screen's clock agrees with the backend's.
    await page.clock.setFixedTime(MOMENT);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it("shows today's date during working hours with at least one finished or running visit", async () => {
    const answer = await product.backend.app.inject({ method: 'POST', url: ServiceActivityPaths.activity, headers: { authorization }, payload: {} });
    const activity = answer.json<{ data: ServiceActivity }>().data;
    expect(activity).toMatchObject({ day: DAY, isToday: true });
    expect(activity.inProgress + activity.doneToday).toBeGreaterThan(0);

    await page.goto(`/wallboard/?token=${encodeURIComponent(authorization.slice('Bearer '.length))}&phone=${ACCOUNT}`);
    await waitForFilledBoard(page);
    const panel = page.locator('.panel.activity');
    expect(await panel.locator('h2').innerText()).toBe('今日服务');
    expect(await panel.getByTestId('activity-day').innerText()).toBe(DAY);
    const count = async (state: string) => Number(await panel.getByTestId(`activity-${state}`).innerText());
    expect({ inProgress: await count('in-progress'), done: await count('done'), upcoming: await count('upcoming') }).toEqual({
      inProgress: activity.inProgress,
      done: activity.doneToday,
      upcoming: activity.upcoming,
    });
    const overdue = panel.getByTestId('activity-overdue');
    if (activity.overdue > 0) expect(await overdue.innerText()).toBe(`本周逾期 ${activity.overdue} 单`);
    else expect(await overdue.count()).toBe(0);
  });
});
