import { readFile } from 'node:fs/promises';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHINA_TIME_ZONE,
  DevicePaths,
  DeviceStatus,
  deviceListLink,
  UploadPaths,
  type AlarmRecord,
  type AlarmTrend,
  type DeviceInfo,
  type DeviceListBody,
  type DeviceRow,
} from '@pest/shared';
import { requestsSettled, useBrowser } from './browser.ts';
import { useScreenPages, type PageOpener } from './screenPages.ts';
import { E2E_DEMO_ANCHOR } from './server.ts';
import { pngOf } from './png.ts';

/**
 * Smart devices (console-spec screens 6 and 7, and the bind-info page) against the real server and
 * its small demo data, as the admin: list search and paging, the detail's map (zoom floor, PNG
 * export), events and trend charts, and the picture upload through the object-storage flow.
 */

/** An organisation of the small demo data with several stores (the summaries' browser tests use it too). */
const DEMO_ORGANISATION = '味多美餐饮管理有限公司';

const session = useBrowser();
// Each test loads its screen afresh in a tab an earlier test used (screenPages.ts): first requests are followed.
const pages = useScreenPages(session, { arrive: 'load' });

interface PageOf<T> {
  total: number;
  records: T[];
}

const isCall = (path: string) => (request: Request) => new URL(request.url()).pathname === path;
const messages = (page: Page) => page.locator('.arco-message').allInnerTexts();

async function dataOf<T>(request: Request): Promise<T> {
  const response = await request.response();
  if (!response) throw new Error(`no response to ${request.url()}`);
  return ((await response.json()) as { data: T }).data;
}

const listDevices = (body: DeviceListBody) => session.api<PageOf<DeviceRow>>(DevicePaths.list, { body });

/** A rodent box placed on a plan, with events in the week the demo data ends: what the detail page is about. */
async function placedBoxWithEvents(): Promise<DeviceRow> {
  const boxes = await listDevices({ current: 1, size: 200, isCustomer: true, filters: { deviceType: 1 } });
  const today = new Date(E2E_DEMO_ANCHOR);
  const weekAgo = new Date(today.getTime() - 7 * 86_400_000);
  const day = (d: Date) => d.toLocaleDateString('sv-SE', { timeZone: CHINA_TIME_ZONE });
  for (const box of boxes.records) {
    const placed = await session.api(DevicePaths.detail, { query: { id: box.id } }).then(
      () => true,
      () => false,
    );
    if (!placed) continue;
    const events = await session.api<PageOf<AlarmRecord>>(DevicePaths.alarmList, {
      body: { current: 1, size: 1, boxId: box.id, startDate: day(weekAgo), endDate: day(today) },
    });
    if (events.total > 0) return box;
  }
  throw new Error('no placed rodent box with events in the last week in the demo data');
}

async function openList(): Promise<{ page: Page; close(): Promise<void>; body: DeviceListBody; data: PageOf<DeviceRow> }> {
  let first: Promise<Request> | undefined;
  const { page, close } = await pages.open('/equipment/mouseBox', {
    beforeGoto: (opening) => {
      first = opening.waitForRequest(isCall(DevicePaths.list));
    },
  });
  const request = await first!;
  const data = await dataOf<PageOf<DeviceRow>>(request);
  if (data.total > 0) await page.getByTestId('device-row').first().waitFor();
  return { page, close, body: request.postDataJSON() as DeviceListBody, data };
}

/** Clicks Query and resolves the list call it made. */
async function query(page: Page): Promise<{ body: DeviceListBody; data: PageOf<DeviceRow> }> {
  const call = page.waitForRequest(isCall(DevicePaths.list));
  await page.getByTestId('filter-query').click();
  const request = await call;
  const data = await dataOf<PageOf<DeviceRow>>(request);
  await expect.poll(() => page.getByTestId('device-row').count()).toBe(data.records.length);
  return { body: request.postDataJSON() as DeviceListBody, data };
}

async function chooseOption(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: label }).first().click();
}

