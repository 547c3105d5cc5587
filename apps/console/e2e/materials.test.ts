import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiMessages, MaterialPaths, type Material, type Page as ListPage } from '@pest/shared';
import { routePaths } from '../src/navigation/routePaths.ts';
import { blockingViolations } from './axeRun.ts';
import { useBrowser } from './browser.ts';
import { chooseOption, saveForm } from './forms.ts';
import { pngOf } from './png.ts';

/**
 * 物料 against the real server: staff add an insecticide whose registration has run out (its row
 * says 已过期), edit it, are refused a save over someone else's (409, the server's words), disable it
 * (it leaves the list; 显示已停用 brings it back) and enable it; a customer's manager reads the
 * catalogue without the buttons; a phone shows it without sideways scrolling. Materials cannot be
 * deleted, so each run adds one of its own name and leaves it disabled.
 */
const session = useBrowser();
const DESKTOP = { width: 1440, height: 1000 };

const rowOf = (page: Page, name: string) => page.getByTestId('material-table').locator('tbody tr', { hasText: name });
const rowsShown = (page: Page) => page.getByTestId('material-table').locator('tbody tr:not(.arco-table-empty-row)').first().waitFor();
const toast = (page: Page, text: string) => page.locator('.arco-message').filter({ hasText: text }).waitFor();

async function searchFor(page: Page, keyword: string): Promise<void> {
  // Arco puts the test id on the input itself, or on its wrapper when the input has a clear button.
  await page.locator('input[data-testid="material-keyword"], [data-testid="material-keyword"] input').first().fill(keyword);
  await page.getByTestId('material-query').click();
}

