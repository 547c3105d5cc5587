import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CustomerKind,
  CustomerPaths,
  DeviceKind,
  DeviceModelPaths,
  DeviceRegistrationPaths,
  IntegrationPaths,
  UplinkPaths,
  type CustomerDetail,
  type DeviceModel,
  type Integration,
  type Page as ListPage,
  type UnclaimedDevice,
  type UplinkRecord,
} from '@pest/shared';
import { pathWithId, routePaths } from '../src/navigation/routePaths.ts';
import { baseUrl, useBrowser } from './browser.ts';
import { chooseOption, saveForm } from './forms.ts';

/**
 * 设备型号, 设备接入 and 原始数据 against the real server: the admin writes a model's codec and
 * tries it on a hex payload, creates a The Things Stack webhook and is shown its secret once, and a
 * device of that model, pushed an uplink through the webhook, shows it decoded on its detail page;
 * an uplink from a DevEUI nobody registered lands on 待认领设备, where it is claimed into a store
 * (its secret shown once) and leaves the list.
 * The files share one database: names carry this run's stamp; the devices are retired and the
 * integration disabled at the end (models and integrations have no delete).
 */
const session = useBrowser();
const STAMP = Date.now().toString(36);
const MODEL_NAME = `E2E-LB-${STAMP}`;
const INTEGRATION_NAME = `E2E TTS ${STAMP}`;
/** Byte 0 the battery, byte 1 the temperature offset by 40: "5a3c" is 90 % and 20 ℃. */
const CODEC = 'function decodeUplink(input) {\n  return { data: { battery: input.bytes[0], temperature: input.bytes[1] - 40 } };\n}';

