import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AUDIT_PACK_SECTION_FILES, AuditPackPaths, type AuditPackStatus } from '@pest/shared';
import { blockingViolations, DEMO_ORGANISATION } from './axeRun.ts';
import { useBrowser } from './browser.ts';

/**
 * 审计资料包 (issue 22) against the real server: the admin asks for one store's last full quarter,
 * watches the progress the live client pushes, downloads the zip through the page and finds every
 * section in it; a period over 400 days shows the server's reason and builds nothing.
 */
const session = useBrowser();
/** A pack of a small store's quarter builds in seconds; a busy machine (load 20 on two cores) took three minutes. */
const BUILT = { timeout: 420_000, interval: 500 };
const BUILD_TEST_MS = 480_000;

const treeDropdown = (page: Page) => page.getByTestId('organisation-tree-dropdown');
const treeNode = (page: Page, title: string) =>
  treeDropdown(page).locator('.arco-tree-node').filter({ has: page.locator('.arco-tree-node-title', { hasText: title }) });
const treeTitles = (page: Page) => treeDropdown(page).locator('.arco-tree-node-title').allInnerTexts();

async function expandTreeNode(page: Page, title: string): Promise<string[]> {
  const before = await treeTitles(page);
  await treeNode(page, title).first().locator('.arco-tree-node-switcher').click();
  await expect.poll(async () => (await treeTitles(page)).length, { timeout: 15_000 }).toBeGreaterThan(before.length);
  return (await treeTitles(page)).filter((shown) => !before.includes(shown));
}

/** The demo organisation's first store, chosen in the admin's tree as a user does: organisation, group, store. */
async function chooseFirstStore(page: Page): Promise<string> {
  await page.getByTestId('organisation-tree').click();
  await expect.poll(() => treeTitles(page), { timeout: 15_000 }).toContain(DEMO_ORGANISATION);
  const [group] = await expandTreeNode(page, DEMO_ORGANISATION);
  const [store] = await expandTreeNode(page, group!);
  await treeNode(page, store!).locator('.arco-tree-node-title').click();
  await page.keyboard.press('Escape');
  return store!;
}

