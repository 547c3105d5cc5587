import os from 'node:os';
import path from 'node:path';
import { AlarmKind, DeviceKind, DeviceStatus } from '@pest/shared';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock/manual-clock.ts';
import { loadConfig } from '../../config.ts';
import { createBackend } from '../create-backend.ts';
import type { Db } from '../db/db.ts';
import { openSecondPool, openTestDb, testDriver } from '../db/testing.ts';
import { declareSilentDevicesOffline } from './offline-watch.ts';
import { recordReport } from './record-report.ts';

const silent = pino({ level: 'silent' });
const SECOND = 1000;
/** A minute's heartbeat, three missed (OFFLINE_AFTER_MISSED_HEARTBEATS): offline after three minutes of silence. */
const HEARTBEAT_MS = 60 * SECOND;
const rule = { heartbeatIntervalMs: HEARTBEAT_MS, missedHeartbeats: 3 };
/** Years after the test history: whatever this file raises is after it. */
const T0 = Date.parse('2031-03-10T15:50:00Z');

/**
 * Issue 37: the offline rule runs whenever the backend runs, the demo's simulator or not. With
 * SIMULATOR=off nothing invents a report here: the backend alone declares a silent device
 * offline, on its manual clock, a minute's heartbeat standing for the devices' six hours.
 */
describe(`the offline watch with SIMULATOR=off on ${testDriver}`, () => {
  let db: Db;
  let app: FastifyInstance;
  const clock = createManualClock(T0);

  beforeAll(async () => {
    db = await openTestDb();
    const config = loadConfig({
      SIMULATOR: 'off',
      OFFLINE_AFTER_MISSED_HEARTBEATS: String(rule.missedHeartbeats),
      REPORT_RENDER_AHEAD_DAYS: '0',
      REPORT_CACHE_DIR: path.join(os.tmpdir(), `pest-reports-${process.pid}`),
      AUDIT_PACK_DIR: path.join(os.tmpdir(), `pest-audit-packs-${process.pid}`),
    });
    app = await createBackend({ db, logger: silent, config, clock, heartbeatIntervalMs: HEARTBEAT_MS });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const device = async (id: number) =>
    (
      await db.query<{ status: DeviceStatus; alarms: [AlarmKind, number, boolean][] }>(
        `select d.status,
                coalesce((select json_agg(json_build_array(e.kind, (extract(epoch from e.created_at) * 1000)::bigint, e.handled) order by e.id)
                          from device_events e where e.device_id = d.id and e.created_at >= $2), '[]') as alarms
         from devices d where d.id = $1`,
        [id, new Date(T0).toISOString()],
      )
    )[0]!;

  it('declares a device silent past its window offline with an open offline alarm, and not one that reports in time', async () => {
    const [silentBox, reportingBox] = await db.query<{ id: number }>(
      `select d.id from devices d join device_types t on t.id = d.device_type_id
       where t.smart_kind = ${DeviceKind.nbIotRodentBox} and d.status = ${DeviceStatus.online} order by d.id limit 2`,
    );
    // The rest of the fleet is offline already, so the sweeps are about these two (declaring the
    // whole silent fleet at once takes the background writers' share for half a minute).
    await db.query(`update devices set status = ${DeviceStatus.offline} where id <> all($1::int[])`, [[silentBox!.id, reportingBox!.id]]);
    for (const box of [silentBox!, reportingBox!]) await recordReport(db, box.id, { event: 'heartbeat', at: new Date(T0 + 10 * SECOND) });

    await clock.advance(120 * SECOND);
    await recordReport(db, reportingBox!.id, { event: 'heartbeat', at: new Date(clock.now()) });
    // The sweep at 240 s: one box silent for 230 s (more than three heartbeats), the other for 110 s.
    await clock.advance(130 * SECOND);
    expect(await device(silentBox!.id)).toEqual({ status: DeviceStatus.offline, alarms: [[AlarmKind.offline, T0 + 240 * SECOND, false]] });
    expect(await device(reportingBox!.id)).toEqual({ status: DeviceStatus.online, alarms: [] });
  });
});

describe(`the offline watch on two instances of one database (${testDriver})`, () => {
  let db: Db;
  let second: Db | null;

  beforeAll(async () => {
    db = await openTestDb();
    second = await openSecondPool(db);
  });
  afterAll(async () => {
    await second?.close();
    await db?.close();
  });

  it('declares each silent device once when both sweep at the same moment', async () => {
    const now = Date.now() + 86_400_000;
    const watchingSince = now - 4 * HEARTBEAT_MS;
    const [declaredHere, declaredThere] = await Promise.all([
      declareSilentDevicesOffline(db, now, watchingSince, rule),
      declareSilentDevicesOffline(second ?? db, now, watchingSince, rule),
    ]);
    expect(declaredHere.length + declaredThere.length).toBeGreaterThan(0);
    const twice = await db.query<{ deviceId: number; n: number }>(
      `select device_id as "deviceId", count(*)::int as n from device_events
       where kind = ${AlarmKind.offline} and created_at = $1 group by device_id having count(*) > 1`,
      [new Date(now).toISOString()],
    );
    expect(twice).toEqual([]);
  });
});
