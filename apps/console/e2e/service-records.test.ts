import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Download, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { JobOrderPaths, headerLeaves, type JobOrderMaterial, type JobOrderRecord, type Page as ListPage, type PointCheckTab, type TableHeaderNode } from '@pest/shared';
import { requestsSettled, useBrowser } from './browser.ts';
import { useScreenPages } from './screenPages.ts';
import { chooseFirstStore } from './chartScreens.ts';

const session = useBrowser();
// Each test loads the list afresh in a tab an earlier test used (screenPages.ts): its first request is followed.
const pages = useScreenPages(session, { arrive: 'load' });

type JobOrderPage = ListPage<JobOrderRecord>;

const isCall = (path: string) => (request: Request) => new URL(request.url()).pathname === path;

async function dataOf<T>(request: Request): Promise<T> {
  const response = await request.response();
  if (!response) throw new Error(`no response to ${request.url()}`);
  return ((await response.json()) as { data: T }).data;
}

/** Logs in and opens the list; resolves the first page as the server sent it. */
async function openList(): Promise<{ page: Page; close(): Promise<void>; first: JobOrderPage }> {
  let listed: Promise<Request> | undefined;
  const { page, close } = await pages.open('/serviceRecord', {
    beforeGoto: (opening) => {
      listed = opening.waitForRequest(isCall(JobOrderPaths.list));
    },
  });
  const first = await dataOf<JobOrderPage>(await listed!);
  await page.getByTestId('job-order-row').first().waitFor();
  return { page, close, first };
}

const row = (page: Page, record: JobOrderRecord) => page.locator(`[data-testid="job-order-row"][data-job-id="${record.id}"]`);
const messages = (page: Page) => page.locator('.arco-message').allInnerTexts();
const withReport = (records: JobOrderRecord[]) => records.filter((record) => record.pdfUrl && record.previewUrl);

/** Types one whole day into 服务开始时间's date-time range, each end confirmed with Enter; returns its two inputs. */
async function typeServiceDay(page: Page, day: string) {
  const inputs = page.getByTestId('filter-service-start').locator('input');
  await inputs.nth(0).click();
  await inputs.nth(0).fill(`${day} 00:00:00`);
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(`${day} 23:59:59`);
  await inputs.nth(1).press('Enter');
  return inputs;
}

