import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceKind, DeviceModelPaths, DeviceRegistrationPaths, DeviceStatus } from '@pest/shared';
import { testDriver } from '../../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../../testing.ts';
import { CodecSandbox } from '../models/codec-sandbox.ts';
import { ingestUplink, type UplinkPipeline } from './ingest-uplink.ts';
import { recordQuietUplinks } from './record-quiet-uplinks.ts';
import type { Uplink } from './uplink.ts';

/** byte 0 battery %, bytes 1–2 temperature ×10, byte 3 the event. */
const CODEC = `function decodeUplink(input) {
  var b = input.bytes;
  return { data: { battery: b[0], temperature: ((b[1] << 8) | b[2]) / 10, event: ['heartbeat', 'capture', 'trigger', 'maintain'][b[3]] } };
}`;
const HOUR = 3_600_000;

/**
 * A batch's plain heartbeats recorded set-wise must leave exactly what recording them one at a
 * time leaves: the same heartbeats, day counts, device state and raw uplinks, a redelivery once.
 */
describe(`heartbeats recorded together on ${testDriver}`, () => {
  let backend: TestBackend;
  let pipeline: UplinkPipeline;
  let register: () => Promise<{ id: number; devEui: string }>;
  // Late on a Beijing day, so the batch spans two of its days (16:00 UTC is midnight in Beijing).
  const now = new Date(Date.UTC(2026, 11, 1, 17, 0, 0));
  const sandbox = new CodecSandbox();

  beforeAll(async () => {
    backend = await createTestBackend();
    const admin = await signIn(backend.app, 'admin');
    const call = async <T>(url: string, payload: object) => (await backend.app.inject({ method: 'POST', url, headers: admin, payload })).json<{ data: T }>().data;
    const [store] = await backend.db.query<{ id: number }>('select id from customers where kind = 3 order by id limit 1');
    const model = await call<{ id: number }>(DeviceModelPaths.save, { name: `QB-${randomUUID().slice(0, 6)}`, vendor: '测试', deviceType: DeviceKind.loraRodentBox, reportIntervalMinutes: 60, codec: CODEC });
    pipeline = { db: backend.db, sandbox, now: () => now };
    // Registered and heard once: a device's first uplink brings it online, which is more than a reading.
    register = async () => {
      const devEui = randomUUID().replaceAll('-', '').slice(0, 16);
      const { id } = await call<{ id: number }>(DeviceRegistrationPaths.add, { deviceNo: `QB-${devEui}`, deviceName: '鼠盒', deviceType: DeviceKind.loraRodentBox, customerId: store!.id, devEui, modelId: model.id });
      await ingestUplink(pipeline, { source: 'chirpstack', kind: 'up', devEui, fPort: 2, fCnt: 0, payload: Buffer.from('5100dc00', 'hex'), at: new Date(now.getTime() - 6 * HOUR) }, null);
      return { id, devEui };
    };
  });
  afterAll(() => backend?.close());

  const uplinks = (devEui: string): Uplink[] => {
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
    const heartbeat = (fCnt: number, hoursAgo: number, hex: string, dedupKey = randomUUID()): Uplink => ({
      source: 'chirpstack',
      kind: 'up',
      devEui,
      fPort: 2,
      fCnt,
      payload: Buffer.from(hex, 'hex'),
      rssi: -70 - fCnt,
      snr: 8,
      gateway: 'gw-1',
      at: at(hoursAgo),
      dedupKey,
    });
    const first = heartbeat(1, 3, '5000e100');
    return [first, { ...first }, heartbeat(2, 2, '4f00e600'), heartbeat(3, 0.5, '4e00eb00'), heartbeat(2, 4, '4d00f000')];
  };
  const state = async (deviceId: number) => ({
    device: (
      await backend.db.query(
        `select status, remaining_power as power, temperature::float8 as temperature, signal, last_communication_at as "lastCommunication", last_f_cnt::int as "lastFCnt", has_unhandled_alarm as alarm
         from devices where id = $1`,
        [deviceId],
      )
    )[0],
    heartbeats: await backend.db.query('select at, battery, temperature::float8 as temperature, signal from device_heartbeats where device_id = $1 order by at', [deviceId]),
    daily: await backend.db.query('select month, heartbeats from device_daily where device_id = $1 order by month', [deviceId]),
    raw: await backend.db.query('select received_at, f_cnt::int as "fCnt", decoded, rssi, gateway from device_uplinks where device_id = $1 order by received_at, f_cnt', [deviceId]),
  });

  it('leaves what one-at-a-time leaves, a redelivery and a replayed frame recorded not at all', async () => {
    const together = await register();
    const alone = await register();
    const outcome = await recordQuietUplinks(pipeline, [{ key: together.devEui, uplinks: uplinks(together.devEui).map((uplink, ref) => ({ uplink, integrationId: null, ref })) }]);
    expect(outcome).toEqual({ recorded: [0, 2, 3], duplicates: [1, 4], loud: [] });
    const one = [];
    for (const uplink of uplinks(alone.devEui)) one.push(await ingestUplink(pipeline, uplink, null));
    expect(one).toEqual(['recorded', 'duplicate', 'recorded', 'recorded', 'duplicate']);

    const [a, b] = [await state(together.id), await state(alone.id)];
    expect(a.heartbeats).toHaveLength(4);
    expect(a).toEqual(b);
    expect(a.device).toMatchObject({ power: 78, temperature: 23.5, signal: -73, lastFCnt: 3 });
    // Two Beijing days of one month: the batch's counts land on their own days.
    const [month] = a.daily as { heartbeats: number[] }[];
    expect(month!.heartbeats.reduce((sum, n) => sum + n, 0)).toBe(4);
    expect(month!.heartbeats.filter((n) => n > 0)).toEqual([3, 1]);
  });

  it('leaves to the one-at-a-time path a device with an event, and an offline one', async () => {
    const catching = await register();
    const offline = await register();
    await backend.db.query(`update devices set status = ${DeviceStatus.offline} where id = $1`, [offline.id]);
    const [plain, capture] = uplinks(catching.devEui);
    const outcome = await recordQuietUplinks(pipeline, [
      { key: catching.devEui, uplinks: [plain!, { ...capture!, dedupKey: randomUUID(), fCnt: 5, payload: Buffer.from('5000e101', 'hex') }].map((uplink, ref) => ({ uplink, integrationId: null, ref })) },
      { key: offline.devEui, uplinks: [{ uplink: uplinks(offline.devEui)[0]!, integrationId: null, ref: 9 }] },
    ]);
    expect(outcome.recorded).toEqual([]);
    expect(outcome.loud.map((group) => group.key)).toEqual([catching.devEui, offline.devEui]);
    expect((await state(catching.id)).heartbeats).toHaveLength(1);
  });
});