describe('the materials catalogue', () => {
  it('adds an expired insecticide, edits it, refuses a stale save, disables it and enables it again', { timeout: 120_000 }, async () => {
    const name = `e2e物料${randomUUID().slice(0, 6)}`;
    const stored = async () => (await session.api<ListPage<Material>>(MaterialPaths.list, { body: { current: 1, size: 20, keyword: name, withDisabled: true } })).records[0];
    const { page, close } = await session.open(routePaths.materialList, { viewport: DESKTOP });
    await rowsShown(page);

    // Checked before sending: the name first, then the registration number an insecticide needs.
    await page.getByTestId('material-add').click();
    await page.getByTestId('material-form').waitFor();
    await page.getByTestId('material-save').click();
    await toast(page, '请填写物料名称');
    await page.getByTestId('material-name-input').fill(name);
    await chooseOption(page, 'material-type-input', '杀虫剂');
    await page.getByTestId('material-save').click();
    await toast(page, '杀鼠剂、杀虫剂和诱饵须填写农药登记证号');
    await page.getByTestId('material-registration-no-input').fill('PD20990001');
    const until = page.getByTestId('material-valid-until-input').locator('input');
    await until.click();
    await until.fill('2020-12-31');
    await until.press('Enter');
    await page.getByTestId('material-activeIngredient-input').fill('高效氯氰菊酯');
    await page.getByTestId('material-unit-input').fill('ml');
    const uploaded = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/oss'));
    await page.getByTestId('material-sds-input-input').setInputFiles({ name: 'SDS.png', mimeType: 'image/png', buffer: pngOf(200, 280) });
    expect((await uploaded).status()).toBe(200);
    await page.getByTestId('material-sds-input-preview').waitFor();
    expect(await blockingViolations(page), 'the dialog').toBe('');
    await saveForm(page, 'material', MaterialPaths.save);

    await searchFor(page, name);
    const row = rowOf(page, name);
    await row.waitFor();
    expect(await row.getByTestId('material-expired').innerText()).toContain('2020-12-31');
    expect(await row.getByTestId('material-expired').innerText()).toContain('已过期');
    expect(await row.innerText()).toContain('杀虫剂');
    expect(await row.getByTestId('material-state').innerText()).toBe('启用');
    expect(await row.getByTestId('material-sds').getAttribute('target')).toBe('_blank');
    expect(await stored()).toMatchObject({ type: 'insecticide', registrationNo: 'PD20990001', registrationValidUntil: '2020-12-31', expired: true, unit: 'ml', disabled: false });
    expect((await stored())!.sdsUrl).not.toBeNull();

    // Edited at the version it was loaded at.
    await row.getByTestId('material-edit').click();
    await page.getByTestId('material-form').waitFor();
    expect(await page.getByTestId('material-name-input').inputValue()).toBe(name);
    await page.getByTestId('material-concentration-input').fill('4.5%');
    await page.getByTestId('material-manufacturer-input').fill('e2e农药厂');
    await saveForm(page, 'material', MaterialPaths.save);
    await expect.poll(() => row.innerText()).toContain('e2e农药厂');
    expect(await stored()).toMatchObject({ concentration: '4.5%', manufacturer: 'e2e农药厂', version: 2 });
    expect(await blockingViolations(page), 'the list').toBe('');

    // Someone else saves while the dialog is open: the save is refused with the server's words, the dialog stays.
    await row.getByTestId('material-edit').click();
    await page.getByTestId('material-form').waitFor();
    const before = (await stored())!;
    await session.api(MaterialPaths.save, {
      body: { id: before.id, version: before.version, name, type: before.type, registrationNo: before.registrationNo, registrationValidUntil: before.registrationValidUntil, unit: 'ml' },
    });
    const refused = page.waitForResponse((response) => response.url().endsWith(MaterialPaths.save));
    await page.getByTestId('material-save').click();
    expect(((await (await refused).json()) as { status: number }).status).toBe(409);
    await toast(page, ApiMessages.editConflict);
    expect(await page.getByTestId('material-form').count()).toBe(1);
    await page.locator('.arco-modal').getByRole('button', { name: /取\s*消/ }).click();
    await page.getByTestId('material-form').waitFor({ state: 'detached' });
    await page.getByTestId('material-query').click();
    await expect.poll(() => row.innerText()).not.toContain('e2e农药厂');

    // Disabled with a confirmation: out of the list, back with 显示已停用.
    await row.getByTestId('material-disable').click();
    const disabled = page.waitForResponse((response) => response.url().endsWith(MaterialPaths.disable));
    await page.locator('.arco-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
    expect((await disabled).status()).toBe(200);
    await row.waitFor({ state: 'detached' });
    await page.getByTestId('material-with-disabled').click();
    await expect.poll(() => row.getByTestId('material-state').innerText()).toBe('已停用');

    await row.getByTestId('material-enable').click();
    const enabled = page.waitForResponse((response) => response.url().endsWith(MaterialPaths.enable));
    await page.locator('.arco-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
    expect((await enabled).status()).toBe(200);
    await expect.poll(() => row.getByTestId('material-state').innerText()).toBe('启用');
    await close();

    // Left disabled, so the runs' materials stay out of the field app's pickers.
    const material = (await stored())!;
    await session.api(MaterialPaths.disable, { body: { id: material.id, version: material.version } });
  });

  it('shows a customer manager the catalogue without add, edit or disable', async () => {
    const { page, close } = await session.open(routePaths.materialList, { account: '13800000001', viewport: DESKTOP });
    await rowsShown(page);
    expect(await page.getByTestId('material-add').count()).toBe(0);
    expect(await page.getByTestId('material-edit').count()).toBe(0);
    expect(await page.getByTestId('material-disable').count()).toBe(0);
    await close();
  });

  it('fits a phone: no sideways scrolling of the page', async () => {
    const { page, close } = await session.open(routePaths.materialList, { viewport: { width: 390, height: 844 } });
    await page.getByTestId('materials-page').waitFor();
    await page.getByTestId('material-table-cards').locator('[data-testid="material-row"]').first().waitFor();
    const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth!);
    await close();
  });
});
