import { describe, expect, it } from 'vitest';
import { DevicePaths, DeviceKind, type DeviceInfo, type DeviceRow, type Page } from '@pest/shared';
import { routePaths } from '../src/navigation/routePaths.ts';
import { blockingViolations } from './axeRun.ts';
import { useBrowser } from './browser.ts';

/**
 * 接入信息 on the bind-info page: provider staff give a registered LoRa box its DevEUI (typed as a
 * network server shows it, with separators), the real server keeps it normalised and versioned.
 */
const session = useBrowser();

describe('device connectivity', () => {
  it("sets a LoRa box's DevEUI after registration", async () => {
    const boxes = await session.api<Page<DeviceRow>>(DevicePaths.list, { body: { current: 1, size: 50, isCustomer: true, filters: { deviceType: DeviceKind.loraRodentBox } } });
    // One at a time, as a person would open them: the server limits how fast one user asks.
    let box: DeviceInfo | undefined;
    for (const row of boxes.records) {
      const info = await session.api<DeviceInfo>(DevicePaths.get, { query: { id: row.id } });
      if (info.devEui === null) {
        box = info;
        break;
      }
    }
    if (!box) throw new Error('every LoRa box of the first page has a DevEUI already');
    // Unique per run: made from the box's id and the time.
    const devEui = `e2e0${(Date.now() % 0xffff).toString(16).padStart(4, '0')}${box.id.toString(16).padStart(8, '0')}`;
    const { page, close } = await session.open(`${routePaths.bindInfo}?id=${box.id}`, { viewport: { width: 1440, height: 900 } });
    const field = page.getByTestId('device-dev-eui');
    await field.waitFor();
    await field.fill(devEui.toUpperCase().match(/../g)!.join('-'));
    const saved = page.waitForResponse((response) => response.url().endsWith('/mouseBox/connectivity'));
    await page.getByTestId('device-connectivity-save').click();
    expect(((await (await saved).json()) as { status: number; message: string }).status).toBe(200);
    await page.locator('.arco-message').filter({ hasText: '接入信息已保存' }).waitFor();
    expect(await session.api<DeviceInfo>(DevicePaths.get, { query: { id: box.id } })).toMatchObject({ devEui, version: box.version + 1 });
    expect(await blockingViolations(page), 'the bind-info page').toBe('');
    await close();
  });
});