async function savedBytes(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

describe('service report list (screen 10)', () => {
  it('lists 500 job orders a page with the total, pages on, and filters by staff name and service start time', async () => {
    const { page, close, first } = await openList();
    expect(first.total).toBeGreaterThan(0);
    expect(first.records).toHaveLength(Math.min(500, first.total));
    expect(await page.getByTestId('job-order-row').first().getAttribute('data-job-id')).toBe(String(first.records[0]!.id));
    expect(await page.getByTestId('job-order-pagination').innerText()).toContain(`共 ${first.total} 条`);

    if (first.total > 500) {
      const paged = page.waitForRequest(isCall(JobOrderPaths.list));
      await page.getByTestId('job-order-pagination').locator('.arco-pagination-item', { hasText: /^2$/ }).click();
      const request = await paged;
      expect(request.postDataJSON()).toEqual({ current: 2, size: 500 });
      const second = await dataOf<JobOrderPage>(request);
      expect(second.records).toHaveLength(Math.min(500, first.total - 500));
      // The table renders the rows in view only (it is virtualised): the first row is the new page's.
      await expect.poll(() => page.getByTestId('job-order-row').first().getAttribute('data-job-id')).toBe(String(second.records[0]!.id));
    }

    // Enter in a text field queries, as 查询 does.
    const staff = first.records[0]!.advocateStaffName;
    await page.getByTestId('filter-staff-name').fill(` ${staff} `);
    const filtered = page.waitForRequest(isCall(JobOrderPaths.list));
    await page.getByTestId('filter-staff-name').press('Enter');
    const byStaff = await filtered;
    expect(byStaff.postDataJSON()).toEqual({ current: 1, size: 500, advocateStaffName: staff });
    const staffPage = await dataOf<JobOrderPage>(byStaff);
    expect(staffPage.total).toBeGreaterThan(0);
    expect(staffPage.total).toBeLessThanOrEqual(first.total);
    expect(staffPage.records.every((record) => record.advocateStaffName.includes(staff))).toBe(true);

    // A range typed into the date-time picker, confirmed with Enter, is sent as yyyy-MM-dd HH:mm:ss.
    const start = first.records[0]!.realityStartTime.slice(0, 10);
    const inputs = await typeServiceDay(page, start);
    expect([await inputs.nth(0).inputValue(), await inputs.nth(1).inputValue()]).toEqual([`${start} 00:00:00`, `${start} 23:59:59`]);
    const ranged = page.waitForRequest(isCall(JobOrderPaths.list));
    await page.getByTestId('filter-query').click();
    const byRange = await ranged;
    expect(byRange.postDataJSON()).toEqual({
      current: 1,
      size: 500,
      advocateStaffName: staff,
      startTime: `${start} 00:00:00`,
      endTime: `${start} 23:59:59`,
    });
    const rangePage = await dataOf<JobOrderPage>(byRange);
    expect(rangePage.records.every((record) => record.realityStartTime.startsWith(start))).toBe(true);

    const reset = page.waitForRequest(isCall(JobOrderPaths.list));
    await page.getByTestId('filter-reset').click();
    expect((await reset).postDataJSON()).toEqual({ current: 1, size: 500 });
    expect(await page.getByTestId('filter-staff-name').inputValue()).toBe('');
    await expect.poll(() => page.getByTestId('job-order-pagination').innerText()).toContain(`共 ${first.total} 条`);
    await close();
  });

  it('queries on Enter in 工单名称, and not on an Enter that confirms a date typed into a range picker', async () => {
    const { page, close, first } = await openList();
    const lists: Request[] = [];
    page.on('request', (request) => {
      if (isCall(JobOrderPaths.list)(request)) lists.push(request);
    });
    const start = first.records[0]!.realityStartTime.slice(0, 10);
    await typeServiceDay(page, start);
    await page.keyboard.press('Escape');

    const name = first.records[0]!.jobOrderName;
    await page.getByTestId('filter-job-order-name').fill(name);
    const byName = page.waitForRequest(isCall(JobOrderPaths.list));
    await page.getByTestId('filter-job-order-name').press('Enter');
    expect((await byName).postDataJSON()).toEqual({ current: 1, size: 500, jobOrderName: name, startTime: `${start} 00:00:00`, endTime: `${start} 23:59:59` });
    const named = await dataOf<JobOrderPage>(await byName);
    expect(named.records.map((record) => record.id)).toContain(first.records[0]!.id);
    // The list was asked for once: the picker's Enters only confirmed its dates.
    expect(lists).toHaveLength(1);
    await close();
  });

  it('narrows the list to a store chosen in the shared organisation/store picker, each row naming its store', async () => {
    const { page, close, first } = await openList();
    expect(await page.getByTestId('job-order-table').locator('thead').innerText()).toContain('门店');
    await chooseFirstStore(page);
    const store = (await page.getByTestId('organisation-tree').locator('.arco-tag').first().innerText()).trim();
    await page.keyboard.press('Escape');
    const narrowed = page.waitForRequest(isCall(JobOrderPaths.list));
    await page.getByTestId('filter-query').click();
    const request = await narrowed;
    expect(request.postDataJSON()).toEqual({ current: 1, size: 500, customerIds: [expect.any(Number)] });
    const atStore = await dataOf<JobOrderPage>(request);
    expect(atStore.total).toBeGreaterThan(0);
    expect(atStore.total).toBeLessThan(first.total);
    expect(atStore.records.every((record) => record.customerName === store)).toBe(true);
    await expect.poll(() => page.getByTestId('job-order-pagination').innerText()).toContain(`共 ${atStore.total} 条`);
    expect(await row(page, atStore.records[0]!).innerText()).toContain(store);
    await close();
  });

  it('shows a visit under way as 进行中 in 实际结束时间, and a finished one its end time', async () => {
    const { page, close, first } = await openList();
    // Newest first: the seed's history ends on a working morning (E2E_DEMO_ANCHOR), with a visit under way.
    const running = first.records.find((record) => record.state === 'inProgress');
    const done = first.records.find((record) => record.state === 'done');
    expect(running).toBeDefined();
    expect(await row(page, running!).getByTestId('job-order-state').innerText()).toBe('进行中');
    expect(await row(page, done!).innerText()).toContain(done!.realityEndTime!);
    expect(await row(page, done!).getByTestId('job-order-state').count()).toBe(0);
    await close();
  });

  it('on a phone, draws the page of 500 as cards fifty at a time, the next fifty as the reader nears the end', async () => {
    let listed: Promise<Request> | undefined;
    const { page, close } = await pages.open('/serviceRecord', {
      viewport: { width: 390, height: 844 },
      beforeGoto: (opening) => {
        listed = opening.waitForRequest(isCall(JobOrderPaths.list));
      },
    });
    const first = await dataOf<JobOrderPage>(await listed!);
    expect(first.records.length).toBeGreaterThan(100);
    const cards = page.getByTestId('job-order-table-cards').getByTestId('job-order-row');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(50);
    const more = page.getByTestId('job-order-table-more');
    expect(await more.innerText()).toBe(`再显示 50 条（已显示 50 / ${first.records.length}）`);
    await more.scrollIntoViewIfNeeded();
    await expect.poll(() => cards.count()).toBe(100);
    // The button is there for a keyboard too.
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(150);
    expect(await cards.nth(120).getAttribute('data-job-id')).toBe(String(first.records[120]!.id));
    await close();
  });

  it('asks for a selection before a batch download', async () => {
    const { page, close } = await openList();
    await page.getByTestId('batch-download').click();
    await expect.poll(() => messages(page)).toContain('批量下载请至少选择一条数据！');
    await close();
  });

  it('previews a report as a PDF in a new tab', async () => {
    const { page, close, first } = await openList();
    const record = withReport(first.records)[0]!;
    // The new tab's request for the report: what happens to the answer is the browser's (the full
    // Chromium shows it in its PDF viewer, the headless shell saves it), so fetch the address again to see what it serves.
    const [opened] = await Promise.all([
      page.context().waitForEvent('request', (request) => /jobOrderReport/.test(request.url())),
      page.context().waitForEvent('page'),
      row(page, record).getByTestId('report-preview').click(),
    ]);
    expect(opened.isNavigationRequest()).toBe(true);
    const served = await page.request.get(opened.url());
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toContain('application/pdf');
    expect((await served.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await close();
  });

  it('downloads one report as a PDF named after the job order', async () => {
    const { page, close, first } = await openList();
    const record = withReport(first.records)[0]!;
    const [download] = await Promise.all([page.waitForEvent('download'), row(page, record).getByTestId('report-download').click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await savedBytes(download)).subarray(0, 5).toString()).toBe('%PDF-');
    await expect.poll(() => messages(page)).toContain('下载成功');
    await close();
  });

  it('says so when a job order has no report to preview or download', async () => {
    const { page, close } = await pages.open('/serviceRecord', {
      // The seed may give every job order a report: take the first row's links away in the response.
      beforeGoto: (opening) =>
        opening.route(`**${JobOrderPaths.list}`, async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as { data: JobOrderPage };
          body.data.records[0] = { ...body.data.records[0]!, previewUrl: null, pdfUrl: null };
          await route.fulfill({ response, json: body });
        }),
    });
    const firstRow = page.getByTestId('job-order-row').first();
    await firstRow.getByTestId('report-preview').click();
    await expect.poll(() => messages(page)).toContain('该条信息暂无报告可预览！');
    await firstRow.getByTestId('report-download').click();
    await expect.poll(() => messages(page)).toContain('该条信息暂无报告可下载！');
    await close();
  });

  it('batch-downloads three reports as files.zip with one PDF each, named with its store', async () => {
    const { page, close, first } = await openList();
    const chosen = withReport(first.records).slice(0, 3);
    for (const record of chosen) await row(page, record).locator('.arco-checkbox').click();
    expect(await page.getByTestId('selected-count').innerText()).toContain('3');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch-download').click()]);
    expect(download.suggestedFilename()).toBe('files.zip');
    const zip = await JSZip.loadAsync(await savedBytes(download));
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(chosen.map((record) => `${record.code}-${record.customerName}-${record.jobOrderName}.pdf`.replace(/[\\/:*?"<>|]/g, '_')).sort());
    for (const name of names) expect((await zip.file(name)!.async('string')).startsWith('%PDF-')).toBe(true);
    await expect.poll(() => messages(page)).toContain('下载成功');
    await close();
  });

  it('names a report that failed and still zips the others', async () => {
    const { page, close, first } = await openList();
    const [broken, ...fine] = withReport(first.records).slice(0, 3);
    await page.route(
      (url) => url.pathname.startsWith(JobOrderPaths.report) && url.pathname.endsWith(`/${broken!.id}.pdf`),
      (route) => route.fulfill({ status: 500, json: { status: 500, message: 'report unavailable', data: null } }),
    );
    for (const record of [broken!, ...fine]) await row(page, record).locator('.arco-checkbox').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch-download').click()]);
    const zip = await JSZip.loadAsync(await savedBytes(download));
    expect(Object.keys(zip.files)).toHaveLength(2);
    const failures = page.getByTestId('batch-download-failures');
    await failures.waitFor();
    expect(await failures.innerText()).toContain(`${broken!.code}-`);
    await close();
  });

  it('cancels a batch download: progress n of m, then nothing is saved', async () => {
    const { page, close, first } = await openList();
    const chosen = withReport(first.records).slice(0, 3);
    // Hold the reports back until cancel has been clicked, so the batch is still running then.
    let releaseReports!: () => void;
    const reportsHeld = new Promise<void>((resolve) => (releaseReports = resolve));
    const heldReports: Promise<void>[] = [];
    await page.route(
      (url) => url.pathname.startsWith(JobOrderPaths.report),
      (route) => {
        // An aborted fetch cannot be continued: that is the cancel working.
        const held = reportsHeld.then(() => route.continue()).catch(() => undefined);
        heldReports.push(held);
        return held;
      },
    );
    for (const record of chosen) await row(page, record).locator('.arco-checkbox').click();
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await page.getByTestId('batch-download').click();
    expect(await page.getByTestId('batch-progress-text').innerText()).toContain('0 / 3');
    await page.getByTestId('batch-cancel').click();
    // The cancelled message is the batch's branch that never saves, and the bar is back.
    await expect.poll(() => messages(page)).toContain('已取消批量下载');
    await page.getByTestId('batch-download').waitFor();
    // Let the held reports go: had cancel not aborted their fetches, they would answer now.
    releaseReports();
    await Promise.all(heldReports);
    await requestsSettled(page);
    expect(downloaded).toBe(false);
    await close();
  });
});

describe('point check (screen 11)', () => {
  /** Opens the point check of the newest finished job order (one under way has no sheet yet), from the list's action. */
  async function openPointCheck() {
    const { page, close, first } = await openList();
    const tabsCall = page.waitForRequest(isCall(JobOrderPaths.pointTabs));
    const headerCall = page.waitForRequest(isCall(JobOrderPaths.pointCheckHeader));
    const rowsCall = page.waitForRequest(isCall(JobOrderPaths.pointCheckRows));
    const materialsCall = page.waitForRequest(isCall(JobOrderPaths.materials));
    const record = first.records.find((listed) => listed.state === 'done')!;
    await row(page, record).getByTestId('report-pointCheck').click();
    await page.waitForURL(`**/pointCheck?id=${record.id}`);
    const tabs = await dataOf<PointCheckTab[]>(await tabsCall);
    expect(tabs.length).toBeGreaterThan(0);
    const header = await dataOf<TableHeaderNode[]>(await headerCall);
    const rows = await rowsCall;
    const materials = await dataOf<JobOrderMaterial[]>(await materialsCall);
    return { page, close, record, tabs, header, rows, materials, total: (await dataOf<{ total: number }>(rows)).total };
  }

  it("shows the job order's 用药记录 below the sheet: every product with its registration number, lot, quantity and place", async () => {
    const { page, close, materials } = await openPointCheck();
    const table = page.getByTestId('point-check-materials-table');
    await table.waitFor();
    expect(await page.getByTestId('point-check-materials').locator('h3').innerText()).toBe('用药记录');
    if (materials.length === 0) {
      expect(await table.innerText()).toContain('本次服务未使用药剂或耗材');
    } else {
      await expect.poll(() => table.locator('tbody tr').count()).toBe(materials.length);
      const text = await table.innerText();
      for (const material of materials) {
        for (const expected of [material.materialName, material.lotNo, material.regionName, material.registrationNo ?? '—']) expect(text).toContain(expected);
      }
    }
    await close();
  });

  it('in English: the sheet and the register hold no Chinese but the names people typed, and every header fits its column', async () => {
    const { page, close, record, tabs, materials } = await openPointCheck();
    const englishCall = (path: string) => page.waitForRequest((request) => isCall(path)(request) && request.headers()['accept-language'] === 'en');
    const headerCall = englishCall(JobOrderPaths.pointCheckHeader);
    const rowsCall = englishCall(JobOrderPaths.pointCheckRows);
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-en').click();
    // The switch asks for the sheet again, in English.
    const header = await dataOf<TableHeaderNode[]>(await headerCall);
    const rows = await dataOf<{ records: Record<string, string | number | null>[] }>(await rowsCall);
    expect(headerLeaves(header)[0]!.name).toBe('Point code');
    const sheet = page.getByTestId('point-check-table');
    await expect.poll(() => sheet.locator('thead').innerText()).toContain('Point code');
    await expect.poll(() => page.getByTestId('point-check-materials').locator('h3').innerText()).toBe('Materials used');

    // Typed: the job order's code and store, the device types (tabs), the pests (a header group's leaves), the points' regions, the products and where they went.
    const typed = [
      record.code,
      record.customerName,
      ...tabs.map((tab) => tab.deviceTypeName),
      ...header.flatMap((node) => (node.prop === 'catch' ? (node.child ?? []).filter((leaf) => leaf.prop !== 'catchTotal').map((leaf) => leaf.name) : [])),
      ...rows.records.flatMap((row) => [row.pointCode, row.regionName, row.deviceNo]),
      ...materials.flatMap((material) => [material.materialName, material.regionName, material.registrationNo, material.activeIngredient, material.lotNo]),
    ].filter((name): name is string | number => name !== null && name !== undefined && name !== '');
    const withoutTyped = [...new Set(typed.map(String))].sort((a, b) => b.length - a.length).reduce((rest, name) => rest.split(name).join(' '), await page.getByTestId('point-check-page').innerText());
    expect(withoutTyped).not.toMatch(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u);

    // "Pesticide registration no." once ran into "Lot no.": each title ends inside its column.
    const overflowing = await page
      .getByTestId('point-check-materials-table')
      .locator('thead th')
      .evaluateAll((cells) =>
        cells.flatMap((cell) => {
          const title = cell.querySelector('.arco-table-th-item-title');
          return title && title.getBoundingClientRect().right > cell.getBoundingClientRect().right + 0.5 ? [title.textContent] : [];
        }),
      );
    expect(overflowing).toEqual([]);
    await close();
  });

  it('selects the first device tab, shows a two-level header with the total row, pages, and reloads on a tab switch', async () => {
    const { page, close, record, tabs, header, rows, total } = await openPointCheck();
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(record.id));
    const [firstTab, secondTab] = tabs;
    expect(rows.postDataJSON()).toEqual({
      current: 1,
      size: 10,
      deviceTypeId: firstTab!.deviceTypeId,
      deviceTypeName: firstTab!.deviceTypeName,
      sheetId: firstTab!.sheetId,
    });
    expect(await page.locator('.arco-tabs-header-title-active').innerText()).toBe(firstTab!.deviceTypeName);

    const table = page.getByTestId('point-check-table');
    await expect.poll(() => table.locator('thead tr').count()).toBe(2);
    const headerText = await table.locator('thead').innerText();
    for (const leaf of headerLeaves(header)) expect(headerText).toContain(leaf.name);
    if (total > 0) expect(await page.getByTestId('point-check-table-total').innerText()).toContain('合计');
    else expect(await table.innerText()).toContain('抱歉，当前相关信息暂无数据！');
    expect(await page.getByTestId('point-check-pagination').innerText()).toContain(`共 ${total} 条`);

    if (total > 10) {
      const paged = page.waitForRequest(isCall(JobOrderPaths.pointCheckRows));
      await page.getByTestId('point-check-pagination').locator('.arco-pagination-item', { hasText: /^2$/ }).click();
      expect((await paged).postDataJSON()).toMatchObject({ current: 2, size: 10 });
    }

    if (secondTab) {
      const headerCall = page.waitForRequest(isCall(JobOrderPaths.pointCheckHeader));
      const rowsCall = page.waitForRequest(isCall(JobOrderPaths.pointCheckRows));
      await page.locator('.arco-tabs-header-title', { hasText: secondTab.deviceTypeName }).click();
      const expected = { deviceTypeId: secondTab.deviceTypeId, deviceTypeName: secondTab.deviceTypeName, sheetId: secondTab.sheetId };
      expect((await headerCall).postDataJSON()).toMatchObject(expected);
      expect((await rowsCall).postDataJSON()).toEqual({ current: 1, size: 10, ...expected });
      await expect.poll(() => page.locator('.arco-tabs-header-title-active').innerText()).toBe(secondTab.deviceTypeName);
    }
    await close();
  });

  it('exports the sheet as an xlsx with every row and the header names', async () => {
    const { page, close, tabs, header, total } = await openPointCheck();
    expect(total).toBeGreaterThan(0);
    // Held back until the overlay's export text has been seen.
    let releaseExport!: () => void;
    const exportHeld = new Promise<void>((resolve) => (releaseExport = resolve));
    await page.route(`**${JobOrderPaths.pointCheckExport}`, async (route) => {
      await exportHeld;
      await route.continue();
    });
    const exportCall = page.waitForRequest(isCall(JobOrderPaths.pointCheckExport));
    const saved = page.waitForEvent('download');
    await page.getByTestId('point-check-export').click();
    await expect.poll(() => page.getByTestId('loading-overlay').innerText()).toContain('正在导出...');
    releaseExport();
    const download = await saved;
    expect((await exportCall).postDataJSON()).toEqual({
      current: 1,
      size: total,
      deviceTypeId: tabs[0]!.deviceTypeId,
      deviceTypeName: tabs[0]!.deviceTypeName,
      sheetId: tabs[0]!.sheetId,
    });
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = await savedBytes(download);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const cells: string[] = [];
    sheet.eachRow((sheetRow, rowNumber) => {
      if (rowNumber <= 2) sheetRow.eachCell((cell) => cells.push(String(cell.value)));
    });
    for (const node of [...header, ...headerLeaves(header)]) expect(cells).toContain(node.name);
    await expect.poll(() => messages(page)).toContain('导出成功');
    await expect.poll(() => page.getByTestId('loading-overlay').count()).toBe(0);
    await close();
  });

  it("shows the server's errorMessage when an export fails, and closes the overlay", async () => {
    const { page, close } = await openPointCheck();
    await page.route(`**${JobOrderPaths.pointCheckExport}`, (route) =>
      route.fulfill({ status: 500, json: { status: 500, message: 'Internal Server Error', errorMessage: '导出失败，请稍后重试', data: null } }),
    );
    await page.getByTestId('point-check-export').click();
    await expect.poll(() => messages(page)).toContain('导出失败，请稍后重试');
    await expect.poll(() => page.getByTestId('loading-overlay').count()).toBe(0);
    await close();
  });
});
