import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FilterPaths } from '@pest/shared';
import { useBrowser } from './browser.ts';
import { useScreenPages } from './screenPages.ts';

/**
 * The shared filter form (console-spec sections 2, 4, 5, 6) driven as a user on /filterPreview,
 * against the real server and its small demo data: admin 'admin' (the organisation tree) and
 * customer manager '13800000001' (the store list of the 8 stores of organisation 1).
 */
const ADMIN = 'admin';
const MANAGER = '13800000001';
const DEMO_ORGANISATION = '味多美餐饮管理有限公司';

/** Waits for what the server's answers change on the page; the machine may be busy. */
const settle = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

const session = useBrowser();

// Each test loads the preview afresh in a tab an earlier test of the same account used (screenPages.ts).
const pagesOf = { [ADMIN]: useScreenPages(session, { arrive: 'load' }), [MANAGER]: useScreenPages(session, { arrive: 'load', account: MANAGER }) };

async function openPreview(account: typeof ADMIN | typeof MANAGER) {
  const { page, close } = await pagesOf[account].open('/filterPreview');
  await page.getByTestId('filter-form').waitFor();
  return { page, close };
}

interface ApiCall {
  path: string;
  body: Record<string, unknown> | undefined;
}

/** Every /api call the page makes from now on. */
function recordApiCalls(page: Page): ApiCall[] {
  const calls: ApiCall[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    calls.push({ path: url.pathname + url.search, body: request.postDataJSON() ?? undefined });
  });
  return calls;
}

const control = (page: Page, name: string) => page.getByTestId(`filter-${name}`);
/** A select's own dropdown (another one may still be fading out). */
async function popupOf(page: Page, select: Locator): Promise<Locator> {
  return page.locator(`[id="${await select.getAttribute('aria-controls')}"]`);
}

/** What a single select or tree select shows as chosen; '' for its placeholder. */
async function shownValue(select: Locator): Promise<string> {
  const value = select.locator('.arco-select-view-value, .arco-tree-select-view-value');
  return (await value.isVisible()) ? value.innerText() : '';
}

async function chooseOption(page: Page, name: string, label?: string): Promise<string> {
  await control(page, name).click();
  const options = (await popupOf(page, control(page, name))).locator('.arco-select-option');
  const option = label ? options.filter({ hasText: label }).first() : options.first();
  const text = await option.innerText();
  await option.click();
  return text;
}

async function chooseRadio(page: Page, name: string, label: string): Promise<void> {
  await control(page, name).getByText(label, { exact: true }).click();
}

/** Empties a single select the way a user does: the clear icon its hover shows. */
async function clearSelect(page: Page, name: string): Promise<void> {
  await control(page, name).hover();
  await control(page, name).locator('.arco-select-clear-icon').click();
}

/** Closes an open dropdown the way a user does: a click on an empty part of the page. */
async function clickAway(page: Page): Promise<void> {
  await page.locator('.filter-preview-title').click();
}

const treeDropdown = (page: Page) => page.getByTestId('organisation-tree-dropdown');
const treeNode = (page: Page, title: string) =>
  treeDropdown(page).locator('.arco-tree-node').filter({ has: page.locator('.arco-tree-node-title', { hasText: title }) });
const treeTitles = (page: Page) => treeDropdown(page).locator('.arco-tree-node-title').allInnerTexts();

/** Expands a node of the open tree; returns the titles of the children it loaded. */
async function expandTreeNode(page: Page, title: string): Promise<string[]> {
  const before = await treeTitles(page);
  const loaded = page.waitForResponse((response) => response.url().includes('/selectNewCustomerTreeByParentId'));
  await treeNode(page, title).locator('.arco-tree-node-switcher').click();
  await loaded;
  await settle(async () => (await treeTitles(page)).length).toBeGreaterThan(before.length);
  return (await treeTitles(page)).filter((shown) => !before.includes(shown));
}

/** Opens the tree and expands the demo organisation and its first group (the demo data's names are generated). */
async function browseToFirstStore(page: Page): Promise<{ group: string; store: string }> {
  await page.getByTestId('organisation-tree').click();
  await settle(() => treeTitles(page)).toContain(DEMO_ORGANISATION);
  const [group] = await expandTreeNode(page, DEMO_ORGANISATION);
  const [store] = await expandTreeNode(page, group!);
  return { group: group!, store: store! };
}

