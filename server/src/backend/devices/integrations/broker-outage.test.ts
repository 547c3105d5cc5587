import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeviceKind, DeviceModelPaths, DeviceRegistrationPaths, IntegrationKind, IntegrationPaths, UplinkPaths, type Integration, type UplinkRecord } from '@pest/shared';
import { testDriver } from '../../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../../testing.ts';

const SAMPLE = JSON.parse(readFileSync(new URL('../ingest/sources/samples/chirpstack-up.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const CODEC = 'function decodeUplink(input) { return { data: { battery: input.bytes[0] } }; }';
type Headers = Record<string, string>;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * A Mosquitto of this file's own (the machine's binary), so it can be stopped and started: QoS 1
 * uplinks published around a broker outage, and while the product's subscription is away, all
 * arrive and each is recorded once.
 */
describe(`ChirpStack uplinks across a broker outage on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: Headers;
  let broker: ChildProcess | undefined;
  let publisher: MqttClient;
  let deviceId: number;
  let integrationId: number;
  let port: number;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pest-mosquitto-'));
  const devEui = randomUUID().replaceAll('-', '').slice(0, 16);
  let fCnt = 0;

  const startBroker = async () => {
    broker = spawn('mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
    await vi.waitFor(
      () =>
        new Promise<void>((resolve, reject) => {
          const probe = createServer();
          probe.once('error', () => resolve()); // the port is taken: the broker listens
          probe.listen(port, '127.0.0.1', () => probe.close(() => reject(new Error('broker not listening yet'))));
        }),
      { timeout: 10_000, interval: 50 },
    );
  };
  // SIGTERM: the broker saves its sessions (persistence) and exits.
  const stopBroker = () => new Promise<void>((resolve) => (broker!.once('exit', () => resolve()), broker!.kill('SIGTERM')));

  async function call<T>(url: string, payload: object) {
    const response = await backend.app.inject({ method: 'POST', url, headers: admin, payload });
    const body = response.json<{ status: number; message: string; data: T }>();
    expect(response.statusCode, body.message).toBe(200);
    return body.data;
  }
  const state = async () => (await call<Integration[]>(IntegrationPaths.list, {})).find((row) => row.id === integrationId)?.state;
  const recorded = async () => (await call<{ records: UplinkRecord[] }>(UplinkPaths.uplinks, { id: deviceId, current: 1, size: 100 })).records.map((row) => row.fCnt).sort((a, b) => a! - b!);
  const publish = (count: number) =>
    Promise.all(
      Array.from({ length: count }, () => {
        fCnt++;
        const body = { ...SAMPLE, deduplicationId: randomUUID(), time: new Date().toISOString(), deviceInfo: { ...(SAMPLE.deviceInfo as object), devEui }, fPort: 1, fCnt, data: Buffer.from([fCnt % 100]).toString('base64') };
        return publisher.publishAsync(`application/outage/device/${devEui}/event/up`, JSON.stringify(body), { qos: 1 });
      }),
    );
  const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

  beforeAll(async () => {
    port = await freePort();
    // Run as root, Mosquitto drops to its own user: the directory must be writable for it to save the sessions.
    chmodSync(dir, 0o777);
    writeFileSync(path.join(dir, 'mosquitto.conf'), `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence true\npersistence_location ${dir}/\n`);
    await startBroker();
    backend = await createTestBackend({ env: { INTEGRATION_ALLOWED_HOSTS: '127.0.0.1' } });
    admin = await signIn(backend.app, 'admin');
    const [store] = await backend.db.query<{ id: number }>('select id from customers where kind = 3 order by id limit 1');
    const model = await call<{ id: number }>(DeviceModelPaths.save, { name: `OUT-${devEui}`, vendor: '测试', deviceType: DeviceKind.loraRodentBox, reportIntervalMinutes: 60, codec: CODEC });
    deviceId = (await call<{ id: number }>(DeviceRegistrationPaths.add, { deviceNo: `OUT-${devEui}`, deviceName: '鼠盒', deviceType: DeviceKind.loraRodentBox, devEui, modelId: model.id, customerId: store!.id })).id;
    integrationId = (await call<{ id: number }>(IntegrationPaths.save, { name: '断线测试', kind: IntegrationKind.chirpstackMqtt, enabled: true, mqttUrl: `mqtt://127.0.0.1:${port}`, topic: 'application/outage/device/+/event/+' })).id;
    await vi.waitFor(async () => expect(await state()).toBe('connected'), { timeout: 10_000, interval: 100 });
    // The publisher keeps what it could not send yet and sends it when the broker is back, as a network server does.
    publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: `pest-test-${randomUUID()}`, clean: false, reconnectPeriod: 200 });
  });
  afterAll(async () => {
    await publisher?.endAsync(true);
    await backend?.close();
    broker?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('records every uplink once when the broker stops and starts while they are published', async () => {
    await publish(5);
    await expect.poll(recorded, { timeout: 10_000 }).toEqual(numbers(1, 5));
    await stopBroker();
    await vi.waitFor(async () => expect(await state()).toBe('error'), { timeout: 10_000, interval: 100 });
    const during = publish(5);
    await startBroker();
    await during;
    await publish(5);
    await expect.poll(recorded, { timeout: 20_000 }).toEqual(numbers(1, 15));
    expect(await state()).toBe('connected');
  });

  it('delivers what was published while the product’s subscription was away, when it is back', async () => {
    await call(IntegrationPaths.save, { id: integrationId, name: '断线测试', kind: IntegrationKind.chirpstackMqtt, enabled: false, mqttUrl: `mqtt://127.0.0.1:${port}`, topic: 'application/outage/device/+/event/+' });
    await vi.waitFor(async () => expect(await state()).toBe('disabled'), { timeout: 10_000, interval: 100 });
    await publish(3);
    await call(IntegrationPaths.save, { id: integrationId, name: '断线测试', kind: IntegrationKind.chirpstackMqtt, enabled: true, mqttUrl: `mqtt://127.0.0.1:${port}`, topic: 'application/outage/device/+/event/+' });
    await expect.poll(recorded, { timeout: 20_000 }).toEqual(numbers(1, 18));
  });
});
