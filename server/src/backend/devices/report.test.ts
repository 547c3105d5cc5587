import { createHmac } from 'node:crypto';
import os from 'node:os';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmKind, DeviceMessages, DevicePaths, DeviceStatus, ReportTimeMessages, type AlarmRecord, type DeviceInfo } from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { loadConfig } from '../../config.ts';
import { createBackend } from '../create-backend.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';
import { demoWorld } from '../../demo/index.ts';

interface Device {
  id: number;
  deviceNo: string;
  secret: string;
}

describe(`signed device reports on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: Record<string, string>;
  const logLines: { level: number; msg: string; deviceNo?: string }[] = [];
  let online: Device;
  let offline: Device;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    backend = await createTestBackend({ logger: pino({ level: 'warn' }, sink) });
    admin = await signIn(backend.app, 'admin');
    const pick = async (status: number) =>
      (await backend.db.query<Device>(
        `select d.id, d.device_no as "deviceNo", d.secret from devices d join device_types t on t.id = d.device_type_id
         where d.status = $1 and t.smart_kind = 1 and d.remaining_power > 30 and not d.has_unhandled_alarm order by d.id limit 1`,
        [status],
      ))[0]!;
    online = await pick(DeviceStatus.online);
    [offline] = await backend.db.query<Device>(
      `select d.id, d.device_no as "deviceNo", d.secret from devices d join device_types t on t.id = d.device_type_id
       where d.status = ${DeviceStatus.offline} and t.smart_kind = 1 order by d.id limit 1`,
    ) as [Device];
  });
  afterAll(() => backend?.close());

  /** The signature computed here, independently of the server's code. */
  const sign = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
  const report = (deviceNo: string, body: string, signature: string | undefined) =>
    backend.app.inject({
      method: 'POST',
      url: DevicePaths.report,
      headers: { 'content-type': 'application/json', 'x-device-no': deviceNo, ...(signature ? { 'x-signature': signature } : {}) },
      payload: body,
    });
  const deviceState = async (id: number) =>
    (await backend.app.inject({ method: 'GET', url: `${DevicePaths.get}?id=${id}`, headers: admin })).json<{ data: DeviceInfo }>().data;

  it('refuses a bad, missing or foreign signature with 401, logs it and changes nothing', async () => {
    const before = await deviceState(online.id);
    const body = JSON.stringify({ event: 'trigger', battery: 5 });
    const [other] = await backend.db.query<{ secret: string }>('select secret from devices where id <> $1 order by id limit 1', [online.id]);
    for (const signature of [undefined, 'sha256=00', sign(other!.secret, body), sign(online.secret, `${body} `), sign(online.secret, body).toUpperCase()]) {
      const response = await report(online.deviceNo, body, signature);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, data: null });
    }
    expect((await report('NO-SUCH-DEVICE', body, sign(online.secret, body))).statusCode).toBe(401);
    expect(logLines.filter((line) => line.msg === 'device report refused: bad signature')).toHaveLength(6);
    expect(await deviceState(online.id)).toEqual(before);
  });

  it('refuses a signed but malformed body with 400', async () => {
    const body = JSON.stringify({ battery: 150 });
    expect((await report(online.deviceNo, body, sign(online.secret, body))).statusCode).toBe(400);
  });

  it('accepts a signed report: state moves, the catch and the low battery appear in the alarm list', async () => {
    const at = new Date(Date.now() - 60_000);
    const body = JSON.stringify({ battery: 18, temperature: 23.4, signal: -80, event: 'trigger', at: at.toISOString() });
    const response = await report(online.deviceNo, body, sign(online.secret, body));
    expect(response.statusCode).toBe(200);

    const state = await deviceState(online.id);
    expect(state).toMatchObject({ remainingPower: 18, temperature: 23.4, signal: -80, hasUnHandleAlarm: true, status: DeviceStatus.online });
    const alarms = (
      await backend.app.inject({ method: 'POST', url: DevicePaths.alarmList, headers: admin, payload: { current: 1, size: 5, boxId: online.id } })
    ).json<{ data: { records: AlarmRecord[] } }>().data.records;
    const latest = alarms.filter((record) => record.createTime === state.lastCommunicationDate);
    expect(latest.map((record) => [record.type, record.content, record.handled]).sort()).toEqual(
      [
        [AlarmKind.lowBattery, '电量低于20%', false],
        [AlarmKind.trigger, '触发捕鼠', false],
      ].sort(),
    );
    const [heartbeat] = await backend.db.query<{ n: number }>('select count(*)::int as n from device_heartbeats where device_id = $1 and at = $2', [online.id, at]);
    expect(heartbeat!.n).toBe(1);
  });

  it('brings an offline device back online and closes its offline alarm', async () => {
    const body = JSON.stringify({ event: 'heartbeat', at: new Date().toISOString() });
    expect((await report(offline.deviceNo, body, sign(offline.secret, body))).statusCode).toBe(200);
    expect((await deviceState(offline.id)).status).toBe(DeviceStatus.online);
    const [open] = await backend.db.query<{ n: number }>(
      `select count(*)::int as n from device_events where device_id = $1 and kind = ${AlarmKind.offline} and not handled`,
      [offline.id],
    );
    expect(open!.n).toBe(0);
    const [event] = await backend.db.query<{ content: string; handled: boolean }>(
      `select content, handled from device_events where device_id = $1 order by id desc limit 1`,
      [offline.id],
    );
    expect(event).toEqual({ content: '设备上线', handled: true });
  });

  const lastContact = async (id: number) =>
    (await backend.db.query<{ at: Date | null }>('select last_communication_at as at from devices where id = $1', [id]))[0]!.at;
  const heartbeats = async (id: number) =>
    (await backend.db.query<{ n: number }>('select count(*)::int as n from device_heartbeats where device_id = $1', [id]))[0]!.n;

  it('refuses a report without at, or dated too far ahead or too long ago, with 400 naming at; nothing moves', async () => {
    const before = { contact: await lastContact(online.id), heartbeats: await heartbeats(online.id) };
    const refused = async (body: object) => {
      const raw = JSON.stringify(body);
      const response = await report(online.deviceNo, raw, sign(online.secret, raw));
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ message: string }>().message;
    };
    expect(await refused({ event: 'heartbeat' })).toBe('参数错误: body/at 不能为空');
    expect(await refused({ event: 'capture', at: '2099-01-01T00:00:00Z' })).toBe(ReportTimeMessages.tooFarAhead);
    expect(await refused({ event: 'heartbeat', at: new Date(Date.now() + 6 * 60_000).toISOString() })).toBe(ReportTimeMessages.tooFarAhead);
    expect(await refused({ event: 'heartbeat', at: '1970-01-01T00:00:00Z' })).toBe(ReportTimeMessages.tooOld);
    expect(await refused({ event: 'heartbeat', at: new Date(Date.now() - 7 * 24 * 3600_000 - 60_000).toISOString() })).toBe(ReportTimeMessages.tooOld);
    expect({ contact: await lastContact(online.id), heartbeats: await heartbeats(online.id) }).toEqual(before);
  });

  it('records a report a few minutes ahead at the time of receipt: last contact never passes now', async () => {
    const body = JSON.stringify({ event: 'heartbeat', at: new Date(Date.now() + 4 * 60_000).toISOString() });
    expect((await report(online.deviceNo, body, sign(online.secret, body))).statusCode).toBe(200);
    expect((await lastContact(online.id))!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('refuses the same signed body again with 409, also after a restart (the memory is in the database), and stores it once', async () => {
    const body = JSON.stringify({ event: 'heartbeat', battery: 77, at: new Date(Date.now() - 1000).toISOString() });
    const count = await heartbeats(online.id);
    expect((await report(online.deviceNo, body, sign(online.secret, body))).statusCode).toBe(200);
    const replays = await Promise.all([1, 2].map(() => report(online.deviceNo, body, sign(online.secret, body))));
    for (const replay of replays) expect(replay.json()).toMatchObject({ status: 409, message: DeviceMessages.reportReplayed });
    expect(replays.map((replay) => replay.statusCode)).toEqual([409, 409]);
    expect(await heartbeats(online.id)).toBe(count + 1);

    // A second backend over the same database: what one accepted, the other refuses.
    const second = await createBackend({ db: backend.db, logger: pino({ level: 'silent' }), config: loadConfig({ SIMULATOR: 'off', REPORT_RENDER_AHEAD_DAYS: '0', AUDIT_PACK_DIR: os.tmpdir(), REPORT_CACHE_DIR: os.tmpdir() }), demoWorld });
    try {
      const response = await second.inject({
        method: 'POST',
        url: DevicePaths.report,
        headers: { 'content-type': 'application/json', 'x-device-no': online.deviceNo, 'x-signature': sign(online.secret, body) },
        payload: body,
      });
      expect(response.statusCode).toBe(409);
    } finally {
      await second.close();
    }
  });

  it('prunes the signatures no report can reuse: older than 7 days and a day', async () => {
    await backend.db.query(`insert into device_report_signatures (device_id, signature, at) values ($1, 'sha256=old', now() - interval '8 days 1 minute')`, [online.id]);
    const body = JSON.stringify({ event: 'heartbeat', at: new Date().toISOString() });
    expect((await report(online.deviceNo, body, sign(online.secret, body))).statusCode).toBe(200);
    expect(await backend.db.query(`select 1 from device_report_signatures where signature = 'sha256=old'`)).toEqual([]);
  });
});
