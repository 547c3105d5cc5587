import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_WEBHOOK_HEADER,
  DeviceKind,
  DeviceModelPaths,
  DeviceRegistrationPaths,
  IntegrationKind,
  IntegrationMessages,
  IntegrationPaths,
  UplinkPaths,
  type Integration,
  type IntegrationSaved,
  type UplinkRecord,
} from '@pest/shared';
import { testDriver } from '../../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../../testing.ts';

const sample = (name: string) => JSON.parse(readFileSync(new URL(`../ingest/sources/samples/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
const CODEC = `function decodeUplink(input) {
  var b = input.bytes;
  return { data: { battery: b[0], temperature: ((b[1] << 8) | b[2]) / 10, event: ['heartbeat', 'capture', 'trigger', 'maintain'][b[3]] } };
}`;
const oneNetSignature = (token: string, nonce: string, msg: string) => createHash('md5').update(token + nonce + msg).digest('base64');
const digits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

type Headers = Record<string, string>;

/** The webhooks of The Things Stack, CTWing and OneNET: each authenticated its own way, answered at once, recorded from the queue. */
describe(`network server webhooks on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: Headers;
  let store: number;
  let modelOf: Record<'lora' | 'nb', number>;

  async function call<T>(url: string, payload: object) {
    const response = await backend.app.inject({ method: 'POST', url, headers: admin, payload });
    const body = response.json<{ status: number; message: string; data: T }>();
    expect(response.statusCode, body.message).toBe(200);
    return body.data;
  }
  const push = async (url: string, body: unknown, headers: Headers = {}) => {
    const response = await backend.app.inject({ method: 'POST', url: new URL(url).pathname + new URL(url).search, headers: { 'content-type': 'application/json', ...headers }, payload: typeof body === 'string' ? body : JSON.stringify(body) });
    return { statusCode: response.statusCode, body: response.json<{ status: number; message: string }>() };
  };
  const register = async (fields: object, kind: DeviceKind) =>
    (await call<{ id: number }>(DeviceRegistrationPaths.add, { deviceNo: `WH-${randomUUID().slice(0, 8)}`, deviceName: '鼠盒', deviceType: kind, customerId: store, ...fields })).id;
  const uplinksOf = async (id: number) => (await call<{ records: UplinkRecord[] }>(UplinkPaths.uplinks, { id, current: 1, size: 20 })).records;
  // Refused pushes keep nothing: the integration's rows in the queue (others' may still be draining).
  const queued = async (integrationId: number) => (await backend.db.query<{ n: number }>('select count(*)::int as n from uplink_queue where integration_id = $1', [integrationId]))[0]!.n;

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    [{ id: store }] = await backend.db.query<{ id: number }>('select id from customers where kind = 3 order by id limit 1') as [{ id: number }];
    const model = (name: string, deviceType: DeviceKind) => call<{ id: number }>(DeviceModelPaths.save, { name, vendor: '测试', deviceType, reportIntervalMinutes: 60, codec: CODEC });
    modelOf = { lora: (await model('WH-LoRa', DeviceKind.loraRodentBox)).id, nb: (await model('WH-NB', DeviceKind.nbIotRodentBox)).id };
  });
  afterAll(() => backend?.close());

  it('takes a The Things Stack uplink with the header secret shown once, refuses a wrong or rotated one, and records the uplink', async () => {
    const saved = await call<IntegrationSaved>(IntegrationPaths.save, { name: 'TTS', kind: IntegrationKind.ttnHttp, enabled: true });
    expect(saved).toMatchObject({ headerName: DEFAULT_WEBHOOK_HEADER, webhookUrl: expect.stringMatching(new RegExp(`/api/integration/webhook/${saved.id}$`)), secret: expect.any(String) });
    expect(JSON.stringify(await call<Integration[]>(IntegrationPaths.list, {}))).not.toContain(saved.secret);

    const devEui = randomUUID().replaceAll('-', '').slice(0, 16);
    const device = await register({ devEui, modelId: modelOf.lora }, DeviceKind.loraRodentBox);
    const body = sample('ttn-uplink.json');
    const message = { ...(body.uplink_message as object), frm_payload: Buffer.from('3c00f002', 'hex').toString('base64'), f_cnt: 7, received_at: new Date().toISOString() };
    const uplink = { ...body, end_device_ids: { ...(body.end_device_ids as object), dev_eui: devEui.toUpperCase() }, received_at: new Date().toISOString(), uplink_message: message, correlation_ids: [`as:up:${randomUUID()}`] };

    const wrong = await push(saved.webhookUrl!, uplink, { [DEFAULT_WEBHOOK_HEADER]: 'guessed' });
    expect([wrong.statusCode, wrong.body.message]).toEqual([401, IntegrationMessages.badSecret]);
    expect((await push(saved.webhookUrl!, uplink)).statusCode).toBe(401);
    expect(await queued(saved.id)).toBe(0);

    expect((await push(saved.webhookUrl!, uplink, { [DEFAULT_WEBHOOK_HEADER]: saved.secret! })).statusCode).toBe(200);
    await expect.poll(async () => (await uplinksOf(device))[0]?.decoded, { timeout: 10_000 }).toEqual({ battery: 60, temperature: 24, event: 'trigger' });
    expect((await uplinksOf(device))[0]).toMatchObject({ source: 'ttn', fCnt: 7, gateway: 'gtw1' });

    const rotated = await call<IntegrationSaved>(IntegrationPaths.rotateSecret, { id: saved.id });
    expect(rotated.secret).not.toBe(saved.secret);
    expect((await push(saved.webhookUrl!, uplink, { [DEFAULT_WEBHOOK_HEADER]: saved.secret! })).statusCode).toBe(401);
  });

  it('takes a CTWing push at the URL with its token, and its offline report; a wrong token changes nothing', async () => {
    const saved = await call<IntegrationSaved>(IntegrationPaths.save, { name: 'CTWing', kind: IntegrationKind.ctwingHttp, enabled: true });
    expect(saved.webhookUrl).toMatch(new RegExp(`/api/integration/webhook/${saved.id}/${saved.secret}$`));
    const imei = `86${digits(13)}`;
    const device = await register({ imei, modelId: modelOf.nb }, DeviceKind.nbIotRodentBox);
    const report = { ...sample('ctwing-data-report-appdata.json'), IMEI: imei, timestamp: Date.now(), upPacketSN: 41, payload: { APPdata: Buffer.from('1400fa00', 'hex').toString('base64') } };

    expect((await push(saved.webhookUrl!.replace(saved.secret!, 'wrong-token'), report)).statusCode).toBe(401);
    expect((await push(saved.webhookUrl!, report)).statusCode).toBe(200);
    await expect.poll(async () => (await uplinksOf(device))[0]?.decoded, { timeout: 10_000 }).toEqual({ battery: 20, temperature: 25, event: 'heartbeat' });

    const offline = { messageType: 'deviceOnlineOfflineReport', IMEI: imei, deviceId: `15114816${imei}`, eventType: 0, timestamp: Date.now() + 1000 };
    expect((await push(saved.webhookUrl!, offline)).statusCode).toBe(200);
    await expect.poll(async () => (await backend.db.query<{ status: number }>('select status from devices where id = $1', [device]))[0]?.status, { timeout: 10_000 }).toBe(1);
  });

  it("answers OneNET's verification and takes its signed push; a wrong signature gets 401", async () => {
    const token = 'onenet-token-1';
    const saved = await call<IntegrationSaved>(IntegrationPaths.save, { name: 'OneNET', kind: IntegrationKind.onenetHttp, enabled: true, token });
    expect(saved.secret).toBeUndefined();
    const url = `/api/integration/webhook/${saved.id}`;
    const verify = await backend.app.inject({ method: 'GET', url, query: { msg: 'hello123', nonce: 'abc', signature: oneNetSignature(token, 'abc', 'hello123') } });
    expect([verify.statusCode, verify.body]).toEqual([200, 'hello123']);
    expect((await backend.app.inject({ method: 'GET', url, query: { msg: 'hello123', nonce: 'abc', signature: 'bad' } })).statusCode).toBe(401);

    const imei = `86${digits(13)}`;
    const device = await register({ imei, modelId: modelOf.nb }, DeviceKind.nbIotRodentBox);
    const msg = JSON.stringify({ type: 1, imei, dev_id: 1, ds_id: 'payload', at: Date.now(), value: '5000e603' });
    const body = { msg, nonce: 'n1', signature: oneNetSignature(token, 'n1', msg), time: Date.now(), id: randomUUID() };
    expect((await push(`http://x${url}`, { ...body, signature: oneNetSignature('other', 'n1', msg) })).statusCode).toBe(401);
    expect((await push(`http://x${url}`, body)).statusCode).toBe(200);
    await expect.poll(async () => (await uplinksOf(device))[0]?.decoded, { timeout: 10_000 }).toEqual({ battery: 80, temperature: 23, event: 'maintain' });
  });

  it('refuses a body that is not JSON (400), one too large (413), and an unknown or disabled integration as a bad secret (401)', async () => {
    const saved = await call<IntegrationSaved>(IntegrationPaths.save, { name: 'TTS-2', kind: IntegrationKind.ttnHttp, enabled: true });
    const headers = { [DEFAULT_WEBHOOK_HEADER]: saved.secret! };
    expect((await push(saved.webhookUrl!, '{broken', headers)).statusCode).toBe(400);
    expect((await push(saved.webhookUrl!, JSON.stringify({ pad: 'x'.repeat(70_000) }), headers)).statusCode).toBe(413);
    expect((await push('http://x/api/integration/webhook/999999', {}, headers)).statusCode).toBe(401);
    await call(IntegrationPaths.save, { id: saved.id, name: 'TTS-2', kind: IntegrationKind.ttnHttp, enabled: false });
    expect((await push(saved.webhookUrl!, {}, headers)).statusCode).toBe(401);
    expect(await queued(saved.id)).toBe(0);
  });
});