describe('device list (screen 6)', () => {
  it('opens on page 1 of 10 of every device, searches by keyword, status and battery, pages and resets', async () => {
    const opened = await openList();
    const { page, close } = opened;
    expect(opened.body).toEqual({ current: 1, size: 10, isCustomer: true, filters: {} });
    expect(opened.data.total).toBeGreaterThan(10);
    expect(await page.getByTestId('device-row').count()).toBe(10);
    expect(await page.getByTestId('device-pagination').innerText()).toContain(`共 ${opened.data.total} 条`);
    const header = await page.getByTestId('device-table').locator('thead').innerText();
    for (const title of ['设备编号', '设备名称', '设备类型', '门店', '大区', '状态', '电量', '告警', '最后通讯时间', '供应商', '操作']) {
      expect(header).toContain(title);
    }

    // Keyword: a device code picks that device out of the whole fleet.
    const target = opened.data.records[3]!;
    await page.getByTestId('device-keyword').fill(` ${target.deviceCode} `);
    const byCode = await query(page);
    expect(byCode.body).toEqual({ current: 1, size: 10, isCustomer: true, filters: { name: target.deviceCode } });
    expect(byCode.data.records.map((row) => row.id)).toContain(target.id);
    expect(await page.getByTestId('device-table').innerText()).toContain(target.deviceName);

    // Status and battery, without the keyword.
    await page.getByTestId('device-keyword').fill('');
    await chooseOption(page, 'device-status-filter', '在线');
    await chooseOption(page, 'device-battery-filter', '≤ 50%');
    const onlineLow = await query(page);
    expect(onlineLow.body.filters).toEqual({ status: 2, remainingPower: 50 });
    expect(onlineLow.data.total).toBeGreaterThan(0);
    expect(onlineLow.data.records.every((row) => row.status === 2 && row.remainingPower !== null && row.remainingPower <= 50)).toBe(true);
    expect(new Set(await page.getByTestId('device-status').allInnerTexts())).toEqual(new Set(['在线']));
    const levels = await page.getByTestId('device-battery').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-level')));
    expect(levels.every((level) => level === 'medium' || level === 'low')).toBe(true);

    // Reset asks for everything again, from page 1.
    const reset = page.waitForRequest(isCall(DevicePaths.list));
    await page.getByTestId('filter-reset').click();
    expect((await reset).postDataJSON()).toEqual({ current: 1, size: 10, isCustomer: true, filters: {} });

    // Page 2, then 20 a page (back to page 1).
    await page.getByTestId('device-row').first().waitFor();
    const second = page.waitForRequest(isCall(DevicePaths.list));
    await page.getByTestId('device-pagination').locator('.arco-pagination-item', { hasText: /^2$/ }).click();
    const secondPage = await second;
    expect(secondPage.postDataJSON()).toMatchObject({ current: 2, size: 10 });
    const secondIds = (await dataOf<PageOf<DeviceRow>>(secondPage)).records.map((row) => row.id);
    await expect.poll(() => page.getByTestId('device-row').first().getAttribute('data-device-id')).toBe(String(secondIds[0]));

    const resized = page.waitForRequest(isCall(DevicePaths.list));
    await page.getByTestId('device-pagination').locator('.arco-pagination-option .arco-select-view').click();
    await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: /^20/ }).click();
    expect((await resized).postDataJSON()).toMatchObject({ current: 1, size: 20 });
    await expect.poll(() => page.getByTestId('device-row').count()).toBe(Math.min(20, opened.data.total));
    await close();
  });

  it('opens the list a link names (the wallboard\'s 故障 tile): the devices in fault, 故障 in the status filter', async () => {
    let first: Promise<Request> | undefined;
    const { page, close } = await pages.open(deviceListLink({ status: DeviceStatus.fault }), {
      beforeGoto: (opening) => {
        first = opening.waitForRequest(isCall(DevicePaths.list));
      },
    });
    const request = await first!;
    expect((request.postDataJSON() as DeviceListBody).filters).toEqual({ status: DeviceStatus.fault });
    expect((await dataOf<PageOf<DeviceRow>>(request)).total).toBeGreaterThan(0);
    await page.getByTestId('device-row').first().waitFor();
    expect(new Set(await page.getByTestId('device-status').allInnerTexts())).toEqual(new Set(['故障']));
    expect(await page.getByTestId('device-status-filter').innerText()).toContain('故障');
    await close();
  });

  it('narrows to an organisation chosen in the tree (its stores included) and downloads the import template', async () => {
    const opened = await openList();
    const { page, close } = opened;
    await page.getByTestId('organisation-tree').click();
    await page.getByTestId('organisation-tree-dropdown').locator('.arco-tree-node-title', { hasText: DEMO_ORGANISATION }).first().click();
    await page.keyboard.press('Escape');
    const mine = await query(page);
    expect(mine.body.filters).toEqual({ customerIds: [expect.any(Number)] });
    expect(mine.data.total).toBeGreaterThan(0);
    expect(mine.data.total).toBeLessThan(opened.data.total);
    // The demo chain's stores carry its brand: every row is one of them.
    expect(mine.data.records.every((row) => row.customerName.startsWith('味多美'))).toBe(true);

    const saved = page.waitForEvent('download');
    await page.getByTestId('device-template').click();
    const download = await saved;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    expect((await readFile(await download.path())).subarray(0, 2).toString()).toBe('PK');
    await close();
  });

  it('opens a device’s detail from its row', async () => {
    const { page, close, data } = await openList();
    const row = data.records[0]!;
    await page.locator(`[data-device-id="${row.id}"]`).getByTestId('device-detail-link').click();
    await page.waitForURL(`**/equipment/equipmentDetail?id=${row.id}`);
    await expect.poll(() => page.getByTestId('device-title').innerText()).toBe(row.deviceName);
    expect(await page.getByTestId('device-header').innerText()).toContain(row.deviceCode);
    await close();
  });
});

