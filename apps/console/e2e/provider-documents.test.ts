import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderDocumentPaths, type ProviderDocument } from '@pest/shared';
import { baseUrl, launchBrowser, loginAs, newPage } from './browser.ts';
import { pngOf } from './png.ts';

/**
 * 资质文件 (issue 22) against the real server: provider staff upload a licence scan through the
 * dialog's image upload, see it listed as valid, open it and delete it; a customer's manager reads
 * the list without the actions.
 */
const NAME = '食品经营许可证（e2e）';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function openDocuments(account: string): Promise<{ page: Page; token: string; close(): Promise<void> }> {
  const { context, page } = await newPage(browser, { viewport: { width: 1440, height: 1000 } });
  const token = await loginAs(context, account);
  await page.goto('/provider/documents');
  // Not just any row: while the list loads the table shows its empty row (暂无数据), and on a busy
  // machine the counts below ran against it.
  await page.getByTestId('document-table').locator('tbody tr:not(.arco-table-empty-row)').first().waitFor();
  return { page, token, close: () => context.close() };
}

const rowOf = (page: Page, name: string) => page.getByTestId('document-table').locator('tbody tr', { hasText: name });

async function listed(token: string): Promise<ProviderDocument[]> {
  const response = await fetch(new URL(ProviderDocumentPaths.list, baseUrl()), { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
  return ((await response.json()) as { data: ProviderDocument[] }).data;
}

describe('provider documents', () => {
  it('uploads a document image through the dialog, lists it as valid, shows it and deletes it', async () => {
    const { page, token, close } = await openDocuments('admin');
    // The seeded licences: the old qualification has expired.
    expect(await rowOf(page, '有害生物防制服务资质证书（B级）').getByTestId('document-state').innerText()).toBe('已过期');
    expect(await rowOf(page, '营业执照（副本）').getByTestId('document-state').innerText()).toBe('有效');

    await page.getByTestId('document-add').click();
    const kind = page.getByTestId('document-kind');
    await kind.click();
    await page.locator(`[id="${await kind.getAttribute('aria-controls')}"] .arco-select-option`, { hasText: '其他' }).click();
    await page.getByTestId('document-name').fill(NAME);
    const stored = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/oss'));
    await page.getByTestId('document-file-input').setInputFiles({ name: '许可证.png', mimeType: 'image/png', buffer: pngOf(320, 240) });
    expect((await stored).status()).toBe(200);
    await expect.poll(() => page.getByTestId('document-file-preview').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    const from = page.getByTestId('document-valid-from').locator('input');
    await from.click();
    await from.fill('2026-01-01');
    await from.press('Enter');

    const saved = page.waitForResponse((response) => response.url().endsWith(ProviderDocumentPaths.save));
    await page.getByTestId('document-save').click();
    expect((await saved).status()).toBe(200);
    const row = rowOf(page, NAME);
    await row.waitFor();
    expect(await row.getByTestId('document-state').innerText()).toBe('有效');
    expect(await row.innerText()).toContain('2026-01-01 ~ 长期');
    expect(await row.innerText()).toContain('其他');
    expect(await row.innerText()).toContain('系统管理员');
    const document = (await listed(token)).find((d) => d.name === NAME)!;
    expect(document).toMatchObject({ kind: 'other', validFrom: '2026-01-01', validTo: null, validNow: true });

    await row.getByTestId('document-view').click();
    const shown = page.locator('.photo-dialog img').first();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    await page.keyboard.press('Escape');
    await page.locator('.photo-dialog').waitFor({ state: 'hidden' });

    await row.getByTestId('document-delete').click();
    const deleted = page.waitForResponse((response) => response.url().endsWith(ProviderDocumentPaths.delete));
    await page.locator('.arco-popconfirm').getByRole('button', { name: /确\s*定|OK/ }).click();
    expect((await deleted).status()).toBe(200);
    await row.waitFor({ state: 'detached' });
    expect((await listed(token)).some((d) => d.name === NAME)).toBe(false);
    await close();
  });

  it('shows a customer manager the licences without add, edit or delete', async () => {
    const { page, close } = await openDocuments('13800000001');
    expect(await rowOf(page, '营业执照（副本）').count()).toBe(1);
    expect(await page.getByTestId('document-add').count()).toBe(0);
    expect(await page.getByTestId('document-delete').count()).toBe(0);
    expect(await page.getByTestId('document-edit').count()).toBe(0);
    await close();
  });
});
