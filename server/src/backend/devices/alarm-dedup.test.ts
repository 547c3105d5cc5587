import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmKind, AlarmSeverity, AlarmState, DeviceKind, DeviceStatus } from '@pest/shared';
import type { Db } from '../db/db.ts';
import { openTestDb, testDriver } from '../db/testing.ts';
import { recordOffline, recordReport } from './record-report.ts';

interface Row {
  id: number;
  state: string;
  severity: string | null;
  repeatCount: number;
  createdAt: string;
  lastAt: string;
  handled: boolean;
}

describe(`one open alarm per device and kind on ${testDriver}`, () => {
  let db: Db;
  let box: number;
  let gateway: number;
  const start = Date.now() + 60_000;
  const at = (minutes: number) => new Date(start + minutes * 60_000);

  beforeAll(async () => {
    db = await openTestDb();
    const pick = async (kind: number) =>
      (await db.query<{ id: number }>(
        `select d.id from devices d join device_types t on t.id = d.device_type_id
         where t.smart_kind = $1 and d.status = ${DeviceStatus.online}
           and not exists (select 1 from device_events e where e.device_id = d.id and not e.handled)
         order by d.id limit 1`,
        [kind],
      ))[0]!.id;
    box = await pick(DeviceKind.nbIotRodentBox);
    gateway = await pick(DeviceKind.loraGateway);
  });
  afterAll(() => db?.close());

  /** The device's records of a kind since the test began (the seeded history is older). */
  const rows = (deviceId: number, kind: number) =>
    db.query<Row>(
      `select id, state, severity, repeat_count as "repeatCount", created_at::text as "createdAt", last_at::text as "lastAt", handled
       from device_events where device_id = $1 and kind = $2 and created_at >= $3 order by id`,
      [deviceId, kind, at(0).toISOString()],
    );

  it('counts a repeat on the open alarm and moves its last time, with no new row', async () => {
    await recordReport(db, box, { event: 'capture', at: at(0) });
    await recordReport(db, box, { event: 'trigger', at: at(5) });
    await recordReport(db, box, { event: 'capture', at: at(9) });
    const [alarm, ...more] = await rows(box, AlarmKind.trigger);
    expect(more).toEqual([]);
    expect(alarm).toMatchObject({ state: AlarmState.open, severity: AlarmSeverity.critical, repeatCount: 2, handled: false });
    expect(new Date(alarm!.createdAt).getTime()).toBe(at(0).getTime());
    expect(new Date(alarm!.lastAt).getTime()).toBe(at(9).getTime());
  });

  it('counts repeats on an acknowledged alarm too, which stays acknowledged', async () => {
    await db.query(`update device_events set state = 'acknowledged', ack_at = now() where device_id = $1 and kind = $2 and not handled`, [box, AlarmKind.trigger]);
    await recordReport(db, box, { event: 'trigger', at: at(12) });
    const [alarm, ...more] = await rows(box, AlarmKind.trigger);
    expect(more).toEqual([]);
    expect(alarm).toMatchObject({ state: AlarmState.acknowledged, repeatCount: 3 });
  });

  it('raises a new alarm once the open one is handled', async () => {
    await db.query(
      `update device_events set state = 'handled', handled = true, handled_at = now(), ack_at = now() where device_id = $1 and kind = $2 and not handled`,
      [box, AlarmKind.trigger],
    );
    await recordReport(db, box, { event: 'capture', at: at(20) });
    const alarms = await rows(box, AlarmKind.trigger);
    expect(alarms.map((alarm) => [alarm.state, alarm.repeatCount])).toEqual([
      [AlarmState.handled, 3],
      [AlarmState.open, 0],
    ]);
  });

  it('keeps kinds apart: a hot reading is an alarm of its own, repeated while it stays hot', async () => {
    await recordReport(db, box, { temperature: 41, at: at(21) });
    await recordReport(db, box, { temperature: 43.5, at: at(27) });
    const [hot, ...more] = await rows(box, AlarmKind.highTemperature);
    expect(more).toEqual([]);
    expect(hot).toMatchObject({ state: AlarmState.open, severity: AlarmSeverity.major, repeatCount: 1 });
    expect(await rows(box, AlarmKind.trigger)).toHaveLength(2);
  });

  it('raises a gateway offline as critical, closes it when the gateway returns and records the return as an event', async () => {
    await recordOffline(db, gateway, at(30));
    const [offline] = await rows(gateway, AlarmKind.offline);
    expect(offline).toMatchObject({ state: AlarmState.open, severity: AlarmSeverity.critical, repeatCount: 0 });
    await recordReport(db, gateway, { at: at(40) });
    expect((await rows(gateway, AlarmKind.offline)).map((alarm) => [alarm.state, alarm.handled])).toEqual([[AlarmState.handled, true]]);
    expect(await rows(gateway, AlarmKind.online)).toMatchObject([{ state: AlarmState.handled, severity: null, handled: true }]);
  });

  it('never holds two open alarms of one kind on a device, however many reports arrive at once', async () => {
    await Promise.all(Array.from({ length: 6 }, (_, i) => recordReport(db, box, { event: 'maintain', at: at(50 + i) })));
    const alarms = await rows(box, AlarmKind.maintain);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.repeatCount).toBe(5);
  });
});
