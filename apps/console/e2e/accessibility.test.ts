import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DevicePaths, JobOrderPaths, type DeviceRow, type JobOrderRecord } from '@pest/shared';
import { routes, type AppRoute } from '../src/app/routes.tsx';
import { routePaths } from '../src/navigation/routePaths.ts';
import { useBrowser } from './browser.ts';

/**
 * Every screen of the route table, as the admin at 1440×900 with its data shown, checked by axe-core
 * against WCAG 2 A and AA: any critical or serious violation fails, listed rule by rule with the
 * elements it found. A route added to the table is checked without touching this file.
 */
const DEMO_ORGANISATION = '味多美餐饮管理有限公司';
const VIEWPORT = { width: 1440, height: 900 };
const BLOCKING = new Set(['critical', 'serious']);

const session = useBrowser();
const api = <T>(path: string, body: unknown) => session.api<T>(path, { body });

/** The real record a page about one record opens: a finished visit (one under way has no sheet), a device. */
const recordIds: Record<string, () => Promise<number>> = {
  [routePaths.pointCheck]: async () => {
    const orders = await api<{ records: JobOrderRecord[] }>(JobOrderPaths.list, { current: 1, size: 50 });
    return orders.records.find((order) => order.state === 'done')!.id;
  },
  [routePaths.equipmentDetail]: async () => (await api<{ records: DeviceRow[] }>(DevicePaths.list, { current: 1, size: 1, isCustomer: true, filters: { deviceType: 1 } })).records[0]!.id,
  [routePaths.bindInfo]: async () => (await api<{ records: DeviceRow[] }>(DevicePaths.list, { current: 1, size: 1, isCustomer: true, filters: {} })).records[0]!.id,
};

/** Routes that render a screen, outermost first; a redirect-only parent has none. */
function screens(table: readonly AppRoute[]): AppRoute[] {
  return table.flatMap((route) => [...(route.screen ? [route] : []), ...screens(route.children ?? [])]);
}

/**
 * Nothing on its way: no request for half a second (Playwright's network idle), no spinner, and no
 * transition running (a button fading from disabled to enabled has neither colour for a moment).
 */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('.arco-spin-loading, .arco-skeleton').count()).toBe(0);
  const finiteAnimationsRunning = () =>
    page.evaluate(
      () => document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity).length,
    );
  await expect.poll(finiteAnimationsRunning).toBe(0);
}

/** A screen with a filter form shows what it is for: the demo organisation's results, as a user asks for them. */
async function showResults(page: Page): Promise<void> {
  const tree = page.getByTestId('organisation-tree');
  if ((await tree.count()) > 0) {
    await tree.click();
    const dropdown = page.getByTestId('organisation-tree-dropdown');
    await dropdown.locator('.arco-tree-node-title', { hasText: DEMO_ORGANISATION }).first().click();
    if (await dropdown.isVisible()) await page.keyboard.press('Escape');
  }
  const query = page.getByTestId('filter-query');
  if ((await query.count()) > 0) await query.click();
  await settled(page);
}

/** Clicks the first bar where ECharts drew it, once it has grown into place. */
async function clickFirstBar(page: Page, testId: string): Promise<void> {
  const canvas = page.getByTestId(`${testId}-canvas`);
  await canvas.scrollIntoViewIfNeeded();
  const firstBar = () =>
    canvas.evaluate((element) => {
      type Chart = {
        getZr(): { animation: { isFinished(): boolean } };
        getModel(): { getSeriesByIndex(i: number): { getData(): { getItemLayout(i: number): { x: number; y: number; width: number; height: number } } } | undefined };
      };
      const chart = (window as unknown as { chartInstanceOf(e: HTMLElement): Chart | undefined }).chartInstanceOf(element as HTMLElement);
      if (!chart?.getZr().animation.isFinished()) return null;
      const bar = chart.getModel().getSeriesByIndex(0)?.getData().getItemLayout(0);
      return bar ? { x: bar.x + bar.width / 2, y: bar.y + bar.height / 2 } : null;
    });
  await expect.poll(firstBar).not.toBeNull();
  const centre = (await firstBar())!;
  const box = (await canvas.boundingBox())!;
  await page.mouse.click(box.x + centre.x, box.y + centre.y);
}

/** Where a screen's main flow opens a dialog, the dialog is checked too, open over the screen. */
const dialogs: Partial<Record<string, (page: Page) => Promise<void>>> = {
  [routePaths.riskTrend]: async (page) => {
    await clickFirstBar(page, 'risk-chart');
    await page.getByTestId('risk-details-table').waitFor();
    // 全部: every risk of the type, with their photos' thumbnails.
    await page.getByTestId('risk-tab-2').click();
  },
};

async function blockingViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.length})\n` +
        violation.nodes
          .slice(0, 12)
          .map((node) => `    ${node.target.join(' ')}  ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join('\n'),
    );
}

describe('accessibility: no critical or serious axe violation (WCAG 2 A, AA)', () => {
  for (const route of screens(routes)) {
    it(route.path, async () => {
      const id = recordIds[route.path];
      const { page, close } = await session.open(id ? `${route.path}?id=${await id()}` : route.path, {
        viewport: VIEWPORT,
        account: route.path === routePaths.login ? null : undefined,
      });
      await page.locator('#root > *').first().waitFor();
      await settled(page);
      if (route.path !== routePaths.login) await showResults(page);
      expect((await blockingViolations(page)).join('\n')).toBe('');
      const openDialog = dialogs[route.path];
      if (openDialog) {
        await openDialog(page);
        await settled(page);
        expect((await blockingViolations(page)).join('\n')).toBe('');
      }
      await close();
    });
  }
});

describe('keyboard', () => {
  /** Presses Tab until `target` holds the focus, as a keyboard user gets there; fails past `limit` presses. */
  async function tabTo(page: Page, selector: string, limit = 60): Promise<void> {
    const focused = () => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);
    for (let presses = 0; !(await focused()); presses += 1) {
      if (presses === limit) throw new Error(`${selector} not reached in ${limit} presses of Tab`);
      await page.keyboard.press('Tab');
    }
  }

  it('reaches the menu with Tab: Enter opens a group and follows an item', async () => {
    const { page, close } = await session.open(routePaths.serviceRecord, { viewport: VIEWPORT });
    await settled(page);
    const header = `[data-testid="menu-group-${routePaths.statisticalChart}"] > [role="menuitem"][aria-expanded]`;
    await tabTo(page, header);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(header).getAttribute('aria-expanded')).toBe('true');
    await tabTo(page, `[data-testid="menu-item-${routePaths.trendChart1}"]`);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${routePaths.trendChart1}`);
    await close();
  });

  it('keeps the focus in the risk dialog while it is open, and Escape closes it', async () => {
    const { page, close } = await session.open(routePaths.riskTrend, { viewport: VIEWPORT });
    await page.getByTestId('risk-trend-page').waitFor();
    await settled(page);
    await showResults(page);
    await clickFirstBar(page, 'risk-chart');
    const dialog = page.locator('.arco-modal').filter({ has: page.getByTestId('risk-details-table') });
    await dialog.waitFor();
    const focusInDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('.arco-modal')));
    await expect.poll(focusInDialog).toBe(true);
    for (let presses = 0; presses < 30; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await close();
  });
});
