import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiMessages, AuditLogPaths, DeviceKind, DeviceModelMessages, DeviceModelPaths, type AuditEntry, type DecodeResult, type DeviceModel } from '@pest/shared';
import { testDriver } from '../../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../../testing.ts';

type Headers = Record<string, string>;

/** A box's codec: byte 0 battery %, bytes 1–2 temperature ×10 (signed, big-endian), byte 3 the event. */
const CODEC = `function decodeUplink(input) {
  var b = input.bytes, t = (b[1] << 8) | b[2];
  if (t & 0x8000) t -= 0x10000;
  return { data: { battery: b[0], temperature: t / 10, event: ['heartbeat', 'capture', 'trigger', 'maintain'][b[3]], humidity: 40 } };
}`;
const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

/** 设备型号: a provider's models with their codecs, examples that must decode as expected, and the codec's trial. */
describe(`device models on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: Headers;
  let manager: Headers;

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
  });
  afterAll(() => backend?.close());

  async function call<T>(url: string, payload: object, headers: Headers = admin) {
    const response = await backend.app.inject({ method: 'POST', url, headers, payload });
    return { statusCode: response.statusCode, body: response.json<{ status: number; message: string; data: T }>() };
  }
  const model = { name: 'RB-200', vendor: '鼠探科技', deviceType: DeviceKind.loraRodentBox, reportIntervalMinutes: 60, codec: CODEC };
  const listed = async () => (await call<DeviceModel[]>(DeviceModelPaths.list, {})).body.data;

  it('saves a model whose examples decode as expected, lists it, and keeps the change in the audit log', async () => {
    const examples = [
      { label: '捕获', fPort: 2, bytesBase64: b64('5700d701'), expected: { battery: 87, temperature: 21.5, event: 'capture' } },
      { label: '低温心跳', fPort: 2, bytesBase64: b64('14ff3800'), expected: { battery: 20, temperature: -20, event: 'heartbeat' } },
    ];
    const saved = await call<{ id: number }>(DeviceModelPaths.save, { ...model, examples });
    expect(saved.statusCode, saved.body.message).toBe(200);
    const [row] = (await listed()).filter((m) => m.id === saved.body.data.id);
    expect(row).toMatchObject({ name: 'RB-200', vendor: '鼠探科技', deviceType: 2, reportIntervalMinutes: 60, examples, deviceCount: 0, decodeFailures: 0, version: 1 });

    // Another editor saved in between: the stale version is refused and changes nothing.
    expect((await call(DeviceModelPaths.save, { ...model, id: row!.id, reportIntervalMinutes: 30, version: 1 })).statusCode).toBe(200);
    const stale = await call(DeviceModelPaths.save, { ...model, id: row!.id, reportIntervalMinutes: 15, version: 1 });
    expect([stale.statusCode, stale.body.message]).toEqual([409, ApiMessages.editConflict]);
    expect((await listed()).find((m) => m.id === row!.id)?.reportIntervalMinutes).toBe(30);

    const log = await call<{ records: AuditEntry[] }>(AuditLogPaths.list, { current: 1, size: 10, objectType: 'deviceModel', objectId: String(row!.id) });
    expect(log.body.data.records.map((entry) => entry.action)).toEqual(['update', 'create']);
  });

  it('refuses an example that decodes otherwise, a duplicate name, a codec without decodeUplink, and a gateway with a codec, naming each', async () => {
    const wrong = await call(DeviceModelPaths.save, {
      ...model,
      name: 'RB-300',
      examples: [{ label: '捕获', fPort: 2, bytesBase64: b64('5700d701'), expected: { battery: 87, event: 'trigger' } }],
    });
    expect([wrong.statusCode, wrong.body.message]).toEqual([400, DeviceModelMessages.exampleMismatch('捕获')]);
    const taken = await call(DeviceModelPaths.save, { ...model, name: ' rb-200 ' });
    expect([taken.statusCode, taken.body.message]).toEqual([400, DeviceModelMessages.nameTaken]);
    const noFunction = await call(DeviceModelPaths.save, { ...model, name: 'RB-400', codec: 'var x = 1;' });
    expect([noFunction.statusCode, noFunction.body.message]).toEqual([400, DeviceModelMessages.codecMissing]);
    const gateway = await call(DeviceModelPaths.save, { ...model, name: 'GW-8', deviceType: DeviceKind.loraGateway });
    expect([gateway.statusCode, gateway.body.message]).toEqual([400, DeviceModelMessages.gatewayNoCodec]);
    const interval = await call(DeviceModelPaths.save, { ...model, name: 'RB-500', reportIntervalMinutes: 0 });
    expect([interval.statusCode, interval.body.message]).toEqual([400, DeviceModelMessages.reportInterval]);
    expect((await listed()).map((m) => m.name)).not.toContain('RB-300');
  });

  it('tries a codec on a pasted payload: the reading, its error, or the time limit, and the next trial works', async () => {
    const decode = (codec: string, hex: string) => call<DecodeResult>(DeviceModelPaths.testDecode, { codec, fPort: 2, bytesBase64: b64(hex) });
    expect((await decode(CODEC, '5700d702')).body.data).toEqual({ data: { battery: 87, temperature: 21.5, event: 'trigger' }, errors: [], warnings: [] });
    expect((await decode('function decodeUplink() { for (;;) {} }', '00')).body.data).toEqual({ data: null, errors: [DeviceModelMessages.codecTimeout], warnings: [] });
    expect((await decode('function decodeUplink() { return { data: { battery: 300 } }; }', '00')).body.data.errors).toEqual([`${DeviceModelMessages.codecBadData}（battery）`]);
    expect((await decode(CODEC, '6400c800')).body.data.data).toEqual({ battery: 100, temperature: 20, event: 'heartbeat' });
  });

  it("is the provider's: a customer's manager is refused", async () => {
    for (const [path, body] of [
      [DeviceModelPaths.list, {}],
      [DeviceModelPaths.save, { ...model, name: 'RB-900' }],
      [DeviceModelPaths.testDecode, { codec: CODEC, fPort: 1, bytesBase64: b64('00000000') }],
    ] as const) {
      const refused = await call(path, body, manager);
      expect(refused.statusCode).toBe(403);
    }
  });
});