describe('device detail (screen 7)', () => {
  let box: DeviceRow;
  beforeAll(async () => {
    box = await placedBoxWithEvents();
  });

  // The page shows the last 7 days: its clock runs from where the demo data ends.
  const detailPages = useScreenPages(session, {
    arrive: 'load',
    beforeGoto: async (page) => {
      await page.clock.install({ time: new Date(E2E_DEMO_ANCHOR) });
      await page.clock.resume();
    },
  });

  async function openDetail(): Promise<{ page: Page; close(): Promise<void>; events: Request }> {
    let events: Promise<Request> | undefined;
    const { page, close } = await detailPages.open(`/equipment/equipmentDetail?id=${box.id}`, {
      beforeGoto: (opening) => {
        // The navbar's alarm bell lists alarms of every device too, and the page's open-alarms panel
        // asks for this device's alarms by state: the event list is the call that names no state.
        events = opening.waitForRequest(
          (request) => isCall(DevicePaths.alarmList)(request) && request.postDataJSON()?.boxId === box.id && request.postDataJSON()?.states === undefined,
        );
      },
    });
    await page.locator('[data-testid="placement-canvas"][data-ready="true"]').waitFor();
    return { page, close, events: await events! };
  }

  it('draws the plan, zooms by 0.1 a wheel notch down to 0.3 and refuses to go further', async () => {
    const { page, close } = await openDetail();
    const canvas = page.getByTestId('placement-canvas');
    // The wheel turns where the pointer is, and the pointer only reaches what is on screen.
    await canvas.scrollIntoViewIfNeeded();
    const frame = await canvas.boundingBox();
    if (!frame) throw new Error('canvas not laid out');
    expect(await canvas.evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([800, 650]);
    await page.mouse.move(frame.x + frame.width / 2, frame.y + frame.height / 2);

    await page.mouse.wheel(0, -100);
    await expect.poll(() => canvas.getAttribute('data-zoom')).toBe('1.1');
    for (const expected of ['1', '0.9', '0.8', '0.7', '0.6', '0.5', '0.4', '0.3']) {
      await page.mouse.wheel(0, 100);
      await expect.poll(() => canvas.getAttribute('data-zoom')).toBe(expected);
    }
    expect(await messages(page)).toEqual([]);
    await page.mouse.wheel(0, 100);
    await expect.poll(() => messages(page)).toContain('已缩小到最小比例，无法继续缩小');
    expect(await canvas.getAttribute('data-zoom')).toBe('0.3');

    // A drag moves the plan with the pointer, at any zoom. CSS fits the canvas to its column, so the
    // pointer's CSS pixels are canvas pixels times the canvas's pixels per CSS pixel.
    const [x, y] = (await canvas.getAttribute('data-offset'))!.split(',').map(Number);
    const perCssPixel = 800 / frame.width;
    await page.mouse.down();
    await page.mouse.move(frame.x + frame.width / 2 + 120, frame.y + frame.height / 2 - 60, { steps: 6 });
    await page.mouse.up();
    // The shown offset is rounded, before and after: a pixel either way.
    const moved = async () => (await canvas.getAttribute('data-offset'))!.split(',').map(Number);
    await expect.poll(async () => Math.abs(((await moved())[0] ?? 0) - (x! + 120 * perCssPixel))).toBeLessThanOrEqual(1);
    expect(Math.abs(((await moved())[1] ?? 0) - (y! - 60 * perCssPixel))).toBeLessThanOrEqual(1);
    await close();
  });

  it('exports the layout as a PNG named 布局图.png', async () => {
    const { page, close } = await openDetail();
    const saved = page.waitForEvent('download');
    await page.getByTestId('placement-export').click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe('布局图.png');
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.length).toBeGreaterThan(1000);
    await close();
  });

  it('lists the last 7 days of events as steps, 10 a page, and draws both trend charts with data', async () => {
    const { page, close, events } = await openDetail();
    const body = events.postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ current: 1, size: 10, boxId: box.id });
    const days = (Date.parse(String(body.endDate)) - Date.parse(String(body.startDate))) / 86_400_000;
    expect(days).toBe(7);
    const listed = await dataOf<PageOf<AlarmRecord>>(events);
    await expect.poll(() => page.getByTestId('device-event-content').count()).toBe(listed.records.length);
    expect(await page.getByTestId('device-event-content').first().innerText()).toBe(listed.records[0]!.content);
    expect(await page.getByTestId('device-event-time').first().innerText()).toBe(listed.records[0]!.createTime);

    const trendCall = page.waitForRequest(isCall(DevicePaths.alarmTrend));
    await page.getByTestId('device-activity-view').getByText('防治趋势').click();
    const trendRequest = await trendCall;
    expect(trendRequest.postDataJSON()).toEqual({ boxId: box.id, startDate: body.startDate, endDate: body.endDate });
    const trend = await dataOf<AlarmTrend>(trendRequest);
    expect(trend.dateList.length).toBe(8);
    expect(trend.onlineCountList.some((count) => count > 0)).toBe(true);

    const expectedSeries = {
      'device-trend-chart': [trend.onlineCountList, trend.highTemperatureCountList, trend.electricityTrendCountList, trend.maintainCountList],
      'alarm-trend-chart': [trend.alarmCountList, trend.triggerCountList],
    };
    for (const [chart, series] of Object.entries(expectedSeries)) {
      const element = page.getByTestId(`${chart}-canvas`);
      // Below the events: a chart draws once it is scrolled near (useChart).
      await element.scrollIntoViewIfNeeded();
      // The option ECharts holds: every series with the day's counts.
      await expect
        .poll(() =>
          element.evaluate((el: HTMLElement) => {
            // The console exposes its chart instances for tests (components/Chart/echarts.ts).
            const charts = window as unknown as { chartInstanceOf?(element: HTMLElement): { getOption(): unknown } | undefined };
            const option = charts.chartInstanceOf?.(el)?.getOption() as { series?: { data: number[] }[] } | undefined;
            return option?.series?.map((s) => s.data) ?? [];
          }),
        )
        .toEqual(series);
      // ECharts painted its canvas: count the pixels that are not blank.
      await expect
        .poll(() =>
          element.locator('canvas').first().evaluate((c: HTMLCanvasElement) => {
            const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
            let painted = 0;
            for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted += 1;
            return painted;
          }),
        )
        .toBeGreaterThan(1000);
    }
    await close();
  });
});