/** Chooses the demo organisation's first store in the tree; returns its name. */
async function chooseFirstStoreInTree(page: Page): Promise<string> {
  const { store } = await browseToFirstStore(page);
  await treeNode(page, store).locator('.arco-tree-node-title').click();
  return store;
}

const OPTION_LISTS: readonly string[] = Object.values(FilterPaths);
/** Calls other than the form's option lists (which a choice just made may still be loading). */
const dataCalls = (calls: readonly ApiCall[]) => calls.filter((call) => !OPTION_LISTS.includes(call.path.split('?')[0]!));

const previewResult = (page: Page) => page.getByTestId('preview-result').innerText();

/**
 * Query must be refused with exactly `message`, at `level`, and send nothing: no call, and the
 * preview's result (what a screen would have sent and shown) stays as it was.
 */
async function expectRefused(page: Page, message: string, level: 'info' | 'warning'): Promise<void> {
  const resultBefore = await previewResult(page);
  const calls = recordApiCalls(page);
  await page.getByTestId('filter-query').click();
  const shown = page.locator(`.arco-message-${level} .arco-message-content`).filter({ hasText: message });
  await settle(() => shown.count()).toBe(1);
  expect(await shown.innerText()).toBe(message);
  expect(dataCalls(calls)).toEqual([]);
  expect(await previewResult(page)).toBe(resultBefore);
}

async function queriedBody(page: Page): Promise<Record<string, unknown>> {
  await page.getByTestId('filter-query').click();
  await page.getByTestId('preview-request').waitFor();
  return JSON.parse(await page.getByTestId('preview-request').innerText()) as Record<string, unknown>;
}

