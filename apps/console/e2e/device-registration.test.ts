import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  CustomerKind,
  CustomerPaths,
  DevicePaths,
  DeviceRegistrationPaths,
  ServiceConfigPaths,
  type CustomerDetail,
  type DeviceInfo,
  type DeviceRow,
  type Page as ListPage,
} from '@pest/shared';
import { pathWithId, routePaths } from '../src/navigation/routePaths.ts';
import { baseUrl, useBrowser } from './browser.ts';
import { chooseOption } from './forms.ts';

/**
 * 设备登记 against the real server: provider staff register a device from the device list, are
 * shown its secret once, and the device reports signed with it; on its bind-info page they bind
 * it to a free point of its type, unbind it, move it to another store and retire it, after which it is out of the list. What
 * the file adds (a plan with one point) it deletes again.
 */
const session = useBrowser();
const DEVICE_NO = 'E2E-NB-0000001';

const confirm = (page: Page) => page.locator('.arco-popconfirm').getByRole('button', { name: '确定' }).click();

describe('device registration', () => {
  it('registers a device with its secret shown once, binds it to a point, unbinds, moves it to another store and retires it', async () => {
    const [store, otherStore] = (await session.api<ListPage<CustomerDetail>>(CustomerPaths.list, { body: { current: 1, size: 2, kinds: [CustomerKind.store], state: 'active' } }))
      .records;
    const planId = (await session.api<{ id: number }>(ServiceConfigPaths.planSave, { body: { customerId: store!.id, name: 'E2E 设备计划', startDate: '2026-12-01', endDate: '2027-11-30', visitsPerMonth: 1 } })).id;
    const regionId = (await session.api<{ id: number }>(ServiceConfigPaths.regionSave, { body: { planId, parentId: null, name: '后厨' } })).id;
    await session.api(ServiceConfigPaths.pointSave, { body: { planId, regionId, code: 'E2E-NB', deviceTypeId: 6, x: 300, y: 300 } });

    const { page, close } = await session.open(routePaths.mouseBox, { viewport: { width: 1440, height: 1000 } });
    await page.getByTestId('device-add').click();
    await page.getByTestId('device-add-deviceNo').fill(DEVICE_NO);
    await page.getByTestId('device-add-deviceName').fill('E2E 后厨鼠盒');
    await chooseOption(page, 'device-add-type', 'NB-IoT鼠盒');
    await chooseOption(page, 'device-add-store', store!.name, store!.code);
    const added = page.waitForResponse((response) => response.url().endsWith(DeviceRegistrationPaths.add));
    await page.getByTestId('device-add-save').click();
    expect((await added).status()).toBe(200);

    // Shown this once, with the headers a report carries.
    const secret = await page.getByTestId('device-secret-value').innerText();
    expect(secret.trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(await page.getByTestId('device-secret-headers').innerText()).toContain(`x-device-no: ${DEVICE_NO}`);
    await page.getByTestId('device-secret-done').click();
    const body = JSON.stringify({ at: new Date().toISOString(), event: 'heartbeat', battery: 88 });
    const reported = await fetch(new URL(DevicePaths.report, baseUrl()), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-device-no': DEVICE_NO, 'x-signature': `sha256=${createHmac('sha256', secret.trim()).update(body).digest('hex')}` },
      body,
    });
    expect(reported.status).toBe(200);

    const [device] = (await session.api<ListPage<DeviceRow>>(DevicePaths.list, { body: { current: 1, size: 5, isCustomer: true, filters: { name: DEVICE_NO } } })).records;
    expect(device).toMatchObject({ deviceNo: DEVICE_NO, status: 2, remainingPower: 88 });
    await page.goto(pathWithId(routePaths.bindInfo, device!.id));
    await chooseOption(page, 'device-bind-plan', 'E2E 设备计划');
    await chooseOption(page, 'device-bind-point', 'E2E-NB');
    const bound = page.waitForResponse((response) => response.url().endsWith(DeviceRegistrationPaths.bind));
    await page.getByTestId('device-bind').click();
    expect((await bound).status()).toBe(200);
    await page.getByTestId('device-unbind').waitFor();
    expect((await session.api<DeviceInfo>(DevicePaths.get, { query: { id: device!.id } })).binding?.pointCode).toBe('E2E-NB');

    await page.getByTestId('device-unbind').click();
    await confirm(page);
    await page.getByTestId('device-bind-plan').waitFor();
    // To another store: its history stays with the first.
    await chooseOption(page, 'device-move-store', otherStore!.name, otherStore!.code);
    await page.getByTestId('device-move').click();
    const moved = page.waitForResponse((response) => response.url().endsWith(DeviceRegistrationPaths.move));
    await confirm(page);
    expect((await moved).status()).toBe(200);
    await expect.poll(async () => (await session.api<DeviceInfo>(DevicePaths.get, { query: { id: device!.id } })).customerId).toBe(otherStore!.id);
    await page.getByTestId('device-retire').click();
    await confirm(page);
    await page.getByTestId('device-retired').waitFor();
    expect((await session.api<ListPage<DeviceRow>>(DevicePaths.list, { body: { current: 1, size: 5, isCustomer: true, filters: { name: DEVICE_NO } } })).total).toBe(0);
    await close();
    await session.api(ServiceConfigPaths.planDelete, { body: { id: planId } });
  });
});