describe('bind info', () => {
  async function openBindInfo(id: number, opener: PageOpener = pages): Promise<{ page: Page; close(): Promise<void> }> {
    const { page, close } = await opener.open(`/equipment/bindInfo?id=${id}`);
    await page.getByTestId('device-edit-form').waitFor();
    return { page, close };
  }

  async function save(page: Page): Promise<Record<string, unknown>> {
    const call = page.waitForRequest(isCall(DevicePaths.edit));
    await page.getByTestId('device-edit-save').click();
    const request = await call;
    await expect.poll(() => messages(page)).toContain('保存成功');
    return request.postDataJSON() as Record<string, unknown>;
  }

  it('shows the binding, uploads a picture through object storage, keeps it after a reload and removes it', async () => {
    const box = await placedBoxWithEvents();
    const info = await session.api<DeviceInfo>(DevicePaths.get, { query: { id: box.id } });
    const { page, close } = await openBindInfo(box.id);
    expect(await page.getByTestId('binding-point').innerText()).toBe(info.binding!.pointCode);
    expect(await page.getByTestId('binding').innerText()).toContain(info.binding!.planName);

    const stored = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/oss'));
    await page.getByTestId('device-image-input').setInputFiles({ name: '鼠盒.png', mimeType: 'image/png', buffer: pngOf(500, 500) });
    expect((await stored).status()).toBe(200);
    const preview = page.getByTestId('device-image-preview');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(500);

    const saved = await save(page);
    expect(saved).toMatchObject({ id: box.id, deviceName: info.deviceName });
    const url = String(saved.imageUrl);
    expect(url).toMatch(/^\/api\/oss\/uploads\/u\d+\/.+\.png$/);
    // After a reload the stored picture comes back as a signed link of the same path, which loads.
    await page.reload();
    const reloaded = page.getByTestId('device-image-preview');
    await expect.poll(() => reloaded.getAttribute('src')).toContain(`${url}?expires=`);
    await expect.poll(() => reloaded.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(500);

    await page.getByTestId('device-image-remove').click();
    expect(await save(page)).toMatchObject({ id: box.id, imageUrl: null });
    await page.reload();
    await page.getByTestId('device-image-trigger').waitFor();
    expect(await page.getByTestId('device-image-preview').count()).toBe(0);
    await close();
  });

  it('shows the progress while a picture travels on a slow line', async () => {
    const { records } = await listDevices({ current: 1, size: 1, isCustomer: true });
    // A page of its own: the slow line stays with the page.
    const { page, close } = await openBindInfo(records[0]!.id, session);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    // About 64 KB/s up: the noisy picture below (~180 KB, incompressible) takes a few seconds.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 64 * 1024 });
    await page.getByTestId('device-image-input').setInputFiles({ name: 'noisy.png', mimeType: 'image/png', buffer: pngOf(300, 200, 'noise') });
    const progress = page.getByTestId('device-image-progress');
    await progress.waitFor();
    await expect.poll(() => progress.getAttribute('data-percent').then(Number)).toBeGreaterThan(0);
    await page.getByTestId('device-image-preview').waitFor({ timeout: 30_000 });
    expect(await progress.count()).toBe(0);
    await close();
  });

  it('refuses a blank device name with the rule’s message under the field, no toast, and sends nothing', async () => {
    const { records } = await listDevices({ current: 1, size: 1, isCustomer: true });
    const { page, close } = await openBindInfo(records[0]!.id);
    const edits: string[] = [];
    page.on('request', (request) => isCall(DevicePaths.edit)(request) && edits.push(request.url()));
    await page.getByTestId('edit-device-name').fill('   ');
    await page.getByTestId('device-edit-save').click();
    // The rule's message is the branch that does not send; the marker makes the record complete.
    const field = page.locator('.arco-form-item', { has: page.getByTestId('edit-device-name') });
    await expect.poll(() => field.locator('.arco-form-message').innerText()).toBe('设备名称不能为空');
    await requestsSettled(page);
    expect(edits).toEqual([]);
    expect(await messages(page)).toEqual([]);
    await close();
  });

  it('refuses a 4 MB picture and a text file before sending anything', async () => {
    const { records } = await listDevices({ current: 1, size: 1, isCustomer: true });
    const { page, close } = await openBindInfo(records[0]!.id);
    const uploads: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === UploadPaths.ossConfig || request.method() === 'POST') uploads.push(path);
    });

    const input = page.getByTestId('device-image-input');
    await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(4 * 1024 * 1024, 1) });
    await expect.poll(() => messages(page)).toContain('上传图片大小不能超过 3MB!');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect.poll(() => messages(page)).toContain('上传图片只能是 JPG/PNG/GIF/JPEG 格式!');
    await requestsSettled(page);
    expect(uploads).toEqual([]);
    expect(await page.getByTestId('device-image-trigger').count()).toBe(1);
    await close();
  });
});