describe('filter form: organisation tree (admin)', () => {
  it('lists the organisations, and expanding one loads and shows its children', async () => {
    const { page, close } = await openPreview(ADMIN);
    const calls = recordApiCalls(page);
    await page.getByTestId('organisation-tree').click();
    await settle(() => treeTitles(page)).toContain(DEMO_ORGANISATION);
    const tops = await treeTitles(page);
    expect(tops).toHaveLength(4);

    const children = await expandTreeNode(page, DEMO_ORGANISATION);
    for (const child of children) expect(child).toMatch(/^味多美/);
    expect(calls.find((call) => call.path.endsWith('/selectNewCustomerTreeByParentId'))?.body).toEqual({ parentId: 1 });
    await close();
  });

  it('searches on the server 1.5 s after typing and shows the matches with their branches open', async () => {
    const { page, close } = await openPreview(ADMIN);
    const { group, store } = await browseToFirstStore(page);
    // A part of the store's own name: 味多美（通州北站店） gives 通州.
    const fragment = store.slice(store.indexOf('（') + 1, store.indexOf('（') + 3);

    const searched = page.waitForResponse((response) => response.url().endsWith('/selectNewCustomerTreeByName'));
    await page.getByTestId('organisation-tree').locator('input').pressSequentially(fragment, { delay: 50 });
    const typedAt = Date.now();
    const response = await searched;
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(1400);
    expect(response.request().postDataJSON()).toEqual({ name: fragment });

    // Only the matches now, organisation > group > store, every level open without a click.
    const onlyMatches = async () => {
      const titles = await treeTitles(page);
      const stores = titles.filter((title) => title.endsWith('店）'));
      const branchShown = [DEMO_ORGANISATION, group, store].every((title) => titles.includes(title));
      return branchShown && stores.every((title) => title.includes(fragment));
    };
    await settle(onlyMatches).toBe(true);

    await treeNode(page, store).locator('.arco-tree-node-title').click();
    await settle(() => shownValue(page.getByTestId('organisation-tree'))).toBe(store);
    await close();
  });

  it('cascades: organisation > plan > regions, device types, devices; a new organisation clears the plan', async () => {
    const { page, close } = await openPreview(ADMIN);
    const dependents = ['serviceRegion', 'deviceType', 'device'];
    expect(await control(page, 'plan').getAttribute('aria-disabled')).toBe('true');

    const plansLoaded = page.waitForRequest((request) => request.url().includes('/medium/getList?customerId='));
    await chooseFirstStoreInTree(page);
    await plansLoaded;
    await settle(() => control(page, 'plan').getAttribute('aria-disabled')).toBe('false');
    for (const name of dependents) expect(await control(page, name).getAttribute('aria-disabled')).toBe('true');

    const regionsLoaded = page.waitForRequest((request) => request.url().includes('/region/regionList?mediumId='));
    const pointsLoaded = page.waitForRequest((request) => request.url().endsWith('/selectPointByParam'));
    const plan = await chooseOption(page, 'plan');
    await Promise.all([regionsLoaded, pointsLoaded]);
    expect(await shownValue(control(page, 'plan'))).toBe(plan);
    for (const name of dependents) await settle(() => control(page, name).getAttribute('aria-disabled')).toBe('false');
    const device = await chooseOption(page, 'device');
    await clickAway(page);
    expect(await control(page, 'device').locator('.arco-tag').first().innerText()).toBe(device);

    // Another organisation: plan and devices cleared, the plan's dependents locked again.
    await page.getByTestId('organisation-tree').click();
    const otherOrganisation = (await treeTitles(page)).find((title) => title !== DEMO_ORGANISATION && !title.startsWith('味多美'))!;
    await treeNode(page, otherOrganisation).locator('.arco-tree-node-title').click();
    await settle(() => shownValue(page.getByTestId('organisation-tree'))).toBe(otherOrganisation);
    await settle(() => shownValue(control(page, 'plan'))).toBe('');
    await settle(() => control(page, 'device').locator('.arco-tag').count()).toBe(0);
    for (const name of dependents) expect(await control(page, name).getAttribute('aria-disabled')).toBe('true');
    await close();
  });

  it('switching between region and customer clears the other side’s choice', async () => {
    const { page, close } = await openPreview(ADMIN);
    await chooseRadio(page, 'customerType', '客户');
    const store = await chooseFirstStoreInTree(page);
    await settle(() => shownValue(page.getByTestId('organisation-tree'))).toBe(store);

    await chooseRadio(page, 'customerType', '大区');
    await settle(() => shownValue(page.getByTestId('organisation-tree'))).toBe('');
    await chooseOption(page, 'area', '华北');
    expect(await shownValue(control(page, 'area'))).toBe('华北');

    await chooseRadio(page, 'customerType', '客户');
    await settle(() => shownValue(control(page, 'area'))).toBe('');
    await close();
  });

  it('refuses each invalid query with the spec’s message and sends nothing', async () => {
    const { page, close } = await openPreview(ADMIN);
    await expectRefused(page, '请先选择【大区/客户】', 'info');

    await chooseRadio(page, 'customerType', '客户');
    await expectRefused(page, '若【大区/客户】为客户 ,则必须筛选【门店】字段', 'warning');

    await chooseRadio(page, 'customerType', '大区');
    await expectRefused(page, '若【大区/客户】为大区 ,则必须筛选【大区】字段', 'info');

    await chooseOption(page, 'area', '华北');
    // Statistic basis opens on 风险 (1): the risk choice is then required.
    await expectRefused(page, '若【统计口径】为 风险 ,则必须选择 【风险选择】字段 筛选', 'info');

    await chooseRadio(page, 'riskBasis', '按风险类型');
    // A risk choice naming no risk type is refused like none, as the server refuses it.
    await expectRefused(page, '若【统计口径】为 风险 ,则必须选择 【风险选择】字段 筛选', 'info');

    await chooseRadio(page, 'basis', '虫害');
    // Report type opens on 对比 (1): without a time type, both ranges are then required.
    await clearSelect(page, 'timeType');
    await expectRefused(page, '若【报表类型】为 对比 ,则必须选择 【对比时间,服务时间】 筛选', 'info');
    expect(await page.getByTestId('preview-result').getAttribute('data-state')).toBe('none');

    // The spec asks for the comparison times or the time type: 按月 alone is enough.
    await chooseOption(page, 'timeType', '按月');
    const comparedByMonth = await queriedBody(page);
    expect(comparedByMonth).toMatchObject({ customerType: 0, type: 0, workType: 1, timeType: 0 });
    for (const time of ['startTime', 'endTime', 'comparisonStartTime', 'comparisonEndTime']) expect(comparedByMonth).not.toHaveProperty(time);

    await page.getByTestId('preview-preset-storeRequired').click();
    await expectRefused(page, '请先筛选【组织架构/门店】', 'info');
    await close();
  });

  it('shows the request body of a valid query; Reset restores the defaults and clears the results', async () => {
    const { page, close } = await openPreview(ADMIN);
    await chooseRadio(page, 'customerType', '大区');
    await chooseOption(page, 'area', '华北');
    await chooseRadio(page, 'basis', '虫害');
    await chooseRadio(page, 'workType', '趋势');
    await control(page, 'dateRange').click();
    await page.getByText('最近一周', { exact: true }).click();

    const calls = recordApiCalls(page);
    const body = await queriedBody(page);
    expect(body).toEqual({
      customerType: 0,
      areaId: expect.any(Number),
      type: 0,
      workType: 0,
      timeType: 0,
      startTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      endTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    // 按月 (timeType 0) is a monthly chart: the week's shortcut starts on the first of the month it reaches into.
    const weekBack = new Date(Date.parse(body.endTime as string) - 7 * 86_400_000).toISOString().slice(0, 7);
    expect(body.startTime).toBe(`${weekBack}-01`);
    // The preview only shows the body: a query calls nothing.
    expect(dataCalls(calls)).toEqual([]);

    await page.getByTestId('filter-reset').click();
    await settle(() => page.getByTestId('preview-result').getAttribute('data-state')).toBe('cleared');
    expect(await page.getByTestId('preview-empty').innerText()).toBe('已重置：结果已清空。');
    expect(await shownValue(control(page, 'area'))).toBe('');
    expect(await control(page, 'customerType').locator('.arco-radio-checked').count()).toBe(0);
    expect(await control(page, 'workType').locator('.arco-radio-checked').innerText()).toBe('对比');
    expect(await control(page, 'dateRange').locator('input').first().inputValue()).toBe('');
    expect(await page.getByTestId('filter-field-riskBasis').locator('.arco-radio-checked').count()).toBe(0);
    await expectRefused(page, '请先选择【大区/客户】', 'info');
    await close();
  });
});

describe('filter form: store list (customer manager)', () => {
  /**
   * The manager's organisation has 8 stores in the small demo data, less than one page of 50. The
   * test checks the console asks for 50, then has the server answer pages of 5, so that a second
   * page exists to scroll to.
   */
  const TEST_PAGE_SIZE = 5;

  /** The store-page bodies the console sent, before the page size is changed for the test. */
  async function withSmallPages(page: Page): Promise<Record<string, unknown>[]> {
    const asked: Record<string, unknown>[] = [];
    await page.route('**/api/admin/web/webCustomer/selectCustomerPage', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      asked.push(body);
      await route.continue({ postData: JSON.stringify({ ...body, size: TEST_PAGE_SIZE }) });
    });
    return asked;
  }

  /** The stores listed: not 全选, nor the manager's whole organisation above them. */
  const storeOptions = (page: Page) =>
    page.getByTestId('store-dropdown').locator('.arco-select-option').filter({ hasNotText: /全选|全部门店/ });
  const footer = (page: Page) => page.getByTestId('store-dropdown-footer').innerText();

  async function openStoreManagerPreview() {
    let asked: Record<string, unknown>[] = [];
    const { page, close } = await pagesOf[MANAGER].open('/filterPreview', { beforeGoto: async (opening) => (asked = await withSmallPages(opening)) });
    await page.getByTestId('preview-preset-multiStore').click();
    await page.getByTestId('store-select').waitFor();
    // The positive-rate screen's form opens on 风险, which needs a risk choice: these tests are about stores.
    await chooseRadio(page, 'basis', '虫害');
    return { page, close, asked };
  }

  it('loads the next page near the bottom of the list, and select-all chooses every listed store', async () => {
    const { page, close, asked } = await openStoreManagerPreview();
    expect(await page.getByTestId('organisation-tree').count()).toBe(0);
    await chooseRadio(page, 'customerType', '客户');
    await chooseRadio(page, 'workType', '趋势');

    await page.getByTestId('store-select').click();
    await settle(() => footer(page)).toBe(`已加载 ${TEST_PAGE_SIZE} / 8`);
    await settle(() => asked.at(-1)).toEqual({ current: 1, size: 50 });
    expect(await storeOptions(page).count()).toBe(TEST_PAGE_SIZE);

    await page.getByTestId('store-select-all').click();
    await clickAway(page);
    expect((await queriedBody(page)).customerIds).toHaveLength(TEST_PAGE_SIZE);

    // Scrolling to the bottom of the dropdown loads page 2.
    await page.getByTestId('store-select').click();
    // The list scrolled to its end as a wheel would: a pointer aimed at the popup chased it while it
    // re-rendered on a busy machine (options and popup are replaced as pages arrive).
    await settle(() => footer(page)).toBe(`已加载 ${TEST_PAGE_SIZE} / 8`);
    await page
      .getByTestId('store-dropdown')
      .locator('.arco-select-popup-inner')
      .evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
    await settle(() => footer(page)).toBe('已加载 8 / 8');
    await settle(() => asked.at(-1)).toEqual({ current: 2, size: 50 });

    await page
      .getByTestId('store-dropdown')
      .locator('.arco-select-popup-inner')
      .evaluate((list) => list.scrollTo({ top: 0 }));
    expect(await page.getByTestId('store-select-all').innerText()).toBe('全选');
    await page.getByTestId('store-select-all').click();
    expect(await page.getByTestId('store-select-all').innerText()).toBe('取消全选');
    await clickAway(page);
    expect((await queriedBody(page)).customerIds).toHaveLength(8);

    await page.getByTestId('store-select').click();
    await page.getByTestId('store-select-all').click();
    await clickAway(page);
    await expectRefused(page, '若【大区/客户】为客户 ,则必须筛选【门店】字段', 'warning');
    await close();
  });

  it('offers the manager their whole organisation first, which a one-store screen then asks for', async () => {
    const { page, close } = await pagesOf[MANAGER].open('/filterPreview');
    await page.getByTestId('preview-preset-storeRequired').click();
    await page.getByTestId('store-select').click();
    const whole = page.getByTestId('store-select-organisation');
    expect(await whole.innerText()).toBe(`${DEMO_ORGANISATION}（全部门店）`);
    await whole.click();
    expect(await shownValue(page.getByTestId('store-select'))).toBe(`${DEMO_ORGANISATION}（全部门店）`);
    expect((await queriedBody(page)).customerId).toBe(1);
    await close();
  });

  it('searches stores on the server 1 s after typing', async () => {
    const { page, close, asked } = await openStoreManagerPreview();
    await page.getByTestId('store-select').click();
    await settle(() => footer(page)).toBe(`已加载 ${TEST_PAGE_SIZE} / 8`);
    const first = await storeOptions(page).first().innerText();
    const fragment = first.slice(first.indexOf('（') + 1, first.indexOf('（') + 3);

    const searched = page.waitForRequest(
      (request) => request.url().endsWith('/selectCustomerPage') && request.postDataJSON()?.name === fragment,
    );
    await page.getByTestId('store-select').locator('input').pressSequentially(fragment, { delay: 50 });
    const typedAt = Date.now();
    await searched;
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(900);
    await settle(() => asked.at(-1)).toEqual({ current: 1, size: 50, name: fragment });
    await settle(async () => (await storeOptions(page).allInnerTexts()).every((name) => name.includes(fragment))).toBe(true);
    expect(await storeOptions(page).allInnerTexts()).toContain(first);
    await close();
  });

  it('a contact filter clears the chosen stores and lists again from page 1', async () => {
    const { page, close, asked } = await openStoreManagerPreview();
    await page.getByTestId('store-select').click();
    await settle(() => footer(page)).toBe(`已加载 ${TEST_PAGE_SIZE} / 8`);
    await storeOptions(page).first().click();
    await clickAway(page);
    expect(await page.getByTestId('store-select').locator('.arco-tag').count()).toBe(1);

    const contact = await chooseOption(page, 'contacts');
    await clickAway(page);
    await settle(() => asked.at(-1)).toEqual({ current: 1, size: 50, contactNameList: [contact] });
    await settle(() => page.getByTestId('store-select').locator('.arco-tag').count()).toBe(0);
    await close();
  });
});
