import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../src/app/routes.tsx';
import { routePaths } from '../src/navigation/routePaths.ts';
import { blockingViolations, clickFirstBar, screenUrl, screens, settled, showResults } from './axeRun.ts';
import { launchBrowser, loginAs, newPage } from './browser.ts';

/**
 * Every screen of the route table, as the admin with its data shown, on the desktop
 * (1440×900) and on a phone (390×844, where tables are cards and the menu a drawer), checked by
 * axe-core against WCAG 2 A and AA: any critical or serious violation fails, listed rule by rule
 * with the elements it found. A route added to the table is checked without touching this file.
 * Popups and dialogs are checked open in accessibility-overlays.test.ts.
 */
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const { context } = await newPage(browser);
  token = await loginAs(context);
  await context.close();
});
afterAll(() => browser?.close());

for (const viewport of VIEWPORTS) {
  describe(`accessibility at ${viewport.width}×${viewport.height}: no critical or serious axe violation (WCAG 2 A, AA)`, () => {
    for (const route of screens(routes)) {
      it(route.path, async () => {
        const { context, page } = await newPage(browser, { viewport });
        if (route.path !== routePaths.login) await loginAs(context);
        await page.goto(await screenUrl(route.path, token));
        await page.locator('#root > *').first().waitFor();
        await settled(page);
        if (route.path !== routePaths.login) await showResults(page);
        expect(await blockingViolations(page)).toBe('');
        if (route.path === routePaths.riskTrend) {
          // The screen's main flow: a bar opens the risk dialog; 全部 lists every risk of the type, with photos.
          await clickFirstBar(page, 'risk-chart');
          await page.getByTestId('risk-details-table').waitFor();
          await page.getByTestId('risk-tab-2').click();
          await settled(page);
          expect(await blockingViolations(page)).toBe('');
        }
        await context.close();
      });
    }
  });
}