/** Every state, step and count the progress panel shows, in order, recorded in the page as it changes. */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { packProgress: string[] }).packProgress = seen;
    const note = () => {
      const panel = document.querySelector('[data-testid="audit-pack-progress"]');
      if (!panel) return;
      const shown = `${panel.getAttribute('data-state')}|${panel.querySelector('[data-testid="audit-pack-step-name"]')?.textContent ?? ''}|${panel.querySelector('[data-testid="audit-pack-step-count"]')?.textContent ?? ''}`;
      if (seen.at(-1) !== shown) seen.push(shown);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

const progressSeen = (page: Page) => page.evaluate(() => (window as unknown as { packProgress: string[] }).packProgress);

describe('audit pack (审计资料包, /dataSheet/auditPack)', () => {
  it('packs one store’s last full quarter, shows its progress live, and downloads a zip with every section', async () => {
    const { page, close } = await session.open('/dataSheet/auditPack', { viewport: { width: 1440, height: 1000 } });
    await page.getByTestId('audit-pack-page').waitFor();
    // Every section is offered and ticked, named as in the zip.
    for (const [section, file] of Object.entries(AUDIT_PACK_SECTION_FILES)) {
      const box = page.getByTestId(`audit-pack-section-${section}`);
      expect(await box.innerText()).toBe(file.replace(/^\d+-/, '').replace(/\.[a-z]+$/, ''));
      expect(await box.locator('input').isChecked()).toBe(true);
    }
    // The period opens on the last full quarter (the browser's today in China).
    const inputs = page.getByTestId('filter-field-dateRange').locator('input');
    const [start, end] = [await inputs.nth(0).inputValue(), await inputs.nth(1).inputValue()];
    expect(start).toMatch(/^\d{4}-(01|04|07|10)-01$/);
    expect(end).toMatch(/^\d{4}-(03-31|06-30|09-30|12-31)$/);

    const store = await chooseFirstStore(page);
    await recordProgress(page);
    const created = page.waitForResponse((response) => response.url().endsWith(AuditPackPaths.create));
    await page.getByTestId('filter-query').click();
    const request = await created;
    expect(request.request().postDataJSON()).toEqual({ customerIds: [expect.any(Number)], startDate: start, endDate: end });
    const { data: asked } = (await request.json()) as { data: AuditPackStatus };
    // While it builds (a quarter takes seconds: its process alone starts in one or two), the panel's
    // bar, step and 取消 pass axe as the rest of the page does.
    await page.getByTestId('audit-pack-cancel').waitFor({ timeout: 5_000 });
    expect(await blockingViolations(page)).toBe('');

    // The progress panel follows the live pushes to done, then offers the download.
    const download = page.getByTestId('audit-pack-download');
    await expect.poll(async () => ((await download.count()) === 1 ? 'done' : (await progressSeen(page)).join(' → ')), BUILT).toBe('done');
    const seen = await progressSeen(page);
    expect(seen[0]).toMatch(/^(queued|running)\|/);
    expect(seen.at(-1)).toMatch(/^done\|/);
    // Whatever steps the pushes caught are the zip's sections, their counts never going back.
    const steps = seen.filter((shown) => shown.startsWith('running|')).map((shown) => shown.split('|'));
    for (const [, step] of steps) if (step) expect(Object.values(AUDIT_PACK_SECTION_FILES).map((file) => `正在生成：${file}`)).toContain(step);
    const counts = steps.map(([, , count]) => Number(/(\d+)\//.exec(count ?? '')?.[1] ?? 0));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    console.log(`audit pack progress seen: ${seen.join(' → ')}`);

    // The recent list has it, done, with the store and the period.
    const row = page.locator(`[data-testid="audit-pack-row"][data-pack-id="${asked.id}"]`);
    await expect.poll(() => row.getByTestId('audit-pack-state').innerText()).toBe('已完成');
    expect(await row.innerText()).toContain(store);
    expect(await row.innerText()).toContain(`${start} ~ ${end}`);

    const saved = page.waitForEvent('download');
    await download.click();
    const file = await saved;
    expect(file.suggestedFilename()).toBe(`审计资料包-${store}-${start}至${end}.zip`);
    const zip = await JSZip.loadAsync(await readFile(await file.path()));
    const names = Object.keys(zip.files).filter((name) => !zip.files[name]!.dir);
    // One store: the sections at the top of the zip, the folders holding at least one PDF each.
    for (const entry of Object.values(AUDIT_PACK_SECTION_FILES)) {
      if (/\.(pdf|xlsx)$/.test(entry)) expect(names, entry).toContain(entry);
      else if (entry === AUDIT_PACK_SECTION_FILES.rectification) expect(names).toEqual(expect.arrayContaining([`${entry}.pdf`, `${entry}.xlsx`]));
      else expect(names.filter((name) => name.startsWith(`${entry}/`) && name.endsWith('.pdf')).length, entry).toBeGreaterThan(0);
    }
    const cover = await zip.file(AUDIT_PACK_SECTION_FILES.cover)!.async('nodebuffer');
    expect(cover.subarray(0, 5).toString()).toBe('%PDF-');
    await close();
  }, BUILD_TEST_MS);

  it('shows the server’s reason for a period over 400 days and builds nothing', async () => {
    const { page, close } = await session.open('/dataSheet/auditPack', { viewport: { width: 1440, height: 1000 } });
    await page.getByTestId('audit-pack-page').waitFor();
    await chooseFirstStore(page);
    const before = await session.api<AuditPackStatus[]>(AuditPackPaths.list, { body: {} });
    const inputs = page.getByTestId('filter-field-dateRange').locator('input');
    await inputs.nth(0).click();
    await inputs.nth(0).fill('2025-01-01');
    await inputs.nth(0).press('Enter');
    await inputs.nth(1).fill('2026-09-30');
    await inputs.nth(1).press('Enter');
    await page.keyboard.press('Escape');
    const refused = page.waitForResponse((response) => response.url().endsWith(AuditPackPaths.create));
    await page.getByTestId('filter-query').click();
    expect((await refused).status()).toBe(400);
    expect(await page.getByTestId('audit-pack-refusal').innerText()).toContain('审计资料包的时间范围不能超过400天');
    expect((await session.api<AuditPackStatus[]>(AuditPackPaths.list, { body: {} })).length).toBe(before.length);
    await close();
  });
});