describe('device connectivity', () => {
  it('saves a model with a codec tried on a payload, shows a new webhook’s secret once, a device’s raw uplinks, and claims an unknown DevEUI from 待认领设备', async () => {
    const { page, close } = await session.open(routePaths.deviceModels, { viewport: { width: 1440, height: 1000 } });

    await page.getByTestId('device-model-add').click();
    await page.getByTestId('device-model-vendor').fill('E2E Vendor');
    await page.getByTestId('device-model-name-input').fill(MODEL_NAME);
    await page.getByTestId('device-model-codec').fill(CODEC);
    await page.getByTestId('device-model-test-payload').fill('zz');
    await page.getByTestId('device-model-test-problem').waitFor();
    await page.getByTestId('device-model-test-payload').fill('5A3C');
    await page.getByTestId('device-model-test-run').click();
    expect(await page.getByTestId('device-model-test-reading').innerText()).toBe('电量 90%，温度 20℃');
    await saveForm(page, 'device-model', DeviceModelPaths.save);
    await page.getByTestId('device-model-name').filter({ hasText: MODEL_NAME }).waitFor();
    const model = (await session.api<DeviceModel[]>(DeviceModelPaths.list, { body: {} })).find((candidate) => candidate.name === MODEL_NAME)!;
    expect(model).toMatchObject({ vendor: 'E2E Vendor', deviceType: DeviceKind.loraRodentBox, reportIntervalMinutes: 60, codec: CODEC });

    await page.goto(routePaths.integrations);
    await page.getByTestId('integration-add').click();
    await page.getByTestId('integration-name-input').fill(INTEGRATION_NAME);
    await chooseOption(page, 'integration-kind', 'The Things Stack（Webhook）');
    await saveForm(page, 'integration', IntegrationPaths.save);
    // Shown this once: where TTS pushes, in which header, with what.
    const webhookUrl = (await page.getByTestId('integration-secret-url').innerText()).trim();
    const headerName = (await page.getByTestId('integration-secret-header').innerText()).trim();
    const secret = (await page.getByTestId('integration-secret-value').innerText()).trim();
    expect(webhookUrl).toMatch(/\/api\/integration\/webhook\/\d+$/);
    expect(secret.length).toBeGreaterThan(20);
    await page.getByTestId('integration-secret-done').click();
    await page.getByTestId('integration-secret').waitFor({ state: 'detached' });
    const row = page.getByTestId('integration-table').locator('tr', { hasText: INTEGRATION_NAME });
    await row.waitFor();
    expect(await row.innerText()).toContain(new URL(webhookUrl).pathname);
    const integration = (await session.api<Integration[]>(IntegrationPaths.list, { body: {} })).find((candidate) => candidate.name === INTEGRATION_NAME)!;

    const [store] = (await session.api<ListPage<CustomerDetail>>(CustomerPaths.list, { body: { current: 1, size: 1, kinds: [CustomerKind.store], state: 'active' } })).records;
    const devEui = randomBytes(8).toString('hex').toUpperCase();
    const device = await session.api<{ id: number }>(DeviceRegistrationPaths.add, {
      body: { deviceNo: `E2E-LB-${STAMP}`, deviceName: 'E2E LoRa box', deviceType: DeviceKind.loraRodentBox, devEui, modelId: model.id, customerId: store!.id },
    });
    const now = new Date().toISOString();
    const uplink = {
      end_device_ids: { device_id: 'e2e-box', application_ids: { application_id: 'e2e' }, dev_eui: devEui },
      correlation_ids: [`as:up:${STAMP}`],
      received_at: now,
      uplink_message: { f_port: 1, f_cnt: 7, frm_payload: Buffer.from('5a3c', 'hex').toString('base64'), received_at: now, rx_metadata: [{ gateway_ids: { gateway_id: 'e2e-gw' }, rssi: -70, snr: 7.5 }] },
    };
    // To the server under test, whatever host PUBLIC_URL gives the address.
    const push = (body: typeof uplink) =>
      fetch(new URL(new URL(webhookUrl).pathname, baseUrl()), { method: 'POST', headers: { 'content-type': 'application/json', [headerName]: secret }, body: JSON.stringify(body) });
    expect((await push(uplink)).status).toBe(200);
    // The webhook answers at once and the uplink is processed from a queue.
    await expect
      .poll(async () => (await session.api<ListPage<UplinkRecord>>(UplinkPaths.uplinks, { body: { id: device.id, current: 1, size: 5 } })).total, { timeout: 15_000 })
      .toBe(1);

    await page.goto(pathWithId(routePaths.equipmentDetail, device.id));
    const raw = page.getByTestId('device-raw-uplinks');
    await raw.getByTestId('uplink-decoded').first().waitFor();
    expect(await raw.getByTestId('uplink-decoded').first().innerText()).toBe('电量 90%，温度 20℃');
    expect(await raw.getByTestId('uplink-payload').first().innerText()).toBe('5a3c');
    expect(await raw.innerText()).toContain('e2e-gw');

    // A DevEUI nobody registered: 待认领设备 lists it, and it is claimed into the store in one step.
    const unknownEui = randomBytes(8).toString('hex');
    const unknown = { ...uplink, end_device_ids: { ...uplink.end_device_ids, device_id: 'e2e-unknown', dev_eui: unknownEui.toUpperCase() }, correlation_ids: [`as:up:${STAMP}-unknown`] };
    expect((await push(unknown)).status).toBe(200);
    const inbox = async () => (await session.api<ListPage<UnclaimedDevice>>(UplinkPaths.unclaimedList, { body: { current: 1, size: 100 } })).records;
    await expect.poll(async () => (await inbox()).some((entry) => entry.devEui?.toLowerCase() === unknownEui), { timeout: 15_000 }).toBe(true);
    await page.goto(routePaths.unclaimedDevices);
    const unclaimedRow = page.getByTestId('unclaimed-table').locator('tr', { hasText: new RegExp(unknownEui, 'i') });
    await unclaimedRow.getByTestId('unclaimed-claim').click();
    expect((await page.getByTestId('unclaimed-claim-identity').inputValue()).toLowerCase()).toBe(unknownEui);
    const claimedNo = `E2E-CL-${STAMP}`;
    await page.getByTestId('unclaimed-claim-deviceNo').fill(claimedNo);
    await page.getByTestId('unclaimed-claim-deviceName').fill('E2E 认领鼠盒');
    await chooseOption(page, 'unclaimed-claim-model', MODEL_NAME);
    await chooseOption(page, 'unclaimed-claim-store', store!.name, store!.code);
    const claimAnswer = page.waitForResponse((response) => response.url().endsWith(UplinkPaths.claim));
    await page.getByTestId('unclaimed-claim-save').click();
    const claimed = (await (await claimAnswer).json()) as { status: number; message: string; data: { id: number; deviceNo: string } };
    expect(claimed.status, claimed.message).toBe(200);
    expect(claimed.data.deviceNo).toBe(claimedNo);
    await page.locator('.arco-message').filter({ hasText: 'E2E 认领鼠盒' }).waitFor();
    // Shown this once.
    expect((await page.getByTestId('device-secret-value').innerText()).trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(await page.getByTestId('device-secret-headers').innerText()).toContain(claimedNo);
    await page.getByTestId('device-secret-done').click();
    await page.getByTestId('device-secret-value').waitFor({ state: 'detached' });
    await unclaimedRow.waitFor({ state: 'detached' });
    expect((await inbox()).some((entry) => entry.devEui?.toLowerCase() === unknownEui)).toBe(false);

    await close();
    await session.api(DeviceRegistrationPaths.retire, { body: { id: claimed.data.id } });
    await session.api(DeviceRegistrationPaths.retire, { body: { id: device.id } });
    await session.api(IntegrationPaths.save, { body: { id: integration.id, version: integration.version, name: INTEGRATION_NAME, kind: integration.kind, enabled: false } });
  });
});
