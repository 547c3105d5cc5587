import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DevicePaths, type DeviceInfo, type DeviceRow, type Page } from '@pest/shared';
import { routePaths } from '../src/navigation/routePaths.ts';
import { baseUrl, useBrowser } from './browser.ts';

/**
 * 设备密钥 on the bind-info page: provider staff give a device a new secret, see it this once with the
 * headers a report carries, and a report signed with it is taken by the real server; a customer's
 * manager has no such button.
 */
const session = useBrowser();

async function firstDevice(): Promise<DeviceRow> {
  const page = await session.api<Page<DeviceRow>>(DevicePaths.list, { body: { current: 1, size: 1, isCustomer: true, filters: { deviceType: 1 } } });
  return page.records[0]!;
}

describe('device secret', () => {
  it('shows a new secret once, which signs a report the server takes', async () => {
    const device = await firstDevice();
    const info = await session.api<DeviceInfo>(DevicePaths.get, { query: { id: device.id } });
    const { page, close } = await session.open(`${routePaths.bindInfo}?id=${device.id}`, { viewport: { width: 1440, height: 900 } });
    await page.getByTestId('device-secret-rotate').click();
    await page.locator('.arco-popconfirm .arco-btn-primary').click();
    const value = page.getByTestId('device-secret-value');
    await value.waitFor();
    const secret = (await value.innerText()).trim();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(await page.getByTestId('device-secret-headers').innerText()).toBe(`x-device-no: ${info.deviceNo}\nx-signature: sha256=<HMAC-SHA256>`);

    const body = JSON.stringify({ at: new Date().toISOString(), event: 'heartbeat', battery: 77 });
    const signature = `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
    const response = await fetch(new URL(DevicePaths.report, baseUrl()), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-device-no': info.deviceNo, 'x-signature': signature },
      body,
    });
    expect(response.status).toBe(200);

    // Closed, it is nowhere on the page.
    await page.getByTestId('device-secret-done').click();
    await value.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(secret);
    await close();
  });

  it("offers a customer's manager, whose role manages devices, a new secret for their organisation's device", async () => {
    // The demo manager's organisation is 1.
    const [device] = (await session.api<Page<DeviceRow>>(DevicePaths.list, { body: { current: 1, size: 1, isCustomer: true, filters: { deviceType: 1, customerIds: [1] } } })).records;
    const { page, close } = await session.open(`${routePaths.bindInfo}?id=${device!.id}`, { account: '13800000001', viewport: { width: 1440, height: 900 } });
    await page.getByTestId('bind-info-page').locator('form').first().waitFor();
    expect(await page.getByTestId('device-secret-panel').count()).toBe(1);
    await close();
  });
});
