import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AlarmKind,
  DeviceKind,
  DeviceModelPaths,
  DeviceRegistrationPaths,
  IntegrationKind,
  IntegrationMessages,
  IntegrationPaths,
  UplinkPaths,
  type Integration,
  type UnclaimedDevice,
  type UplinkRecord,
} from '@pest/shared';
import { createManualClock } from '../../../clock/manual-clock.ts';
import { testDriver } from '../../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../../testing.ts';

/** The machine's Mosquitto (CI starts it when it is down). */
const BROKER = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
const SAMPLE = JSON.parse(readFileSync(new URL('../ingest/sources/samples/chirpstack-up.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const TTN = JSON.parse(readFileSync(new URL('../ingest/sources/samples/ttn-uplink.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const STATUS = JSON.parse(readFileSync(new URL('../ingest/sources/samples/chirpstack-status.json', import.meta.url), 'utf8')) as Record<string, unknown>;
/** A box's codec: byte 0 battery %, bytes 1–2 temperature ×10, byte 3 the event. */
const CODEC = `function decodeUplink(input) {
  var b = input.bytes;
  return { data: { battery: b[0], temperature: ((b[1] << 8) | b[2]) / 10, event: ['heartbeat', 'capture', 'trigger', 'maintain'][b[3]] } };
}`;

type Headers = Record<string, string>;
const MINUTE = 60_000;

/** ChirpStack v4 hands uplinks to the product over a real broker: its JSON, decoded by the model's codec, recorded once. */
describe(`ChirpStack over MQTT on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: Headers;
  let publisher: MqttClient;
  // A topic tree of this run's own, so parallel runs on the one broker never see each other's uplinks.
  const application = randomUUID();
  const devEui = randomUUID().replaceAll('-', '').slice(0, 16);
  let deviceId: number;
  let integrationId: number;
  // The backend's clock: the uplinks' times are real, so it starts now and only the last test moves it.
  const clock = createManualClock(Date.now());

  async function call<T>(url: string, payload: object) {
    const response = await backend.app.inject({ method: 'POST', url, headers: admin, payload });
    const body = response.json<{ status: number; message: string; data: T }>();
    expect(response.statusCode, body.message).toBe(200);
    return body.data;
  }
  const publish = (devEuiOf: string, event: string, body: object) =>
    publisher.publishAsync(`application/${application}/device/${devEuiOf}/event/${event}`, JSON.stringify(body), { qos: 1 });
  const uplink = (payloadHex: string, fCnt: number, overrides: object = {}) => ({
    ...SAMPLE,
    deduplicationId: randomUUID(),
    time: new Date().toISOString(),
    deviceInfo: { ...(SAMPLE.deviceInfo as object), devEui },
    fPort: 2,
    fCnt,
    data: Buffer.from(payloadHex, 'hex').toString('base64'),
    ...overrides,
  });
  const device = async () =>
    (await backend.db.query<{ power: number; status: number; temperature: number; signal: number }>(
      'select remaining_power as power, status, temperature::float8 as temperature, signal from devices where id = $1',
      [deviceId],
    ))[0]!;
  const uplinks = () => call<{ total: number; records: UplinkRecord[] }>(UplinkPaths.uplinks, { id: deviceId, current: 1, size: 50 });

  beforeAll(async () => {
    // The machine's broker is on loopback: the operator allows it, as a provider would its own ChirpStack.
    backend = await createTestBackend({ clock, env: { INTEGRATION_ALLOWED_HOSTS: new URL(BROKER).host } });
    admin = await signIn(backend.app, 'admin');
    publisher = await mqtt.connectAsync(BROKER, { clientId: `pest-test-${randomUUID()}` });
    const [store] = await backend.db.query<{ id: number }>('select id from customers where kind = 3 order by id limit 1');
    const model = await call<{ id: number }>(DeviceModelPaths.save, { name: `RB-${devEui}`, vendor: '鼠探科技', deviceType: DeviceKind.loraRodentBox, reportIntervalMinutes: 60, codec: CODEC });
    deviceId = (await call<{ id: number }>(DeviceRegistrationPaths.add, {
      deviceNo: `CS-${devEui}`,
      deviceName: '后厨鼠盒',
      deviceType: DeviceKind.loraRodentBox,
      devEui: devEui.toUpperCase(),
      modelId: model.id,
      customerId: store!.id,
    })).id;
    integrationId = (await call<{ id: number }>(IntegrationPaths.save, {
      name: 'ChirpStack 测试',
      kind: IntegrationKind.chirpstackMqtt,
      enabled: true,
      mqttUrl: BROKER,
      topic: `application/${application}/device/+/event/+`,
    })).id;
    await vi.waitFor(async () => {
      const state = (await call<Integration[]>(IntegrationPaths.list, {})).find((row) => row.id === integrationId)?.state;
      if (state !== 'connected') throw new Error(`integration ${state}`);
    }, { timeout: 10_000, interval: 100 });
  });
  afterAll(async () => {
    await publisher?.endAsync();
    await backend?.close();
  });

  it('records an uplink decoded by the model’s codec: the reading, the catch alarm, the raw uplink with its radio metadata', async () => {
    await publish(devEui, 'up', uplink('4f00d301', 10));
    // The device's state moves last (the raw row is kept first): once it has, the uplink is all in.
    await expect.poll(async () => (await device()).power, { timeout: 10_000 }).toBe(79);
    const [raw] = (await uplinks()).records;
    expect(raw).toMatchObject({ source: 'chirpstack', integrationName: 'ChirpStack 测试', fPort: 2, fCnt: 10, payloadHex: '4f00d301', decoded: { battery: 79, temperature: 21.1, event: 'capture' }, error: null, rssi: -36, snr: 10.5, gateway: '0016c001f153a14c' });
    expect(await device()).toMatchObject({ power: 79, status: 2, temperature: 21.1, signal: -36 });
    const [alarm] = await backend.db.query<{ kind: number }>('select kind from device_events where device_id = $1 and not handled', [deviceId]);
    expect(alarm?.kind).toBe(5);
  });

  it('records a redelivered uplink once, and an old frame counter again without a newer time not at all', async () => {
    const again = uplink('5000d300', 11);
    await publish(devEui, 'up', again);
    await publish(devEui, 'up', again);
    await publish(devEui, 'up', uplink('5100d300', 11, { time: new Date(Date.now() - 60_000).toISOString() }));
    // A marker after them: once it is in, the three before it were processed (one subscription, in order).
    await publish(devEui, 'up', uplink('5200d300', 12));
    await expect.poll(async () => (await uplinks()).records.map((row) => row.fCnt), { timeout: 10_000 }).toEqual([12, 11, 10]);
  });

  it('takes the battery from the status event when the payload has none, and counts a payload the codec cannot read', async () => {
    await publish(devEui, 'status', { ...STATUS, deviceInfo: { ...(STATUS.deviceInfo as object), devEui }, batteryLevel: 33.4, batteryLevelUnavailable: false, externalPowerSource: false });
    await publish(devEui, 'up', uplink('', 13, { data: undefined, object: { temperature: 19.5 } }));
    await expect.poll(async () => (await device()).temperature, { timeout: 10_000 }).toBe(19.5);
    expect((await device()).power).toBe(33);

    const broken = await call<{ id: number }>(DeviceModelPaths.save, { name: `RB-X-${devEui}`, vendor: '鼠探科技', deviceType: DeviceKind.loraRodentBox, reportIntervalMinutes: 60, codec: 'function decodeUplink() { for (;;) {} }' });
    await backend.db.query('update devices set model_id = $2 where id = $1', [deviceId, broken.id]);
    await publish(devEui, 'up', uplink('00', 14));
    // The model's count is the last thing the uplink changes.
    const failures = async () => (await backend.db.query<{ failures: number }>('select decode_failures as failures from device_models where id = $1', [broken.id]))[0]!.failures;
    await expect.poll(failures, { timeout: 10_000 }).toBe(1);
    expect((await uplinks()).records[0]).toMatchObject({ fCnt: 14, decoded: null, error: expect.stringContaining('解码超时') });
    const [row] = (await call<Integration[]>(IntegrationPaths.list, {})).filter((item) => item.id === integrationId);
    expect(row).toMatchObject({ state: 'connected', errorsToday: 1 });
    expect(row!.messagesToday).toBeGreaterThanOrEqual(7);
  });

  it('keeps an unknown DevEUI in the inbox of unclaimed devices, counted, with its last payload', async () => {
    const stranger = randomUUID().replaceAll('-', '').slice(0, 16);
    await publish(stranger, 'up', uplink('01020304', 1, { deviceInfo: { ...(SAMPLE.deviceInfo as object), devEui: stranger } }));
    await publish(stranger, 'up', uplink('05000700', 2, { deviceInfo: { ...(SAMPLE.deviceInfo as object), devEui: stranger } }));
    await expect
      .poll(async () => (await call<{ records: UnclaimedDevice[] }>(UplinkPaths.unclaimedList, { current: 1, size: 100 })).records.find((row) => row.devEui === stranger)?.uplinks, { timeout: 10_000 })
      .toBe(2);
    const { records } = await call<{ records: UnclaimedDevice[] }>(UplinkPaths.unclaimedList, { current: 1, size: 100 });
    const entry = records.find((row) => row.devEui === stranger)!;
    expect(entry).toMatchObject({ imei: null, source: 'chirpstack', integrationName: 'ChirpStack 测试', lastPayloadHex: '05000700' });

    // Claimed in one step: registered with that DevEUI, its last uplink its first reading, out of the inbox.
    const [store] = await backend.db.query<{ id: number }>('select id from customers where kind = 3 order by id limit 1');
    const [model] = await backend.db.query<{ id: number }>('select id from device_models where name = $1', [`RB-${devEui}`]);
    const claimed = await call<{ id: number; secret: string }>(UplinkPaths.claim, {
      unclaimedId: entry.id,
      deviceNo: `CL-${stranger}`,
      deviceName: '认领鼠盒',
      deviceType: DeviceKind.loraRodentBox,
      modelId: model!.id,
      customerId: store!.id,
    });
    expect(claimed.secret).toMatch(/^[0-9a-f]{64}$/);
    const [registered] = await backend.db.query<{ devEui: string; power: number; status: number }>('select dev_eui as "devEui", remaining_power as power, status from devices where id = $1', [claimed.id]);
    expect(registered).toEqual({ devEui: stranger, power: 5, status: 2 });
    const after = await call<{ records: UnclaimedDevice[] }>(UplinkPaths.unclaimedList, { current: 1, size: 100 });
    expect(after.records.map((row) => row.devEui)).not.toContain(stranger);
    const again = await backend.app.inject({ method: 'POST', url: UplinkPaths.claim, headers: admin, payload: { unclaimedId: entry.id, deviceNo: `CL2-${stranger}`, deviceName: '认领鼠盒', deviceType: DeviceKind.loraRodentBox, customerId: store!.id } });
    expect(again.statusCode).toBe(404);
  });

  it("refuses a broker the operator did not allow: a private address, plain mqtt on the internet, credentials in the URL", async () => {
    const save = async (mqttUrl: string) => {
      const response = await backend.app.inject({ method: 'POST', url: IntegrationPaths.save, headers: admin, payload: { name: `拒绝 ${mqttUrl}`, kind: IntegrationKind.chirpstackMqtt, enabled: false, mqttUrl } });
      return { status: response.statusCode, message: response.json<{ message: string }>().message };
    };
    expect(await save('mqtts://10.0.0.5:8883')).toEqual({ status: 400, message: IntegrationMessages.mqttPrivate });
    expect(await save('mqtt://10.0.0.5:1883')).toEqual({ status: 400, message: IntegrationMessages.mqttNotTls });
    expect(await save('mqtts://169.254.169.254')).toEqual({ status: 400, message: IntegrationMessages.mqttPrivate });
    expect(await save('mqtts://localhost:8883')).toEqual({ status: 400, message: IntegrationMessages.mqttPrivate });
    // Another port of the allowed host is another service on it.
    expect(await save(`mqtts://127.0.0.1:${Number(new URL(BROKER).port || 1883) + 1}`)).toEqual({ status: 400, message: IntegrationMessages.mqttPrivate });
    expect(await save('mqtt://broker.example.com')).toEqual({ status: 400, message: IntegrationMessages.mqttNotTls });
    expect(await save('mqtts://app:key@broker.example.com')).toEqual({ status: 400, message: IntegrationMessages.mqttCredentials });
    expect(await save('http://broker.example.com')).toEqual({ status: 400, message: IntegrationMessages.mqttUrl });
    expect((await save('mqtts://broker.example.com:8883')).status).toBe(200);
  });

  it('never answers the password, and keeps the broken and the malformed from stopping the next uplink', async () => {
    await call(IntegrationPaths.save, { id: integrationId, name: 'ChirpStack 测试', kind: IntegrationKind.chirpstackMqtt, enabled: true, mqttUrl: BROKER, topic: `application/${application}/device/+/event/+`, username: 'pest', password: 'not-used-by-mosquitto' });
    const listed = JSON.stringify(await call<Integration[]>(IntegrationPaths.list, {}));
    expect(listed).not.toContain('not-used-by-mosquitto');
    await expect
      .poll(async () => (await call<Integration[]>(IntegrationPaths.list, {})).find((row) => row.id === integrationId)?.state, { timeout: 10_000 })
      .toBe('connected');
    await backend.db.query('update devices set model_id = (select id from device_models where name = $2) where id = $1', [deviceId, `RB-${devEui}`]);
    await publisher.publishAsync(`application/${application}/device/${devEui}/event/up`, '{not json', { qos: 1 });
    await publisher.publishAsync(`application/${application}/device/${devEui}/event/up`, JSON.stringify({ deviceInfo: 42 }), { qos: 1 });
    await publish(devEui, 'join', { deviceInfo: { devEui } });
    await publish(devEui, 'up', uplink('6400c800', 20));
    await expect.poll(device, { timeout: 10_000 }).toMatchObject({ power: 100, temperature: 20 });
    expect((await uplinks()).records[0]?.fCnt).toBe(20);
  });

  it("takes The Things Stack's uplinks from its own topic tree, the device's reading decoded by the same codec", async () => {
    const tenant = `t${randomUUID().slice(0, 8)}`;
    const tts = await call<{ id: number }>(IntegrationPaths.save, { name: 'TTS over MQTT', kind: IntegrationKind.ttnMqtt, enabled: true, mqttUrl: BROKER, topic: `v3/app1@${tenant}/devices/+/up` });
    await vi.waitFor(async () => {
      const state = (await call<Integration[]>(IntegrationPaths.list, {})).find((row) => row.id === tts.id)?.state;
      if (state !== 'connected') throw new Error(`integration ${state}`);
    }, { timeout: 10_000, interval: 100 });
    const uplink = {
      ...TTN,
      end_device_ids: { ...(TTN.end_device_ids as object), dev_eui: devEui.toUpperCase() },
      correlation_ids: [`as:up:${randomUUID()}`],
      received_at: new Date().toISOString(),
      uplink_message: { ...(TTN.uplink_message as object), f_port: 2, f_cnt: 30, frm_payload: Buffer.from('3200dc00', 'hex').toString('base64'), received_at: new Date().toISOString() },
    };
    await publisher.publishAsync(`v3/app1@${tenant}/devices/dev1/up`, JSON.stringify(uplink), { qos: 1 });
    await expect.poll(async () => (await uplinks()).records[0], { timeout: 10_000 }).toMatchObject({ source: 'ttn', fCnt: 30, decoded: { battery: 50, temperature: 22, event: 'heartbeat' } });
  });

  it("declares the device offline once it misses OFFLINE_AFTER_MISSED_HEARTBEATS of its model's report intervals, not before", async () => {
    // Its model now reports every minute: offline after three silent minutes, where the product's default is hours.
    const [model] = await backend.db.query<{ id: number; version: number }>('select id, version from device_models where name = $1', [`RB-${devEui}`]);
    await call(DeviceModelPaths.save, { id: model!.id, version: model!.version, name: `RB-${devEui}`, vendor: '鼠探科技', deviceType: DeviceKind.loraRodentBox, reportIntervalMinutes: 1, codec: CODEC });
    await clock.advance(2 * MINUTE);
    expect((await device()).status).toBe(2);
    await clock.advance(2 * MINUTE);
    expect((await device()).status).toBe(1);
    const [alarm] = await backend.db.query<{ kind: number }>(`select kind from device_events where device_id = $1 and kind = ${AlarmKind.offline} and not handled`, [deviceId]);
    expect(alarm).toBeDefined();
  });
});
