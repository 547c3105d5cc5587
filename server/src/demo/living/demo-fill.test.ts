import { setTimeout as pause } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { DemoFillPaths, DevicePaths, JobOrderPaths, SessionPaths } from '@pest/shared';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config.ts';
import { createBackend } from '../../backend/create-backend.ts';
import type { Db } from '../../backend/db/db.ts';
import { migrate } from '../../backend/db/migrate.ts';
import { seed } from '../seed/index.ts';
import { SERVICE_ROLLUP_TABLES } from '../seed/job-orders.ts';
import { DEMO_PASSWORD } from '../seed/users.ts';
import { openEmptyTestDb, openTestDb, TEST_DEMO_ANCHOR, testDriver } from '../../backend/db/testing.ts';
import { demoWorld } from '../index.ts';

const silent = pino({ level: 'silent' });

/** The heartbeat history as rows and roll-ups, to compare a background fill with the seed's own. */
const heartbeatHistory = async (db: Db) =>
  (
    await db.query(
      `select (select count(*) from device_heartbeats)::int as heartbeats,
              (select md5(string_agg(concat_ws(',', device_id, at, battery, temperature, signal), ';' order by device_id, at)) from device_heartbeats) as raw,
              (select md5(string_agg(concat_ws(',', device_id, month, heartbeats), ';' order by device_id, month)) from device_daily) as daily,
              (select md5(string_agg(t::text, ';' order by t::text)) from heartbeat_daily t) as "dailyRollup",
              (select md5(string_agg(t::text, ';' order by t::text)) from heartbeat_hourly t) as "hourlyRollup",
              (select md5(string_agg(concat_ws(',', id, status, last_communication_at, temperature, signal, remaining_power, has_unhandled_alarm), ';' order by id))
               from devices) as devices`,
    )
  )[0]!;

/** The device alarms, ids and all, and what the alarm counts and statistics make of them. */
const ALARM_TABLES = ['device_events', 'alarm_counts', 'alarm_statistic_waits', 'store_device_counts'];
const deviceAlarms = async (db: Db) =>
  (
    await db.query<Record<string, string>>(
      `select (select count(*) from device_events)::int as alarms, (select max(id) from device_events) as "lastId",
              ${ALARM_TABLES.map((table) => `(select md5(string_agg(t::text, ';' order by t::text)) from ${table} t) as ${table}`).join(', ')}`,
    )
  )[0]!;

/** The visits' sheets and what the service figures make of them, to compare the same way. */
const SHEET_TABLES = ['point_checks', 'point_check_values', 'job_order_materials', ...SERVICE_ROLLUP_TABLES];
const visitSheets = async (db: Db) =>
  (
    await db.query<Record<string, string>>(
      `select (select count(*) from point_checks)::int as checks,
              ${SHEET_TABLES.map((table) => `(select md5(string_agg(t::text, ';' order by t::text)) from ${table} t) as ${table}`).join(', ')}`,
    )
  )[0]!;

/**
 * A first start answers once the first screens have their data: the older visits' sheets and the
 * devices' heartbeat history are filled in afterwards, and the result is what the seed makes in one go.
 */
describe(`a new demo on ${testDriver}, before and after its background fill`, () => {
  let db: Db;
  let app: FastifyInstance;
  let url: string;
  let release!: () => void;
  const banner: string[] = [];

  beforeAll(async () => {
    db = await openEmptyTestDb();
    await migrate(db, silent);
    await seed(db, { scale: 'small', logger: silent, anchor: TEST_DEMO_ANCHOR, fill: 'later' });
    const config = loadConfig({ SIMULATOR: 'off', REPORT_RENDER_AHEAD_DAYS: '0' });
    app = await createBackend({ db, logger: silent, config, onBanner: (line) => banner.push(line), demoWorld, demoFillAfter: new Promise((resolve) => (release = resolve)) });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
  }, 180_000);
  afterAll(async () => {
    release?.();
    await app?.close();
    await db?.close();
  });

  const call = async <T>(path: string, body?: object, token?: string) => {
    const response = await fetch(url + path, {
      method: body ? 'POST' : 'GET',
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await response.json()) as { status: number; data: T };
  };
  let token = '';
  const filling = async () => (await call<{ filling: string[] }>(DemoFillPaths.status, undefined, token)).data.filling;

  it('answers with the first screens\' data while it says what it is still filling in', async () => {
    expect(banner.join('\n')).toContain(
      'still filling in the device alarms handled more than 31 days ago and the sheets of the visits older than 31 days (point checks and materials) and the device heartbeat history',
    );
    // Like every /api call but the login and device ingress, the status needs a session.
    expect((await call(DemoFillPaths.status)).status).toBe(401);

    const login = await call<{ token: string }>(SessionPaths.login, { account: 'admin', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    token = login.data.token;
    expect(await filling()).toEqual(['deviceAlarms', 'visitSheets', 'heartbeatHistory']);
    // 服务报告, the screen after the login, and the navbar bell's alarms.
    const visits = await call<{ total: number }>(JobOrderPaths.list, { current: 1, size: 20 }, login.data.token);
    expect(visits.data.total).toBeGreaterThan(100);
    const alarms = await call<{ total: number }>(DevicePaths.alarmList, { current: 1, size: 10, alarmOnly: true, states: ['open'] }, login.data.token);
    expect(alarms.data.total).toBeGreaterThan(0);
    expect((await heartbeatHistory(db)).heartbeats).toBe(0);
    // The last month's visits have their sheets; the year before waits.
    const [sheets] = await db.query<{ recent: number; older: number }>(
      `select count(*) filter (where j.started_at >= $1::timestamptz - interval '31 days')::int as recent,
              count(*) filter (where j.started_at < $1::timestamptz - interval '31 days')::int as older
       from point_checks c join job_orders j on j.id = c.job_order_id`,
      [TEST_DEMO_ANCHOR],
    );
    expect(sheets!.recent).toBeGreaterThan(0);
    expect(sheets!.older).toBe(0);
    // Open alarms of any age and the last month's handled ones are in; the older handled ones wait.
    const [alarmRows] = await db.query<{ open: number; recent: number; older: number }>(
      `select count(*) filter (where state <> 'handled')::int as open,
              count(*) filter (where state = 'handled' and created_at >= $1::timestamptz - interval '31 days')::int as recent,
              count(*) filter (where state = 'handled' and created_at < $1::timestamptz - interval '31 days')::int as older
       from device_events`,
      [TEST_DEMO_ANCHOR],
    );
    expect(alarmRows!.open).toBeGreaterThan(0);
    expect(alarmRows!.recent).toBeGreaterThan(0);
    expect(alarmRows!.older).toBe(0);
  });

  it('then fills in the alarms, the sheets and the heartbeat history the seed makes in one go, and says it is complete', { timeout: 180_000 }, async () => {
    release();
    // As a harness sees the fill end: its status, asked again until it is empty.
    while ((await filling()).length > 0) await pause(100);
    const template = await openTestDb();
    try {
      const expected = await heartbeatHistory(template);
      expect(expected.heartbeats).toBeGreaterThan(0);
      expect(await heartbeatHistory(db)).toEqual(expected);
      const alarms = await deviceAlarms(template);
      expect(Number(alarms.alarms)).toBeGreaterThan(1000);
      expect(await deviceAlarms(db)).toEqual(alarms);
      const sheets = await visitSheets(template);
      expect(Number(sheets.checks)).toBeGreaterThan(0);
      expect(await visitSheets(db)).toEqual(sheets);
    } finally {
      await template.close();
    }
  });
});
