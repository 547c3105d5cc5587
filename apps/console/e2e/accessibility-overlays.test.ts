import type { Page } from 'playwright-core';
import { describe, it, type ExpectStatic } from 'vitest';
import { routePaths } from '../src/navigation/routePaths.ts';
import { blockingViolations, clickFirstBar, settled, showResults, withoutTransitions } from './axeRun.ts';
import { useBrowser } from './browser.ts';
import { useScreenPages } from './screenPages.ts';

/**
 * What opens over a screen, checked by axe-core while open (WCAG 2 A and AA, no critical or serious
 * violation): each kind of popup (a select's list, the organisation tree, the date range picker,
 * 列设置, the navbar's menus) and every kind of dialog and drawer the console has. Each case opens
 * its overlay the way a user does and waits for it to be on screen and still.
 */
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

interface Overlay {
  name: string;
  path: string;
  viewport?: { width: number; height: number };
  /** The screen's results first, where the overlay belongs to them. */
  results?: boolean;
  /** `expect` is the test's own (its polls must know their test: the cases run two at a time). */
  open(page: Page, expect: ExpectStatic): Promise<void>;
}

const visible = (page: Page, selector: string) => page.locator(selector).first().waitFor({ state: 'visible' });

/** Opens a select by its test id and waits for its own list (the select names it in aria-controls). */
async function openSelect(page: Page, testId: string): Promise<void> {
  const select = page.getByTestId(testId);
  await select.click();
  await page.locator(`[id="${await select.getAttribute('aria-controls')}"]`).waitFor({ state: 'visible' });
}

/** A notification channel to act on: made through the channel drawer, as a user does. */
async function addChannel(page: Page): Promise<void> {
  await page.getByTestId('channel-add').click();
  await openSelect(page, 'channel-type');
  await page.locator('.arco-select-option', { hasText: 'Webhook' }).click();
  await page.getByTestId('channel-name').fill(`无障碍检查 ${Date.now()}`);
  await page.getByTestId('channel-url').fill('https://example.com/hook');
  await page.getByTestId('channel-save').click();
  await page.locator('.arco-drawer').waitFor({ state: 'hidden' });
}

