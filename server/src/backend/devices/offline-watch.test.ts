import { AlarmKind, DeviceKind, DeviceStatus } from '@pest/shared';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock/manual-clock.ts';
import type { Db } from '../db/db.ts';
import { openTestDb, testDriver } from '../db/testing.ts';
import { recordReport } from './record-report.ts';
import { startPeriodicSweep } from '../common/periodic-sweep.ts';
import { offlineWatch } from './offline-watch.ts';

const silent = pino({ level: 'silent' });
const SECOND = 1000;
/** A minute's heartbeat and three missed: offline after three minutes of silence. */
const offlineRule = { heartbeatIntervalMs: 60 * SECOND, missedHeartbeats: 3 };

/**
 * The flap window on the manual clock: the offline watch (a sweep every minute, as the backend
 * runs it) against a device that reports through the report path like a real one.
 */
describe(`offline after missed heartbeats on ${testDriver}`, () => {
  let db: Db;

  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db?.close());

  const state = async (id: number, since: number) =>
    (
      await db.query<{ status: DeviceStatus; events: { kind: AlarmKind; at: string; handled: boolean }[] }>(
        `select d.status,
                coalesce((select json_agg(json_build_object('kind', e.kind, 'at', e.created_at, 'handled', e.handled) order by e.id)
                          from device_events e where e.device_id = d.id and e.created_at >= $2), '[]') as events
         from devices d where d.id = $1`,
        [id, new Date(since).toISOString()],
      )
    )[0]!;

  // Every write also keeps the device roll-ups (migrations/130_device_rollups.sql): on a busy
  // 2-core machine this took 48 s when the simulator also pruned the template's raw heartbeats.
  it('raises nothing for a device back inside the window, and declares it offline once it stays silent longer', async () => {
    const [device] = await db.query<{ id: number }>(
      `select d.id from devices d join device_types t on t.id = d.device_type_id
       where t.smart_kind = ${DeviceKind.nbIotRodentBox} and d.status = ${DeviceStatus.online} order by d.id limit 1`,
    );
    const id = device!.id;
    const start = Date.now();
    const clock = createManualClock(start);
    const watch = startPeriodicSweep([offlineWatch(db, offlineRule, start)], { everyMs: 60 * SECOND, logger: silent, clock });
    try {
      await recordReport(db, id, { event: 'heartbeat', at: new Date(start) });

      // Silent for 170 s, two sweeps: still online, and coming back raises nothing.
      await clock.advance(170 * SECOND);
      expect(await state(id, start)).toEqual({ status: DeviceStatus.online, events: [] });
      expect(await recordReport(db, id, { event: 'heartbeat', at: new Date(clock.now()) })).toEqual({ events: 0 });

      // 179 s more (sweeps at 180, 240 and 300 s): at most 179 s of silence is inside the window.
      await clock.advance(179 * SECOND);
      expect(await state(id, start)).toEqual({ status: DeviceStatus.online, events: [] });

      // The sweep at 360 s finds 190 s of silence: offline, with an open offline alarm at that moment.
      await clock.advance(12 * SECOND);
      const offline = await state(id, start);
      expect(offline.status).toBe(DeviceStatus.offline);
      expect(offline.events.map((event) => [event.kind, Date.parse(event.at), event.handled])).toEqual([
        [AlarmKind.offline, start + 360 * SECOND, false],
      ]);

      // Back after that: the "online" event, and the offline alarm closes.
      expect(await recordReport(db, id, { event: 'heartbeat', at: new Date(clock.now()) })).toEqual({ events: 1 });
      const back = await state(id, start);
      expect(back.status).toBe(DeviceStatus.online);
      expect(back.events.map((event) => [event.kind, event.handled])).toEqual([
        [AlarmKind.offline, true],
        [AlarmKind.online, true],
      ]);
    } finally {
      await watch.stop();
    }
  }, 90_000);

  it('does not count the time before it started watching as silence', async () => {
    const [device] = await db.query<{ id: number; last: Date }>(
      `select d.id, d.last_communication_at as last from devices d join device_types t on t.id = d.device_type_id
       where t.smart_kind = ${DeviceKind.nbIotRodentBox} and d.status = ${DeviceStatus.online} order by d.id desc limit 1`,
    );
    // Long after the device last reported, as after a weekend with the server stopped.
    const start = new Date(device!.last).getTime() + 2 * 86_400_000;
    const clock = createManualClock(start);
    const watch = startPeriodicSweep([offlineWatch(db, offlineRule, start)], { everyMs: 60 * SECOND, logger: silent, clock });
    try {
      await clock.advance(180 * SECOND);
      expect((await state(device!.id, start)).status).toBe(DeviceStatus.online);
      await clock.advance(60 * SECOND);
      expect((await state(device!.id, start)).status).toBe(DeviceStatus.offline);
    } finally {
      await watch.stop();
    }
  });
});
