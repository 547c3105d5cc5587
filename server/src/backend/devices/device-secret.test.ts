import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLogPaths, DevicePaths, MASKED_SECRET, type AuditEntry, type DeviceSecret, type Page } from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

type Headers = Record<string, string>;

/** A device's credentials: a new secret answered once, the old one refused from then on, the secret in no other answer. */
describe(`device secrets on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: Headers;
  let manager: Headers;
  let device: { id: number; deviceNo: string; secret: string };

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
    [device] = (await backend.db.query<{ id: number; deviceNo: string; secret: string }>(
      `select d.id, d.device_no as "deviceNo", d.secret from devices d join device_types t on t.id = d.device_type_id
       where t.smart_kind = 1 and d.customer_id in (select id from customers where path @> array[1]) order by d.id limit 1`,
    )) as [typeof device];
  });
  afterAll(() => backend?.close());

  /** Signed here, independently of the server's code. */
  const report = (secret: string) => {
    const body = JSON.stringify({ at: new Date().toISOString(), event: 'heartbeat', battery: 80 });
    return backend.app.inject({
      method: 'POST',
      url: DevicePaths.report,
      headers: { 'content-type': 'application/json', 'x-device-no': device.deviceNo, 'x-signature': `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}` },
      payload: body,
    });
  };
  const rotate = (headers: Headers, id: number) => backend.app.inject({ method: 'POST', url: DevicePaths.rotateSecret, headers, payload: { id } });

  it('answers a new secret once; reports signed with the old one are refused, with the new one taken', async () => {
    expect((await report(device.secret)).statusCode).toBe(200);
    const answer = await rotate(admin, device.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const { secret, deviceNo, headers } = answer.json<{ data: DeviceSecret }>().data;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(secret).not.toBe(device.secret);
    expect({ deviceNo, headers }).toEqual({ deviceNo: device.deviceNo, headers: { deviceNo: 'x-device-no', signature: 'x-signature' } });

    expect((await report(device.secret)).statusCode).toBe(401);
    expect((await report(secret)).statusCode).toBe(200);

    // In no other answer: the device's own, the list's, the audit log's (which says it changed).
    const shown = await backend.app.inject({ method: 'GET', url: `${DevicePaths.get}?id=${device.id}`, headers: admin });
    const listed = await backend.app.inject({ method: 'POST', url: DevicePaths.list, headers: admin, payload: { current: 1, size: 500, filters: {} } });
    const log = await backend.app.inject({ method: 'POST', url: AuditLogPaths.list, headers: admin, payload: { current: 1, size: 10, objectType: 'device', objectId: String(device.id) } });
    for (const other of [shown.body, listed.body, log.body]) expect(other).not.toContain(secret);
    const [entry] = log.json<{ data: Page<AuditEntry> }>().data.records;
    expect(entry).toMatchObject({ action: 'update', userName: '系统管理员', changes: { secret: { before: MASKED_SECRET, after: MASKED_SECRET } } });
  });

  it("lets a customer's manager rotate their own organisation's devices only, and changes nothing it refuses", async () => {
    const [foreign] = (await backend.db.query<{ id: number; secret: string }>(
      'select id, secret from devices where secret is not null and customer_id not in (select id from customers where path @> array[1]) order by id limit 1',
    )) as [{ id: number; secret: string }];
    expect((await rotate(manager, foreign.id)).statusCode).toBe(404);
    expect((await rotate(admin, 2_000_000_000)).statusCode).toBe(404);
    expect(await backend.db.query('select secret from devices where id = $1', [foreign.id])).toEqual([{ secret: foreign.secret }]);
    const own = await rotate(manager, device.id);
    expect(own.statusCode).toBe(200);
    expect(own.json<{ data: DeviceSecret }>().data.secret).not.toBe(device.secret);
  });
});
