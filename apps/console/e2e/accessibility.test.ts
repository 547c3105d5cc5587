import { describe, it } from 'vitest';
import { AlarmKind, alarmCenterLink } from '@pest/shared';
import { routes } from '../src/app/routes.tsx';
import { routePaths } from '../src/navigation/routePaths.ts';
import { blockingViolations, clickFirstBar, screenUrl, screens, settled, showResults, withoutTransitions } from './axeRun.ts';
import { useBrowser } from './browser.ts';

/**
 * Every screen of the route table, as the admin with its data shown, on the desktop
 * (1440×900) and on a phone (390×844, where tables are cards and the menu a drawer), checked by
 * axe-core against WCAG 2 A and AA: any critical or serious violation fails, listed rule by rule
 * with the elements it found; and no screen is wider than the viewport. A route added to the
 * table is checked without touching this file.
 * Popups and dialogs are checked open in accessibility-overlays.test.ts.
 */
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

const session = useBrowser();

// Two screens at a time (the e2e project's maxConcurrency): each waits on the network going quiet
// more than it computes, and one at a time this file was a quarter of the browser suite's time.
for (const viewport of VIEWPORTS) {
  describe.concurrent(`accessibility at ${viewport.width}×${viewport.height}: no critical or serious axe violation (WCAG 2 A, AA)`, () => {
    for (const route of screens(routes)) {
      it(route.path, async ({ expect }) => {
        const { page, close } = await session.open(await screenUrl(route.path, session.token), {
          viewport,
          beforeGoto: withoutTransitions,
          account: route.path === routePaths.login ? null : undefined,
        });
        await page.locator('#root > *').first().waitFor();
        await settled(page, expect);
        if (route.path !== routePaths.login) await showResults(page, expect);
        expect(await blockingViolations(page)).toBe('');
        // Nothing wider than the screen: no page-wide sideways scroll, on a phone least of all.
        const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
        expect(scrollWidth).toBeLessThanOrEqual(innerWidth!);
        if (route.path === routePaths.riskTrend) {
          // The screen's main flow: a bar opens the risk dialog; 全部 lists every risk of the type, with photos.
          await clickFirstBar(page, 'risk-chart', expect);
          // A table on a desktop, cards on a phone (DataTable below 992 px).
          await page.getByTestId(/^risk-details-table(-cards)?$/).first().waitFor();
          await page.getByTestId('risk-tab-2').click();
          await settled(page, expect);
          expect(await blockingViolations(page)).toBe('');
        }
        if (route.path === routePaths.alarmCenter) {
          // Gateways' offline alarms, one unfolded into the boxes silent with it (a card shows them unfolded).
          await page.goto(alarmCenterLink({ tab: 'all', types: [AlarmKind.offline], severities: ['critical'] }));
          await page.getByTestId(/^alarm-table(-cards)?$/).first().waitFor();
          if (viewport.width > 992) await page.getByTestId('data-table-expand').first().click();
          await page.getByTestId('alarm-linked').first().waitFor();
          await settled(page, expect);
          expect(await blockingViolations(page)).toBe('');
        }
        await close();
      });
    }
  });
}
