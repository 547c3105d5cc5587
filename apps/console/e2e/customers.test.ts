import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CustomerPaths, FilterPaths, type CustomerDetail, type CustomerTreeNode, type Page as ListPage } from '@pest/shared';
import { routePaths } from '../src/navigation/routePaths.ts';
import { useBrowser } from './browser.ts';

/**
 * 客户管理 against the real server: provider staff add an organisation and a store below it with
 * its place and contact, are told when a code is taken, and suspend the organisation, which takes
 * its store along and out of the pickers; a customer's manager keeps only what is below their
 * organisation. The files run one after another, and what this one adds ends suspended, out of
 * every other file's pickers.
 */
const session = useBrowser();
const ORGANISATION = 'E2E连锁餐饮';
const STORE = 'E2E徐汇店';

const rowOf = (page: Page, name: string) => page.getByTestId('customer-table').locator('tbody tr', { has: page.getByTestId('customer-name').getByText(name, { exact: true }) });

async function searchFor(page: Page, keyword: string): Promise<void> {
  await page.locator('input[data-testid="customer-keyword"], [data-testid="customer-keyword"] input').first().fill(keyword);
  const answered = page.waitForResponse((response) => response.url().endsWith(CustomerPaths.list) && response.request().postData()?.includes(keyword) === true);
  await page.getByTestId('customer-query').click();
  await answered;
}

async function saveDialog(page: Page): Promise<{ status: number; message: string }> {
  const answered = page.waitForResponse((response) => response.url().endsWith(CustomerPaths.save));
  await page.getByTestId('customer-save').click();
  return (await (await answered).json()) as { status: number; message: string };
}

describe('customers', () => {
  it('adds an organisation and a store with its region and contact, refuses a taken code, and suspends them together', async () => {
    const { page, close } = await session.open(routePaths.customerList, { viewport: { width: 1440, height: 900 } });
    await page.getByTestId('customer-table').locator('tbody tr:not(.arco-table-empty-row)').first().waitFor();

    await page.getByTestId('customer-add-organisation').click();
    await page.getByTestId('customer-name-input').fill(ORGANISATION);
    await page.getByTestId('customer-code').fill('E2E-ORG');
    expect(await saveDialog(page)).toMatchObject({ status: 200 });
    await page.getByTestId('customer-form').waitFor({ state: 'detached' });
    await searchFor(page, 'E2E');
    await rowOf(page, ORGANISATION).waitFor();

    // 新增下级 on the organisation: a store under it by default.
    await rowOf(page, ORGANISATION).getByTestId('customer-add-child').click();
    expect(await page.getByTestId('customer-parent').innerText()).toContain(ORGANISATION);
    await page.getByTestId('customer-name-input').fill(STORE);
    await page.getByTestId('customer-code').fill('E2E-001');
    const region = page.getByTestId('customer-region');
    await region.click();
    for (const level of ['上海市', '市辖区', '徐汇区']) await page.locator('.arco-cascader-list-item', { hasText: level }).first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('customer-address').fill('漕溪北路1号');
    await page.getByTestId('customer-contact-name').fill('新店长');
    await page.getByTestId('customer-contact-phone').fill('13900000009');
    expect(await saveDialog(page)).toMatchObject({ status: 200 });
    await page.getByTestId('customer-form').waitFor({ state: 'detached' });
    const store = rowOf(page, STORE);
    await store.waitFor();
    expect(await store.innerText()).toContain('上海市 市辖区 徐汇区');
    expect(await store.innerText()).toContain('新店长 13900000009');
    expect(await store.innerText()).toContain(`${ORGANISATION}`);

    // The same code in other letters is the same code.
    await rowOf(page, ORGANISATION).getByTestId('customer-add-child').click();
    await page.getByTestId('customer-name-input').fill('E2E重复店');
    await page.getByTestId('customer-code').fill('e2e-001');
    expect(await saveDialog(page)).toMatchObject({ status: 400, message: '编码已存在' });
    await page.locator('.arco-message', { hasText: '编码已存在' }).waitFor();
    expect(await page.getByTestId('customer-form').isVisible()).toBe(true);
    await page.getByRole('button', { name: '取消' }).click();

    // Suspending the organisation takes the store along: both leave the pickers, the store waits for it.
    await rowOf(page, ORGANISATION).getByTestId('customer-suspend').click();
    const suspended = page.waitForResponse((response) => response.url().endsWith(CustomerPaths.suspend));
    await page.locator('.arco-popconfirm').getByRole('button', { name: '确定' }).click();
    expect((await suspended).status()).toBe(200);
    await expect.poll(() => rowOf(page, STORE).getByTestId('customer-state').innerText()).toBe('随上级停用');
    expect(await rowOf(page, ORGANISATION).getByTestId('customer-state').innerText()).toBe('已停用');
    expect(await rowOf(page, STORE).getByTestId('customer-resume').count()).toBe(0);
    const tops = await session.api<CustomerTreeNode[]>(FilterPaths.newCustomerTree, { body: {} });
    expect(tops.map((node) => node.name)).not.toContain(ORGANISATION);
    await close();
  });

  it("lets a customer's manager add below their organisation, but not change it or add another", async () => {
    const { page, close } = await session.open(routePaths.customerList, { account: '13800000001', viewport: { width: 1440, height: 900 } });
    const rows = page.getByTestId('customer-table').locator('tbody tr:not(.arco-table-empty-row)');
    await rows.first().waitFor();
    expect(await page.getByTestId('customer-add-organisation').count()).toBe(0);
    const own = rows.first();
    expect(await own.getByTestId('customer-add-child').count()).toBe(1);
    expect(await own.getByTestId('customer-edit').count()).toBe(0);
    expect(await own.getByTestId('customer-suspend').count()).toBe(0);
    // Below it the manager keeps the groups and stores.
    expect(await rows.nth(1).getByTestId('customer-edit').count()).toBe(1);
    const listed = await page.evaluate(() => document.querySelectorAll('[data-testid="customer-table"] [data-testid="customer-name"]').length);
    expect(listed).toBeGreaterThan(1);
    const everything = await session.api<ListPage<CustomerDetail>>(CustomerPaths.list, { body: { current: 1, size: 200, keyword: 'E2E' } });
    expect(everything.records.length).toBeGreaterThan(0);
    await searchFor(page, 'E2E');
    await page.getByTestId('customer-table').locator('.arco-table-empty-row').waitFor();
    await close();
  });
});
