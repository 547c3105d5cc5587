import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmKind, DeviceKind, DeviceStatus } from '@pest/shared';
import { signIn } from '@pest/server/testing';
import { launchBrowser, USER_CONTEXT } from '../../console/e2e/browser.ts';
import { startInProcessProduct, type InProcessProduct } from '../../console/e2e/inProcessProduct.ts';
import { PROVINCE_TILES } from '../src/map/provinceGrid.ts';
import { waitForFilledBoard } from './board-page.ts';

/**
 * The map and the board's legibility against a product running in this process, so the test can
 * shape the data first: the stores spread over every province (the crowded east included), a
 * critical alarm in one province, a lone offline box in another, gateway outages in the crowded
 * north-east. Everything else is real: HTTP, the database, the built board in Chromium.
 */
const CRITICAL_PROVINCE = '广东省';
const CALM_PROVINCE = '浙江省';
/** Its only open alarm is a box's own 设备离线 (重要), with one box offline among many: major, as the feed beside it says. */
const OFFLINE_ALARM_PROVINCE = '江苏省';
/** Crowded tiles whose labels get a second line (boxes dark behind a gateway). */
const OUTAGE_PROVINCES = ['北京市', '天津市', '河北省', '辽宁省', '上海市'];

interface Box {
  key: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('wallboard map and legibility', () => {
  let product: InProcessProduct;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const missing: string[] = [];
  const db = () => product.backend.db;

  /** Puts the stores round-robin over every province on the map, the calm and critical ones with many. */
  async function spreadStores() {
    // By code: the crowded north and east (北京 11, 天津 12, 河北 13 …) come first.
    const provinces = await db().query<{ id: number; name: string }>('select id, name from regions where level = 1 and name = any($1::text[]) order by id', [
      Object.keys(PROVINCE_TILES),
    ]);
    expect(provinces.length).toBe(Object.keys(PROVINCE_TILES).length);
    const stores = await db().query<{ id: number }>('select distinct customer_id as id from devices order by 1');
    // The calm province gets every sixth store, so one offline box there is one among many.
    const calm = provinces.find((province) => province.name === CALM_PROVINCE)!;
    const others = provinces.filter((province) => province !== calm);
    let next = 0;
    for (const [index, store] of stores.entries()) {
      const province = index % 6 === 0 ? calm : others[next++ % others.length]!;
      await db().query('update customers set province_id = $1 where id = $2', [province.id, store.id]);
    }
  }

  /** Every open alarm of the province's stores handled, every device online, then one device offline: its id. */
  async function oneOfflineBox(provinceName: string): Promise<number> {
    const inProvince = `customer_id in (select s.id from customers s join regions p on p.id = s.province_id where p.name = $1)`;
    await db().query(
      `update device_events set state = 'handled', handled = true, handled_at = now(), ack_at = coalesce(ack_at, now()) where state <> 'handled' and ${inProvince}`,
      [provinceName],
    );
    await db().query(`update devices set status = ${DeviceStatus.online} where ${inProvince}`, [provinceName]);
    const [box] = await db().query<{ id: number; total: number }>(
      `select min(id) as id, count(*)::int as total from devices where ${inProvince}`,
      [provinceName],
    );
    expect(box!.total).toBeGreaterThanOrEqual(20);
    await db().query(`update devices set status = ${DeviceStatus.offline} where id = $1`, [box!.id]);
    return box!.id;
  }

  async function openCriticalAlarm(provinceName: string) {
    const [device] = await db().query<{ id: number }>(
      `select d.id from devices d join customers s on s.id = d.customer_id join regions p on p.id = s.province_id
       where p.name = $1 and not exists (select 1 from device_events e where e.device_id = d.id and e.kind = ${AlarmKind.trigger} and e.state <> 'handled')
       order by d.id limit 1`,
      [provinceName],
    );
    await insertAlarm(device!.id, AlarmKind.trigger, 'critical', null);
  }

  async function insertAlarm(deviceId: number, kind: number, severity: string, gatewayAlarmId: number | null): Promise<number> {
    const [row] = await db().query<{ id: number }>(
      `insert into device_events (device_id, customer_id, kind, content, content_key, content_params, created_at, handled, state, severity, last_at, gateway_alarm_id)
       select id, customer_id, $2, 'e2e', 'text', '{"text": "e2e"}', now() - interval '2 hours', false, 'open', $3, now() - interval '2 hours', $4 from devices where id = $1
       returning id`,
      [deviceId, kind, severity, gatewayAlarmId],
    );
    return row!.id;
  }

  /** A gateway of the province down with its boxes linked to its alarm, as the outage writer leaves them; false when it has none. */
  async function gatewayOutage(provinceName: string): Promise<boolean> {
    const [gateway] = await db().query<{ id: number }>(
      `select g.id from devices g join device_types t on t.id = g.device_type_id and t.smart_kind = ${DeviceKind.loraGateway}
       join customers s on s.id = g.customer_id join regions p on p.id = s.province_id
       where p.name = $1 and exists (select 1 from devices b where b.gateway_id = g.id)
         and not exists (select 1 from device_events e where e.device_id = g.id and e.kind = ${AlarmKind.offline} and e.state <> 'handled')
       order by g.id limit 1`,
      [provinceName],
    );
    if (!gateway) return false;
    const boxes = await db().query<{ id: number }>('select id from devices where gateway_id = $1', [gateway.id]);
    const ids = boxes.map((box) => box.id);
    await db().query(
      `update device_events set state = 'handled', handled = true, handled_at = now(), ack_at = coalesce(ack_at, now())
       where device_id = any($1::int[]) and kind = ${AlarmKind.offline} and state <> 'handled'`,
      [ids],
    );
    const alarm = await insertAlarm(gateway.id, AlarmKind.offline, 'critical', null);
    for (const id of ids) await insertAlarm(id, AlarmKind.offline, 'major', alarm);
    return true;
  }

  /** The stage rescales on resize: wait until it fills the viewport at the design's aspect ratio. */
  const stageFits = (width: number, height: number) =>
    expect
      .poll(() => page.locator('.stage').evaluate((stage) => stage.getBoundingClientRect().width))
      .toBeCloseTo(1920 * Math.min(width / 1920, height / 1080), 0);

  const labelBoxes = () =>
    page.getByTestId('map-label').evaluateAll((labels) =>
      labels.map((label) => {
        const { x, y, width, height } = label.getBoundingClientRect();
        return { key: label.getAttribute('data-province') ?? '', x, y, width, height };
      }),
    );

  beforeAll(async () => {
    product = await startInProcessProduct({ pollMs: 1_000 });
    await spreadStores();
    // Only this test's critical and major alarms (a store's age is its oldest of either), all two hours old, so the focus card's ages are known.
    await db().query(
      `update device_events set state = 'handled', handled = true, handled_at = now(), ack_at = coalesce(ack_at, now()) where state <> 'handled' and severity in ('critical', 'major')`,
    );
    await oneOfflineBox(CALM_PROVINCE);
    await insertAlarm(await oneOfflineBox(OFFLINE_ALARM_PROVINCE), AlarmKind.offline, 'major', null);
    await openCriticalAlarm(CRITICAL_PROVINCE);
    const outages = [];
    for (const province of OUTAGE_PROVINCES) outages.push(await gatewayOutage(province));
    expect(outages.filter(Boolean).length).toBeGreaterThan(0);
    token = (await signIn(product.backend.app, 'admin')).authorization.slice('Bearer '.length);

    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: product.url, ...USER_CONTEXT, viewport: { width: 1920, height: 1080 } });
    page = await context.newPage();
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(response.url());
    });
    // The data this file just shaped runs in this process: until the event loop has caught up with
    // it, the product's gateway sheds API calls (503, 服务器繁忙) as it does under any load, and the
    // board asks again for the parts refused.
    await page.goto(`/wallboard/?token=${encodeURIComponent(token)}&phone=admin`);
    await waitForFilledBoard(page);
    await page.getByTestId('map-label').first().waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('colours a province with an open critical alarm as the legend\'s critical, one whose only alarm is a box\'s offline alarm as major, and one with a lone offline box among many as calm', async () => {
    const fill = (province: string) => page.locator(`rect.tile[data-province="${province}"]`).evaluate((tile) => getComputedStyle(tile).fill);
    const swatch = (action: string) => page.locator(`.map-legend .action-${action} i`).evaluate((mark) => getComputedStyle(mark).backgroundColor);
    expect(await fill(CRITICAL_PROVINCE)).toBe(await swatch('critical'));
    expect(await fill(CALM_PROVINCE)).toBe(await swatch('calm'));
    expect(await fill(OFFLINE_ALARM_PROVINCE)).toBe(await swatch('major'));
    expect(await swatch('calm')).not.toBe(await swatch('critical'));
    // The outages' blast radius is on their labels.
    expect(await page.locator('[data-testid="map-label"] .dark-boxes').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^\d+ 台失联$/)]));
  });

  it('draws no two map labels over each other at 1366×768, 1920×1080 and 3840×2160, measured from the drawn boxes', async () => {
    try {
      for (const [width, height] of [
        [1366, 768],
        [1920, 1080],
        [3840, 2160],
      ] as const) {
        await page.setViewportSize({ width, height });
        await stageFits(width, height);
        const boxes = await labelBoxes();
        expect(boxes.length, `labels at ${width}×${height}`).toBeGreaterThanOrEqual(18);
        for (const [i, a] of boxes.entries()) {
          for (const b of boxes.slice(i + 1)) expect(overlap(a, b), `${a.key} and ${b.key} at ${width}×${height}`).toBe(false);
        }
      }
    } finally {
      await page.setViewportSize({ width: 1920, height: 1080 });
    }
  });

  it('keeps every text at 24 px or more, figures at 40 px, KPI figures at 64 px, at 1920×1080 (design pixels)', async () => {
    await stageFits(1920, 1080);
    const tooSmall = await page.locator('.board').evaluate((board) => {
      // The stage scales by CSS transform, so computed sizes are the design's pixels.
      const found: string[] = [];
      const walker = document.createTreeWalker(board, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        if (!element || !node.textContent?.trim()) continue;
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        const size = parseFloat(getComputedStyle(element).fontSize);
        const minimum = element.closest('.kpi-value') ? 64 : element.closest('.figure') ? 40 : 24;
        if (size < minimum) found.push(`${node.textContent.trim()} (${size}px < ${minimum}px)`);
      }
      return found;
    });
    expect(tooSmall).toEqual([]);
    expect(await page.locator('.kpi-value').count()).toBeGreaterThan(0);
    expect(await page.locator('.figure').count()).toBeGreaterThan(0);
  });

  it('gives every store in the feed room for its whole name at 1920×1080', async () => {
    await stageFits(1920, 1080);
    const stores = await page.getByTestId('feed-store').evaluateAll((names) =>
      names.map((name) => ({ text: name.textContent, cut: name.scrollWidth > name.clientWidth })),
    );
    expect(stores.length).toBeGreaterThan(3);
    expect(stores.filter((store) => store.cut)).toEqual([]);
  });

  it('lists the focused place\'s worst stores with how long their alarms have waited', async () => {
    const focus = page.getByTestId('map-focus');
    // The focus tours the places that need action, the critical ones first: all of them this test's, two hours old.
    expect(await focus.getAttribute('class')).toContain('action-critical');
    const first = focus.getByTestId('focus-store').first();
    expect(await first.getAttribute('class')).toContain('action-critical');
    expect(await first.innerText()).toContain('2小时前');
  });

  it('opens the console\'s list from a KPI tile of the signed-in board, in a new tab', async () => {
    const offline = page.getByTestId('kpi-offline');
    expect(await offline.getAttribute('href')).toBe('/equipment/mouseBox?status=1');
    expect(await offline.getAttribute('target')).toBe('_blank');
  });

  it('shows its favicon, asks for nothing that is not there, and names the organisation in the title', async () => {
    expect(missing).toEqual([]);
    const icon = await page.locator('link[rel~="icon"]').evaluate((link) => (link as HTMLLinkElement).href);
    const response = await page.request.get(icon);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('image/svg+xml');
    const organisation = await page.getByTestId('org-name').innerText();
    expect(await page.title()).toBe(`${organisation} · 大屏`);
  });
});
