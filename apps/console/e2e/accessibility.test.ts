import type { Page, ViewportSize } from 'playwright-core';
import { describe, it, type ExpectStatic } from 'vitest';
import { AlarmKind, alarmCenterLink } from '@pest/shared';
import { routes } from '../src/app/routes.tsx';
import { routePaths } from '../src/navigation/routePaths.ts';
import { blockingViolations, clickFirstBar, screenUrl, screens, settled, showResults, withoutTransitions } from './axeRun.ts';
import { useBrowser } from './browser.ts';
import { moveTo, useScreenPages } from './screenPages.ts';

/**
 * Every screen of the route table, as the admin with its data shown, on the desktop
 * (1440×900) and on a phone (390×844, where tables are cards and the menu a drawer), checked by
 * axe-core against WCAG 2 A and AA: any critical or serious violation fails, listed rule by rule
 * with the elements it found; and no screen is wider than the viewport. A route added to the
 * table is checked without touching this file. Each screen is checked at both widths in one
 * page, narrowed as a window is (the console follows its width; loading each screen twice was half
 * this file's time), and reached through the router in a page an earlier screen's check used
 * (screenPages.ts), as a user moves through the menu, rather than by loading the console again.
 * Popups and dialogs are checked open in accessibility-overlays.test.ts.
 */
const [DESKTOP, PHONE] = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

const session = useBrowser();
const pages = useScreenPages(session, { beforeGoto: withoutTransitions });

/** Checks the page as it is now at `viewport`: no blocking violation, nothing wider than the screen. */
async function expectAccessibleAt(page: Page, viewport: ViewportSize, expect: ExpectStatic, what: string): Promise<void> {
  await page.setViewportSize(viewport);
  await settled(page, expect);
  expect(await blockingViolations(page), `${what} at ${viewport.width}×${viewport.height}`).toBe('');
  // Nothing wider than the screen: no page-wide sideways scroll, on a phone least of all.
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth, `${what} at ${viewport.width}: page width`).toBeLessThanOrEqual(innerWidth!);
}

/** The screen at `path` as the user sees it, then its main flow's dialog or second state where it has one. */
async function checkScreen(page: Page, path: string, expect: ExpectStatic): Promise<void> {
  await page.locator('#root > *').first().waitFor();
  await settled(page, expect);
  if (path !== routePaths.login) await showResults(page, expect);
  await expectAccessibleAt(page, DESKTOP, expect, 'the screen');
  await expectAccessibleAt(page, PHONE, expect, 'the screen');
  if (path === routePaths.riskTrend) {
    // The screen's main flow: a bar opens the risk dialog; 全部 lists every risk of the type, with photos.
    await clickFirstBar(page, 'risk-chart', expect);
    // A table on a desktop, cards on a phone (DataTable below 992 px).
    await page.getByTestId(/^risk-details-table(-cards)?$/).first().waitFor();
    await page.getByTestId('risk-tab-2').click();
    await expectAccessibleAt(page, PHONE, expect, 'the risk dialog');
    await expectAccessibleAt(page, DESKTOP, expect, 'the risk dialog');
  }
  if (path === routePaths.alarmCenter) {
    // Gateways' offline alarms, one unfolded into the boxes silent with it (a card shows them unfolded).
    await moveTo(page, alarmCenterLink({ tab: 'all', types: [AlarmKind.offline], severities: ['critical'] }));
    await page.getByTestId(/^alarm-table(-cards)?$/).first().waitFor();
    await page.getByTestId('alarm-linked').first().waitFor();
    await expectAccessibleAt(page, PHONE, expect, 'the linked alarms');
    await page.setViewportSize(DESKTOP);
    await page.getByTestId('data-table-expand').first().click();
    await page.getByTestId('alarm-linked').first().waitFor();
    await expectAccessibleAt(page, DESKTOP, expect, 'the linked alarms');
  }
}

// Two screens at a time (the e2e project's maxConcurrency): each waits on the network going quiet
// more than it computes.
describe.concurrent('accessibility at 1440×900 and 390×844: no critical or serious axe violation (WCAG 2 A, AA)', () => {
  for (const route of screens(routes)) {
    it(route.path, async ({ expect }) => {
      if (route.path === routePaths.login) {
        const { page, close } = await session.open(route.path, { viewport: DESKTOP, beforeGoto: withoutTransitions, account: null });
        await checkScreen(page, route.path, expect);
        await close();
      } else {
        await pages.visit(await screenUrl(route.path, session.token), DESKTOP, (page) => checkScreen(page, route.path, expect));
      }
    });
  }
});
