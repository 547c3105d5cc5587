import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { toBuffer as qrPng } from 'qrcode';
import { describe, expect, it } from 'vitest';
import {
  AccountPaths,
  BuiltInRole,
  chinaDay,
  CustomerKind,
  CustomerPaths,
  FIELD_BASE,
  FieldPaths,
  JobOrderPaths,
  JobOrderState,
  PointStatus,
  ServiceConfigPaths,
  ServiceType,
  SessionPaths,
  VisitPaths,
  type CustomerDetail,
  type FieldVisit,
  type JobOrderMaterial,
  type Page as ListPage,
  type PointCheckTab,
  type ServicePlanDetail,
  type Technician,
  type Visit,
} from '@pest/shared';
import { baseUrl, newPage, useBrowser, USER_CONTEXT } from '../../console/e2e/browser.ts';
import { signInToken } from '../../console/e2e/chromium.ts';

/**
 * The field app on a phone against the real server: a technician signs in, starts a visit planned
 * for today, loses the network, records points (one found by scanning its label), a risk with a
 * photo, materials, the customer's signature and the finish, reloads offline, and everything
 * arrives once when the network is back. The technician account it adds is disabled again.
 */
const session = useBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;
const OWN_PASSWORD = 'field-e2e-2026';

async function api<T>(token: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(new URL(path, baseUrl()), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { status: number; message: string; data: T };
  if (envelope.status !== 200) throw new Error(`${path}: ${envelope.message}`);
  return envelope.data;
}

/** A technician who has already chosen their own password (an administrator's is changed at first sign-in). */
async function addTechnician(): Promise<Technician & { password: string }> {
  const account = `fe2e${randomUUID().slice(0, 6)}`;
  const given = 'technician-e2e-1';
  await session.api(AccountPaths.userSave, { body: { account, name: `现场${account.slice(4)}`, roleIds: [BuiltInRole.technician.id], customerId: null, password: given } });
  const first = await signInToken(baseUrl(), account, given);
  await api(first, SessionPaths.changePassword, { oldPassword: given, newPassword: OWN_PASSWORD });
  const technician = (await session.api<Technician[]>(VisitPaths.technicians, { body: {} })).find((person) => person.account === account)!;
  return { ...technician, password: OWN_PASSWORD };
}

/** A visit for today of a store whose plan runs today and has at least ten points that count pests. */
async function planVisitForToday(technician: Technician, token: string): Promise<FieldVisit> {
  const today = chinaDay(new Date());
  const stores = (await session.api<ListPage<CustomerDetail>>(CustomerPaths.list, { body: { current: 1, size: 30, kinds: [CustomerKind.store], state: 'active' } })).records;
  for (const store of stores) {
    const plan = (await session.api<ServicePlanDetail[]>(ServiceConfigPaths.planList, { body: { customerId: store.id } })).find((row) => row.startDate <= today && row.endDate > today);
    if (!plan) continue;
    const { id } = await session.api<{ id: number }>(VisitPaths.save, {
      body: { customerId: store.id, planId: plan.id, technicianId: technician.id, plannedDate: today, serviceType: ServiceType.routine },
    });
    const visit = await api<FieldVisit>(token, `${FieldPaths.visit}?id=${id}`);
    if (visit.points.filter((point) => point.pests.length > 0).length >= 10 && visit.riskTypes.length > 0) return visit;
    await session.api(VisitPaths.cancel, { body: { id, reason: 'e2e：点位不足' } });
  }
  throw new Error('no store with a running plan of ten pest-counting points');
}

async function signedInPhone(account: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(session.browser, { ...USER_CONTEXT, ...PHONE });
  await page.goto(FIELD_BASE);
  await page.locator('input[name="account"]').fill(account);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByTestId('task-list').waitFor();
  return { context, page };
}

const unsent = (page: Page) => page.getByTestId('sync-bar').getAttribute('data-unsent').then(Number);

describe('the field app', () => {
  it('records a visit offline and sends it once when back online', { timeout: 180_000 }, async () => {
    const technician = await addTechnician();
    const token = await signInToken(baseUrl(), technician.account, technician.password);
    const visit = await planVisitForToday(technician, token);
    const [scanned, damaged, unreached, ...others] = visit.points.filter((point) => point.pests.length > 0) as [FieldVisit['points'][number], FieldVisit['points'][number], FieldVisit['points'][number], ...FieldVisit['points']];
    // Ten points in all: seven more found as they should be, one of a pest each.
    const routine = others.slice(0, 7);
    const photo = await qrPng('photo', { type: 'png', width: 240 });

    const { context, page } = await signedInPhone(technician.account, technician.password);
    // The app shell is cached by its service worker before the network goes.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.ready.then((registration) => registration.active?.state ?? null))).toBe('activated');
    const card = page.locator(`[data-testid="visit-card"][data-visit-id="${visit.id}"]`);
    await card.getByRole('button').click();
    await page.getByTestId('visit-screen').waitFor();
    await page.getByTestId('visit-start').click();
    await expect.poll(() => page.getByTestId('visit-state').textContent()).toBe('进行中');
    await expect.poll(() => unsent(page)).toBe(0);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);

    // A point found by its label: the QR code read from a photo (the camera's fallback).
    await page.getByTestId('visit-scan').click();
    await page.getByTestId('scan-photo').setInputFiles({ name: 'label.png', mimeType: 'image/png', buffer: await qrPng(scanned.code, { type: 'png', width: 480, margin: 4 }) });
    await expect.poll(() => page.getByTestId('point-screen').getAttribute('data-point-code')).toBe(scanned.code);
    await page.getByTestId('status-normal').click();
    const pest = scanned.pests[0]!;
    for (let tap = 0; tap < 3; tap += 1) await page.getByRole('button', { name: `${pest.name} 增加` }).click();
    await expect.poll(() => page.getByTestId(`count-${pest.id}`).locator('input').inputValue()).toBe('3');
    await page.getByTestId('point-photos-input').setInputFiles({ name: 'box.png', mimeType: 'image/png', buffer: photo });
    await expect.poll(() => page.getByTestId('point-photos').locator('img').count()).toBe(1);
    await page.getByTestId('point-note').fill('粘板更换');
    await page.getByTestId('point-back').click();

    await page.locator(`[data-testid="point-row"][data-point-code="${damaged.code}"]`).click();
    await page.getByTestId('status-damaged').click();
    await page.getByTestId(`count-${damaged.pests[0]!.id}`).locator('input').fill('2');
    await page.getByTestId('point-back').click();
    await page.locator(`[data-testid="point-row"][data-point-code="${unreached.code}"]`).click();
    await page.getByTestId('status-unchecked').click();
    await expect.poll(() => page.getByTestId(`count-${unreached.pests[0]!.id}`).locator('input').isDisabled()).toBe(true);
    await page.getByTestId('point-back').click();
    for (const point of routine) {
      await page.locator(`[data-testid="point-row"][data-point-code="${point.code}"]`).click();
      await page.getByTestId('status-normal').click();
      await page.getByTestId(`count-${point.pests[0]!.id}`).locator('input').fill('1');
      await page.getByTestId('point-back').click();
    }
    await expect.poll(() => page.getByTestId('point-unsent').count()).toBe(10);

    // A risk with a photo.
    await page.getByTestId('visit-risks').click();
    await page.getByTestId('risk-add').click();
    const riskType = visit.riskTypes[0]!;
    await page.getByTestId('risk-type').selectOption(String(riskType.id));
    await page.getByTestId('risk-issue').selectOption(String(riskType.issues[0]!.id));
    await page.getByTestId('risk-region').selectOption(String(visit.regions[0]!.id));
    await page.getByTestId('risk-location').fill('后厨地漏');
    await page.getByTestId('risk-grade-3').click();
    await page.getByTestId('risk-advice').fill('加装防鼠网');
    await page.getByTestId('risk-photos-input').setInputFiles({ name: 'risk.png', mimeType: 'image/png', buffer: photo });
    await expect.poll(() => page.getByTestId('risk-photos').locator('img').count()).toBe(1);
    await page.getByTestId('risk-save').click();
    await expect.poll(() => page.getByTestId('new-risk').count()).toBe(1);
    await page.getByTestId('top-back').click();

    // Materials.
    await page.getByTestId('visit-materials').click();
    const product = await page.getByTestId('material-product').locator('option').nth(1).getAttribute('value');
    await page.getByTestId('material-product').selectOption(product!);
    await page.getByTestId('material-region').selectOption(String(visit.regions[0]!.id));
    await page.getByTestId('material-lot').fill('L2026-12');
    await page.getByTestId('material-quantity').fill('1.5');
    await page.getByTestId('material-add').click();
    await expect.poll(() => page.getByTestId('material-row').count()).toBe(1);
    await page.getByTestId('top-back').click();

    // The customer signs; the technician finishes.
    await page.getByTestId('visit-finish').click();
    await expect.poll(() => page.getByTestId('summary-checked').textContent()).toBe(`10/${visit.points.length}`);
    expect(await page.getByTestId('summary-risks').textContent()).toBe('1');
    await page.getByTestId('signature-canvas').scrollIntoViewIfNeeded();
    const pad = (await page.getByTestId('signature-canvas').boundingBox())!;
    await page.mouse.move(pad.x + 40, pad.y + 120);
    await page.mouse.down();
    for (const [x, y] of [[90, 60], [150, 140], [220, 50], [300, 130]] as const) await page.mouse.move(pad.x + x, pad.y + y, { steps: 6 });
    await page.mouse.up();
    await page.getByTestId('finish-remark').fill('已完成巡检');
    await page.getByTestId('finish-submit').click();
    await page.getByTestId('visit-done').waitFor();
    // The ten points, the risk, the material and the finish wait on the phone.
    expect(await unsent(page)).toBe(13);

    // Reloaded with no network: the app and every entry are still there.
    await page.reload();
    await page.getByTestId('visit-screen').waitFor();
    await expect.poll(() => unsent(page)).toBe(13);
    expect(await page.getByTestId('visit-done').textContent()).toContain('联网后会自动发送');
    expect(await page.getByTestId('point-unsent').count()).toBe(10);

    const synced = () => page.waitForRequest((request) => request.url().endsWith(FieldPaths.sync)).then(() => true);
    const syncSeen = synced();
    await context.setOffline(false);
    expect(await syncSeen).toBe(true);
    await expect.poll(() => unsent(page), { timeout: 30_000 }).toBe(0);
    expect(await page.getByTestId('visit-done').textContent()).toContain('所有内容已发送');

    // On the server once: the visit done, each point's count as entered, the risk and the material once.
    const [done] = (await session.api<Visit[]>(VisitPaths.list, { body: { startDate: visit.plannedDate, endDate: visit.plannedDate, technicianIds: [technician.id] } })).filter((row) => row.id === visit.id);
    expect(done?.state).toBe(JobOrderState.done);
    const tabs = await session.api<PointCheckTab[]>(JobOrderPaths.pointTabs, { query: { jobId: visit.id } });
    const sheetRows: Record<string, string | number | null>[] = [];
    for (const tab of tabs) {
      const sheet = await session.api<{ records: Record<string, string | number | null>[] }>(JobOrderPaths.pointCheckRows, {
        body: { current: 1, size: 500, deviceTypeId: tab.deviceTypeId, sheetId: tab.sheetId },
      });
      sheetRows.push(...sheet.records);
    }
    // A row per point checked, its catch under pest<id>: the point not reached (无法检查) is no point check.
    const caught = (point: FieldVisit['points'][number]) => sheetRows.filter((row) => row.pointCode === point.code).map((row) => Number(row[`pest${point.pests[0]!.id}`]));
    expect(sheetRows.map((row) => row.pointCode).sort()).toEqual([scanned.code, damaged.code, ...routine.map((point) => point.code)].sort());
    expect(caught(scanned)).toEqual([3]);
    expect(caught(damaged)).toEqual([2]);
    for (const point of routine) expect(caught(point)).toEqual([1]);
    const materials = await session.api<JobOrderMaterial[]>(JobOrderPaths.materials, { query: { jobId: visit.id } });
    expect(materials.map((material) => [material.lotNo, Number(material.quantity)])).toEqual([['L2026-12', 1.5]]);
    const recorded = await api<FieldVisit>(token, `${FieldPaths.visit}?id=${visit.id}`);
    expect(recorded.state).toBe(JobOrderState.done);
    expect(recorded.recorded.checks.map((check) => [check.pointId, check.status]).sort()).toEqual(
      [
        [scanned.id, PointStatus.normal],
        [damaged.id, PointStatus.damaged],
        [unreached.id, PointStatus.unchecked],
        ...routine.map((point) => [point.id, PointStatus.normal]),
      ].sort(),
    );
    expect(recorded.recorded.risks).toHaveLength(1);

    await context.close();
    const [user] = (await session.api<{ records: { id: number }[] }>(AccountPaths.userList, { body: { current: 1, size: 50, keyword: technician.account } })).records;
    await session.api(AccountPaths.userDisable, { body: { id: user!.id } });
  });
});
