import type { Page } from 'playwright-core';
import { CHINA_TIME_ZONE, DevicePaths, JobOrderPaths, type DeviceRow, type JobOrderRecord } from '@pest/shared';
import { routePaths } from '../../apps/console/src/navigation/routePaths.ts';

/**
 * How a user fills each screen's filter for a heavy, realistic case. The screens come from the
 * console's route table (run.ts); this only says what differs from the common case, which is:
 * the organisation chosen where the form has the tree, the last year where it has a date range,
 * then 查询. A screen without 查询 is timed from navigation to everything drawn.
 */
export interface UserCase {
  /** The address to open; a record page gets a real record of the admin's. */
  url?(api: Api): Promise<string>;
  /** Fills the form; the common case when absent. */
  fill?(page: Page, context: CaseContext): Promise<void>;
  /** Why the screen is not timed. */
  skip?: string;
}

export type Api = <T>(path: string, body: unknown) => Promise<T>;

export interface CaseContext {
  organisation: string;
  /** The last year, China's calendar: [a year ago + 1 day, today]. */
  year: readonly [string, string];
}

const chinaDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: CHINA_TIME_ZONE }).format(date);

export function lastYear(now = new Date()): readonly [string, string] {
  const start = new Date(now);
  start.setUTCFullYear(start.getUTCFullYear() - 1);
  start.setUTCDate(start.getUTCDate() + 1);
  return [chinaDay(start), chinaDay(now)];
}

async function chooseInTree(page: Page, name: string): Promise<void> {
  await page.getByTestId('organisation-tree').click();
  const dropdown = page.getByTestId('organisation-tree-dropdown');
  await dropdown.locator('.arco-tree-node-title', { hasText: name }).first().click();
  if (await dropdown.isVisible()) await page.keyboard.press('Escape');
}

/** Opens the tree down to the organisation's first store and chooses it. */
async function chooseFirstStore(page: Page, organisation: string): Promise<void> {
  await page.getByTestId('organisation-tree').click();
  const dropdown = page.getByTestId('organisation-tree-dropdown');
  const nodes = dropdown.locator('.arco-tree-node');
  const expand = async (title: string) => {
    const node = nodes.filter({ has: page.locator('.arco-tree-node-title', { hasText: title }) }).first();
    const before = await nodes.count();
    await node.locator('.arco-tree-node-switcher').click();
    await nodes.nth(before).waitFor();
    return node.locator('xpath=following-sibling::*[1]');
  };
  const group = await expand(organisation);
  const store = await expand((await group.locator('.arco-tree-node-title').innerText()).trim());
  await store.locator('.arco-tree-node-title').click();
  if (await dropdown.isVisible()) await page.keyboard.press('Escape');
}

/** Opens a select and clicks its first `count` options (a multiple select stays open). */
async function chooseOptions(page: Page, testId: string, count: number): Promise<void> {
  const select = page.getByTestId(testId);
  await select.locator('.arco-select-view:not(.arco-select-view-disabled)').waitFor();
  await select.click();
  const options = page.locator(`[id="${await select.getAttribute('aria-controls')}"] .arco-select-option`);
  await options.first().waitFor();
  const total = Math.min(count, await options.count());
  for (let i = 0; i < total; i += 1) await options.nth(i).click();
  if (await options.first().isVisible()) await page.keyboard.press('Escape');
}

async function typeRange(page: Page, testId: string, [start, end]: readonly [string, string]): Promise<void> {
  const inputs = page.getByTestId(testId).locator('input');
  await inputs.nth(0).click();
  await inputs.nth(0).fill(start);
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(end);
  await inputs.nth(1).press('Enter');
  // A range picker left open would cover the form.
  if (await page.locator('.arco-picker-container').first().isVisible()) await page.keyboard.press('Escape');
}

const radio = (page: Page, testId: string, label: string) => page.getByTestId(testId).getByText(label, { exact: true }).click();

/** The common case: the organisation where the form has the tree, the last year where it has a range. */
export async function fillCommon(page: Page, { organisation, year }: CaseContext): Promise<void> {
  if (await page.getByTestId('organisation-tree').count()) await chooseInTree(page, organisation);
  if (await page.getByTestId('filter-dateRange').count()) await typeRange(page, 'filter-dateRange', year);
}

/** A finished visit (one under way has no sheet) and a rodent box, the admin's first. */
const recordIds = {
  visit: async (api: Api) => (await api<{ records: JobOrderRecord[] }>(JobOrderPaths.list, { current: 1, size: 50 })).records.find((o) => o.state === 'done')!.id,
  box: async (api: Api) =>
    (await api<{ records: DeviceRow[] }>(DevicePaths.list, { current: 1, size: 1, isCustomer: true, filters: { deviceType: 1 } })).records[0]!.id,
  device: async (api: Api) => (await api<{ records: DeviceRow[] }>(DevicePaths.list, { current: 1, size: 1, isCustomer: true, filters: {} })).records[0]!.id,
};

export const userCases: Partial<Record<string, UserCase>> = {
  // The whole fleet: the admin's device list and alarm centre need no organisation.
  [routePaths.mouseBox]: { fill: async () => {} },
  [routePaths.alarmCenter]: { fill: async () => {} },
  // The heaviest point trend: a store's first plan and the most points the screen draws (6).
  [routePaths.singleTrend]: {
    async fill(page, { organisation, year }) {
      await chooseFirstStore(page, organisation);
      await chooseOptions(page, 'filter-plan', 1);
      await chooseOptions(page, 'filter-device', 6);
      await typeRange(page, 'filter-dateRange', year);
    },
  },
  // Every sales area's positive rate over the year (selectAllCustomerPestWork).
  [routePaths.combineTrend]: {
    async fill(page, { year }) {
      await radio(page, 'filter-customerType', '大区');
      await chooseOptions(page, 'filter-area', 1_000);
      await radio(page, 'filter-basis', '虫害');
      await radio(page, 'filter-workType', '趋势');
      await typeRange(page, 'filter-dateRange', year);
    },
  },
  [routePaths.pointCheck]: { url: async (api) => `${routePaths.pointCheck}?id=${await recordIds.visit(api)}` },
  [routePaths.equipmentDetail]: { url: async (api) => `${routePaths.equipmentDetail}?id=${await recordIds.box(api)}` },
  [routePaths.bindInfo]: { url: async (api) => `${routePaths.bindInfo}?id=${await recordIds.device(api)}` },
  [routePaths.filterPreview]: { skip: 'a support page: it shows the request its form would send and asks for no data' },
};
