import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ContractPaths, ServiceConfigPaths, type Contract, type Page as ListPage, type ServicePlanDetail } from '@pest/shared';
import { routePaths } from '../src/navigation/routePaths.ts';
import { blockingViolations, DEMO_ORGANISATION } from './axeRun.ts';
import { useBrowser } from './browser.ts';
import { chooseOption, saveForm } from './forms.ts';

/**
 * 合同 against the real server: staff draft a contract for the demo organisation with two services
 * (pest control on a store with the short report, disinfection), are told what is missing, activate
 * it (the store's plans follow it: the server's answer and 服务配置's plan list say so), see it under
 * 即将到期 when its end is near, and terminate it with a reason; a customer's manager reads it without
 * the buttons; a phone shows the list without sideways scrolling. Contracts are never deleted, so
 * each run adds its own.
 */
const session = useBrowser();
const DESKTOP = { width: 1440, height: 1000 };

const rowOf = (page: Page, code: string) => page.getByTestId('contract-table').locator('tbody tr', { hasText: code });
const toast = (page: Page, text: string) => page.locator('.arco-message').filter({ hasText: text }).waitFor();

async function fillDay(page: Page, testId: string, day: string): Promise<void> {
  const input = page.getByTestId(testId).locator('input');
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

/** Picks a store in a service's multiple select (the first offered, or the one named) and closes the list; answers its name. */
async function pickStore(page: Page, item: number, name?: string): Promise<string> {
  const select = page.getByTestId('contract-item').nth(item).getByTestId('contract-item-stores');
  await select.click();
  const list = page.locator(`[id="${await select.getAttribute('aria-controls')}"]`);
  const option = list.locator('.arco-select-option', name ? { hasText: name } : {}).first();
  const picked = (await option.innerText()).trim();
  await option.click();
  // A multiple select stays open after a pick, over the fields below: a click on the title closes it.
  await page.locator('.arco-modal-title').click();
  await list.waitFor({ state: 'hidden' });
  return picked;
}

describe('contracts', () => {
  it('drafts a contract with two services, activates it so its store follows it, and terminates it', { timeout: 120_000 }, async () => {
    const code = `E2E-${randomUUID().slice(0, 8)}`;
    const stored = async () => (await session.api<ListPage<Contract>>(ContractPaths.list, { body: { current: 1, size: 5, keyword: code } })).records[0];
    const { page, close } = await session.open(routePaths.contractList, { viewport: DESKTOP });
    await page.getByTestId('contracts-page').waitFor();

    await page.getByTestId('contract-add').click();
    await page.getByTestId('contract-form').waitFor();
    await page.getByTestId('contract-save').click();
    await toast(page, '请选择合同客户');
    await chooseOption(page, 'contract-customer-input', DEMO_ORGANISATION, DEMO_ORGANISATION.slice(0, 3));
    await page.getByTestId('contract-code-input').fill(code);
    await page.getByTestId('contract-name-input').fill(`${code} 年度服务合同`);
    await fillDay(page, 'contract-signed-input', '2026-11-20');
    await fillDay(page, 'contract-startDate-input', '2026-01-01');
    // Ends within the renewal window from any day this test runs in the next years.
    const end = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await fillDay(page, 'contract-endDate-input', end);
    await page.locator('input[data-testid="contract-amount-input"], [data-testid="contract-amount-input"] input').first().fill('86000.5');
    await page.getByTestId('contract-save').click();
    await toast(page, '请为每项服务内容选择门店');
    const store = await pickStore(page, 0);
    await chooseOption(page, 'contract-item-template', '虫害简版报告');
    await page.getByTestId('contract-item-add').click();
    expect(await page.getByTestId('contract-item').count()).toBe(2);
    // The next service offered is the next type not yet on the contract.
    expect(await page.getByTestId('contract-item').nth(1).getByTestId('contract-item-type').innerText()).toContain('消毒');
    await pickStore(page, 1, store);
    expect(await blockingViolations(page), 'the dialog').toBe('');
    await saveForm(page, 'contract', ContractPaths.save);

    const row = rowOf(page, code);
    await row.waitFor();
    expect(await row.getByTestId('contract-state').innerText()).toBe('草稿');
    expect(await row.innerText()).toContain('虫害防治、消毒');
    expect(await row.innerText()).toContain('86,000.50');
    expect(await stored()).toMatchObject({ state: 'draft', amount: 86000.5, items: [{ transactionType: 1, reportTemplateType: 1, customerNames: [store] }, { transactionType: 2, reportTemplateType: 3 }] });

    // Activated with a confirmation: the store's plans follow the contract.
    await row.getByTestId('contract-activate').click();
    const activated = page.waitForResponse((response) => response.url().endsWith(ContractPaths.activate));
    await page.locator('.arco-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
    expect((await activated).status()).toBe(200);
    await toast(page, '合同已生效');
    await expect.poll(() => row.getByTestId('contract-state').innerText()).toBe('生效');
    expect(await row.getByTestId('contract-days-left').innerText()).toMatch(/^剩 \d+ 天$/);
    const contract = (await stored())!;
    const plans = await session.api<ServicePlanDetail[]>(ServiceConfigPaths.planList, { body: { customerId: contract.items[0]!.customerIds[0] } });
    expect(plans.filter((plan) => plan.contractId === contract.id).map((plan) => [plan.transactionType, plan.reportTemplateType]).sort()).toEqual([[1, 1], [2, 3]]);

    // 即将到期 lists it.
    await page.getByTestId('contract-expiring').click();
    await row.waitFor();
    expect(await blockingViolations(page), 'the list').toBe('');

    // Terminated with a reason: its state says so, and the view shows why.
    await row.getByTestId('contract-terminate').click();
    await page.getByTestId('contract-terminate-form').waitFor();
    await page.getByTestId('contract-terminate-save').click();
    await toast(page, '请填写终止原因');
    await page.getByTestId('contract-terminate-reason').fill('门店关闭');
    await saveForm(page, 'contract-terminate', ContractPaths.terminate);
    await page.getByTestId('contract-expiring').click();
    await expect.poll(() => row.getByTestId('contract-state').innerText()).toBe('已终止');
    await row.getByTestId('contract-code').click();
    await expect.poll(() => page.getByTestId('contract-view').innerText()).toContain('门店关闭');
    await close();
  });

  it("shows a customer's manager their organisation's contracts without add, edit, activate or terminate", async () => {
    const { page, close } = await session.open(routePaths.contractList, { account: '13800000001', viewport: DESKTOP });
    await page.getByTestId('contract-table').locator('tbody tr:not(.arco-table-empty-row)').first().waitFor();
    expect(await page.getByTestId('contract-add').count()).toBe(0);
    expect(await page.getByTestId('contract-edit').count()).toBe(0);
    expect(await page.getByTestId('contract-activate').count()).toBe(0);
    await close();
  });

  it('fits a phone: no sideways scrolling of the page', async () => {
    const { page, close } = await session.open(routePaths.contractList, { viewport: { width: 390, height: 844 } });
    await page.getByTestId('contracts-page').waitFor();
    await page.getByTestId('contract-table-cards').locator('[data-testid="contract-row"]').first().waitFor();
    const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth!);
    expect(await blockingViolations(page), 'the phone list').toBe('');
    await close();
  });
});