const overlays: Overlay[] = [
  { name: 'a select’s dropdown', path: routePaths.trendChart1, open: (page) => openSelect(page, 'filter-timeType') },
  {
    name: 'the organisation tree select',
    path: routePaths.trendChart1,
    open: async (page) => {
      await page.getByTestId('organisation-tree').click();
      await page.getByTestId('organisation-tree-dropdown').waitFor();
    },
  },
  {
    name: 'the date range picker',
    path: routePaths.trendChart1,
    open: async (page) => {
      await page.getByTestId('filter-dateRange').locator('input').first().click();
      await visible(page, '.arco-picker-range-container, .arco-picker-container');
    },
  },
  {
    name: 'the 列设置 popover',
    path: routePaths.mouseBox,
    results: true,
    open: async (page) => {
      await page.getByTestId('device-table-column-settings').click();
      await page.getByTestId('device-table-column-list').waitFor();
    },
  },
  {
    name: 'the language menu',
    path: routePaths.serviceRecord,
    open: async (page) => {
      await page.getByTestId('language-switch').click();
      await page.getByTestId('language-option-en').waitFor();
    },
  },
  {
    name: 'the alarm bell’s list',
    path: routePaths.serviceRecord,
    open: async (page) => {
      await page.getByTestId('alarm-bell').click();
      await visible(page, '.arco-dropdown');
    },
  },
  {
    name: 'the risk dialog and a photo in it',
    path: routePaths.riskTrend,
    results: true,
    open: async (page, expect) => {
      await clickFirstBar(page, 'risk-chart', expect);
      await page.getByTestId('risk-details-table').waitFor();
      await page.getByTestId('risk-tab-2').click();
      await page.getByTestId('risk-details-table').locator('button:not([disabled])[data-testid^="risk-detail-"]').first().click();
      await page.getByTestId('photo-dialog').waitFor();
    },
  },
  {
    name: 'the risk summary’s photo dialog',
    path: routePaths.riskSummary,
    results: true,
    open: async (page) => {
      await page.locator('button:not([disabled])[data-testid^="risk-photos-"]').first().click();
      await page.getByTestId('photo-dialog').waitFor();
    },
  },
  {
    name: 'the settings drawer',
    path: routePaths.serviceRecord,
    open: async (page) => {
      await page.getByTestId('settings-button').click();
      await page.getByTestId('settings-panel').waitFor();
    },
  },
  {
    name: 'the phone’s menu drawer',
    path: routePaths.serviceRecord,
    viewport: PHONE,
    open: async (page) => {
      await page.getByTestId('mobile-menu-toggle').click();
      await page.getByTestId('mobile-sidebar').waitFor();
    },
  },
  {
    name: 'the notification channel drawer',
    path: routePaths.notifySettings,
    open: async (page) => {
      await page.getByTestId('channel-add').click();
      await page.getByTestId('channel-form').waitFor();
    },
  },
  {
    name: 'the notification rule drawer',
    path: routePaths.notifySettings,
    open: async (page) => {
      await page.getByTestId('notify-tab-rules').click();
      await page.getByTestId('rule-add').click();
      await page.getByTestId('rule-form').waitFor();
    },
  },
  {
    name: 'the delete confirmation',
    path: routePaths.notifySettings,
    open: async (page) => {
      await addChannel(page);
      await page.getByTestId('channel-row').first().getByTestId('channel-delete').click();
      await visible(page, '.arco-popconfirm');
    },
  },
  {
    name: 'the alarm handle drawer',
    path: routePaths.alarmCenter,
    open: async (page) => {
      await page.getByTestId('alarm-handle').first().click();
      await visible(page, '.alarm-handle-drawer');
    },
  },
  {
    // A store below an organisation: every field of the dialog, contacts included.
    name: 'the customer dialog',
    path: routePaths.customerList,
    open: async (page) => {
      await page.getByTestId('customer-add-child').first().click();
      await page.getByTestId('customer-form').waitFor();
    },
  },
  {
    // 服务配置 with a store's plan open on its floor plan, its points drawn on it.
    name: 'a plan’s floor plan',
    path: routePaths.servicePlans,
    open: async (page) => {
      const store = page.getByTestId('service-config-store');
      await store.click();
      await page.locator(`[id="${await store.getAttribute('aria-controls')}"] .arco-select-option`).first().click();
      await page.getByTestId('plan-select').first().click();
      await page.getByTestId('plan-tab-floor-plan').click();
      await page.getByTestId('floor-plan-point').first().waitFor();
    },
  },
  {
    name: 'the device registration dialog',
    path: routePaths.mouseBox,
    open: async (page) => {
      await page.getByTestId('device-add').click();
      await page.getByTestId('device-add-form').waitFor();
    },
  },
  {
    name: 'the account dialog',
    path: routePaths.systemUsers,
    open: async (page) => {
      await page.getByTestId('account-add').click();
      await page.getByTestId('account-form').waitFor();
    },
  },
  {
    // The administrator's: every permission checked and disabled.
    name: 'the role dialog',
    path: routePaths.systemRoles,
    open: async (page) => {
      await page.getByTestId('role-edit').first().click();
      await page.getByTestId('role-form').waitFor();
    },
  },
  {
    name: 'the alarm assign dialog',
    path: routePaths.alarmCenter,
    open: async (page) => {
      await page.getByTestId('alarm-assign').first().click();
      await page.getByTestId('alarm-assignee').waitFor();
    },
  },
];

const session = useBrowser();
// A case's screen is reached through the router in a page an earlier case used (screenPages.ts).
const pages = useScreenPages(session, { beforeGoto: withoutTransitions });

// Two cases at a time (the e2e project's maxConcurrency): each waits on the network going quiet more than it computes.
describe.concurrent('accessibility of what opens over a screen: no critical or serious axe violation', () => {
  for (const overlay of overlays) {
    // Two at a time on two cores: a case takes 8–19 s. The phone's drawer once took 68 s, over the 500 cards
    // the service records drew at once (now fifty at a time); the margin stays for CI's busiest moments.
    it(`${overlay.name} (${overlay.path}${overlay.viewport ? `, ${overlay.viewport.width} px` : ''})`, { timeout: 120_000 }, async ({ expect }) => {
      await pages.visit(overlay.path, overlay.viewport ?? DESKTOP, async (page) => {
        await page.locator('#root > *').first().waitFor();
        await settled(page, expect);
        if (overlay.results) await showResults(page, expect);
        await overlay.open(page, expect);
        await settled(page, expect);
        expect(await blockingViolations(page)).toBe('');
      });
    });
  }
});
