import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { routePaths } from '../src/navigation/routePaths.ts';
import { clickFirstBar, settled, showResults } from './axeRun.ts';
import { useBrowser } from './browser.ts';

/**
 * The console with the keyboard only: Tab reaches the sidebar, Enter opens a group and follows an
 * item; a dialog opened with Enter takes the focus, keeps it while open, and Escape closes it and
 * gives the focus back to what opened it.
 */
const VIEWPORT = { width: 1440, height: 900 };

const session = useBrowser();

async function openSignedIn(path: string): Promise<{ page: Page; close(): Promise<void> }> {
  const { page, close } = await session.open(path, { viewport: VIEWPORT });
  await page.locator('#root > *').first().waitFor();
  await settled(page);
  return { page, close };
}

const focusedMatches = (page: Page, selector: string) => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);
const focusInside = (page: Page, selector: string) => page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector);

/** Presses Tab until `selector` holds the focus, as a keyboard user gets there; fails past `limit` presses. */
async function tabTo(page: Page, selector: string, limit = 80): Promise<void> {
  for (let presses = 0; !(await focusedMatches(page, selector)); presses += 1) {
    if (presses === limit) throw new Error(`${selector} not reached in ${limit} presses of Tab`);
    await page.keyboard.press('Tab');
  }
}

/** Tabbing round a dialog many times never leaves it. */
async function expectFocusKeptIn(page: Page, dialog: string): Promise<void> {
  await expect.poll(() => focusInside(page, dialog)).toBe(true);
  for (let presses = 0; presses < 25; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInside(page, dialog)).toBe(true);
  }
}

/** Opens with Enter on `opener`, keeps the focus inside `dialog`, and Escape gives it back to the opener. */
async function dialogRoundTrip(page: Page, opener: string, dialog: string): Promise<void> {
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  await page.locator(dialog).first().waitFor({ state: 'visible' });
  await expectFocusKeptIn(page, dialog);
  await page.keyboard.press('Escape');
  await page.locator(dialog).first().waitFor({ state: 'hidden' });
  await expect.poll(() => focusedMatches(page, opener)).toBe(true);
}

describe('keyboard', () => {
  it('reaches the menu with Tab: Enter opens a group and follows an item', async () => {
    const { page, close } = await openSignedIn(routePaths.serviceRecord);
    const header = `[data-testid="menu-group-${routePaths.statisticalChart}"] > [role="menuitem"][aria-expanded]`;
    await tabTo(page, header);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(header).getAttribute('aria-expanded')).toBe('true');
    await tabTo(page, `[data-testid="menu-item-${routePaths.trendChart1}"]`);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${routePaths.trendChart1}`);
    await page.getByTestId('pest-trend-page').waitFor();
    await close();
  });

  it('opens the settings drawer with Enter; Escape closes it and the focus is back on its button', async () => {
    const { page, close } = await openSignedIn(routePaths.serviceRecord);
    await dialogRoundTrip(page, '[data-testid="settings-button"]', '.arco-drawer');
    await close();
  });

  it('opens a notification channel drawer with Enter; Escape closes it and the focus is back on 新增', async () => {
    const { page, close } = await openSignedIn(routePaths.notifySettings);
    await page.getByTestId('notify-channels').waitFor();
    await dialogRoundTrip(page, '[data-testid="channel-add"]', '.arco-drawer');
    await close();
  });

  it('opens a risk’s photos with Enter; Escape closes them and the focus is back on the photo button', async () => {
    const { page, close } = await openSignedIn(routePaths.riskSummary);
    await showResults(page);
    const opener = 'button:not([disabled])[data-testid^="risk-photos-"]';
    const id = await page.locator(opener).first().evaluate((button) => {
      button.setAttribute('data-keyboard-target', '');
      return button.getAttribute('data-testid');
    });
    expect(id).toMatch(/^risk-photos-/);
    await dialogRoundTrip(page, '[data-keyboard-target]', '.arco-modal');
    await close();
  });

  it('keeps the focus in the risk dialog while it is open, and Escape closes it', async () => {
    const { page, close } = await openSignedIn(routePaths.riskTrend);
    await showResults(page);
    await clickFirstBar(page, 'risk-chart');
    const dialog = page.locator('.arco-modal').filter({ has: page.getByTestId('risk-details-table') });
    await dialog.waitFor();
    await expectFocusKeptIn(page, '.arco-modal');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await close();
  });
});
