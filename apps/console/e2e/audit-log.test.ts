import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AuditLogPaths, NotifyPaths, ProviderDocumentPaths, type AuditEntry, type NotifyChannel, type Page as ListPage, type ProviderDocument } from '@pest/shared';
import { routePaths } from '../src/navigation/routePaths.ts';
import { useBrowser } from './browser.ts';

/**
 * 操作日志 against the real server: a write made a moment ago is there with who made it and what
 * changed, found by its type and number; a customer's manager does not read the provider's own.
 */
const session = useBrowser();

/** Searches by type and number as a user does; the answer the page got. */
async function search(page: Page, typeLabel: string, objectId: number): Promise<ListPage<AuditEntry>> {
  const select = page.getByTestId('audit-object-type');
  await select.click();
  await page.locator(`[id="${await select.getAttribute('aria-controls')}"] .arco-select-option`, { hasText: typeLabel }).click();
  // Arco puts the test id on the input itself, or on its wrapper when it has a clear button.
  await page.locator('input[data-testid="audit-object-id"], [data-testid="audit-object-id"] input').first().fill(String(objectId));
  const answered = page.waitForResponse((response) => response.url().endsWith(AuditLogPaths.list) && response.request().postData()?.includes(`"objectId":"${objectId}"`) === true);
  await page.getByTestId('audit-query').click();
  return ((await (await answered).json()) as { data: ListPage<AuditEntry> }).data;
}

const rowsOf = (page: Page, objectType: string, objectId: number) => page.locator(`[data-testid="audit-row"][data-object-type="${objectType}"][data-object-id="${objectId}"]`);

describe('audit log', () => {
  it('shows who created and changed a channel, field by field, and never its secret', async () => {
    const channel = await session.api<NotifyChannel>(NotifyPaths.channelSave, { body: { type: 'webhook', name: '操作日志演示', url: 'https://hooks.example.invalid/audit', secret: 'e2e-secret-77' } });
    await session.api(NotifyPaths.channelSave, { body: { id: channel.id, type: 'webhook', name: '操作日志演示（夜班）' } });

    const { page, close } = await session.open(routePaths.auditLog, { viewport: { width: 1440, height: 900 } });
    await search(page, '通知渠道', channel.id);
    const rows = rowsOf(page, 'notifyChannel', channel.id);
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).getAttribute('data-action')).toBe('update');
    expect(await rows.nth(0).getByTestId('audit-changes').innerText()).toBe('名称：操作日志演示 → 操作日志演示（夜班）');
    expect(await rows.nth(1).innerText()).toContain('系统管理员');
    expect(await rows.nth(1).getByTestId('audit-changes').innerText()).toContain('密钥：****** → ******');
    expect(await page.getByTestId('audit-table').innerText()).not.toContain('e2e-secret-77');

    // 导出: the same two entries as a sheet.
    const saved = page.waitForEvent('download');
    await page.getByTestId('audit-export').click();
    const file = await saved;
    expect(file.suggestedFilename()).toBe('操作日志.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await file.path())!)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect((sheet.getRow(2).values as unknown[])[6]).toBe('名称：操作日志演示 → 操作日志演示（夜班）');
    await close();
  });

  it("does not show a customer's manager the provider's own records", async () => {
    const document = await session.api<ProviderDocument>(ProviderDocumentPaths.save, {
      body: { kind: 'other', name: '操作日志（服务商）', fileUrl: '/api/oss/seed/provider-documents/business-licence.png', validFrom: '2026-01-01', validTo: null },
    });
    const { page, close } = await session.open(routePaths.auditLog, { account: '13800000001', viewport: { width: 1440, height: 900 } });
    expect((await search(page, '资质文件', document.id)).total).toBe(0);
    await page.getByTestId('audit-table').locator('.arco-table-empty-row').waitFor();
    expect(await rowsOf(page, 'providerDocument', document.id).count()).toBe(0);
    await close();
    await session.api(ProviderDocumentPaths.delete, { body: { id: document.id } });
  });
});
