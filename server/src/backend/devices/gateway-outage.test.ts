import { AlarmKind, AlarmPaths, CHINA_UTC_OFFSET_MS, DeviceKind, DevicePaths, DeviceStatus, type AlarmRecord, type AlarmStatistics, type AlarmTrend } from '@pest/shared';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '../../clock/manual-clock.ts';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';
import { recordOffline, recordReport } from './record-report.ts';
import { startPeriodicSweep, type PeriodicSweep } from '../common/periodic-sweep.ts';
import { offlineWatch } from './offline-watch.ts';

const silent = pino({ level: 'silent' });
const SECOND = 1000;
/** A minute's heartbeat, three missed: offline after three minutes of silence. */
const offlineRule = { heartbeatIntervalMs: 60 * SECOND, missedHeartbeats: 3 };
/** A Beijing morning in the future: whatever this file raises is all that day holds. */
const T0 = Date.parse('2031-03-10T02:00:00Z');
const DAY = new Date(T0 + CHINA_UTC_OFFSET_MS).toISOString().slice(0, 10);
const DEMO_ORGANISATION_ID = 1;

type Headers = Record<string, string>;
type Page = { total: number; records: AlarmRecord[] };

interface Row {
  id: number;
  deviceId: number;
  kind: number;
  state: string;
  severity: string | null;
  gatewayAlarmId: number | null;
  ackBy: number | null;
  ackAt: string | null;
  handledBy: number | null;
  handledAt: string | null;
  note: string | null;
}

/**
 * A LoRa gateway's outage on the manual clock, through the offline watch (a sweep a minute, as the
 * backend runs it) and the report path, read back through the API: one alarm for the
 * incident, its boxes linked to it.
 */
describe(`gateway blast radius on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: Headers;
  let manager: Headers;
  let clock: ManualClock;
  let watch: PeriodicSweep;
  let gatewayId: number;
  let boxIds: number[];
  let gatewayAlarmId: number;

  const post = async <T>(url: string, headers: Headers, payload: object) => {
    const response = await backend.app.inject({ method: 'POST', url, headers, payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: T }>().data;
  };
  const list = (headers: Headers, filters: object) => post<Page>(DevicePaths.alarmList, headers, { current: 1, size: 500, ...filters });
  const rows = (where: string, params: unknown[]) =>
    backend.db.query<Row>(
      `select id, device_id as "deviceId", kind, state, severity, gateway_alarm_id as "gatewayAlarmId", ack_by as "ackBy",
              ack_at::text as "ackAt", handled_by as "handledBy", handled_at::text as "handledAt", note
       from device_events where ${where} order by device_id, id`,
      params,
    );
  const devices = (ids: number[]) =>
    backend.db.query<{ id: number; status: DeviceStatus; flag: boolean }>(
      `select id, status, has_unhandled_alarm as flag from devices where id = any($1::int[]) order by id`,
      [ids],
    );
  const report = (id: number) => recordReport(backend.db, id, { event: 'heartbeat', at: new Date(clock.now()) });

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
    // The gateway outside the manager's organisation with the most boxes: the scope check needs an admin-only alarm.
    const [gateway] = await backend.db.query<{ id: number }>(
      `select g.id from devices g
       join device_types t on t.id = g.device_type_id
       join customers s on s.id = g.customer_id
       where t.smart_kind = ${DeviceKind.loraGateway} and s.path[1] <> $1
       order by (select count(*) from devices b where b.gateway_id = g.id) desc, g.id limit 1`,
      [DEMO_ORGANISATION_ID],
    );
    gatewayId = gateway!.id;
    boxIds = (await backend.db.query<{ id: number }>(`select id from devices where gateway_id = $1 order by id`, [gatewayId])).map((row) => row.id);
    expect(boxIds.length).toBeGreaterThanOrEqual(5);

    // Everything reported at T0 and nothing waits; the rest of the fleet reported later, so the watch sees only these.
    const ours = [gatewayId, ...boxIds];
    await backend.db.query(`update devices set last_communication_at = $2 where not (id = any($1::int[]))`, [ours, new Date(T0 + 86_400_000).toISOString()]);
    await backend.db.query(
      `update device_events set state = 'handled', handled = true, handled_at = $2, ack_at = coalesce(ack_at, $2)
       where device_id = any($1::int[]) and state <> 'handled'`,
      [ours, new Date(T0).toISOString()],
    );
    await backend.db.query(
      `update devices set status = ${DeviceStatus.online}, has_unhandled_alarm = false, last_communication_at = $2 where id = any($1::int[])`,
      [ours, new Date(T0).toISOString()],
    );
    // One box last heard half a heartbeat before its gateway: its next report was due after the gateway's last.
    await backend.db.query(`update devices set last_communication_at = $2 where id = $1`, [boxIds[0], new Date(T0 - 30 * SECOND).toISOString()]);

    // Watching from a minute before T0, so the box's silence before T0 counts.
    clock = createManualClock(T0 - 60 * SECOND);
    watch = startPeriodicSweep([offlineWatch(backend.db, offlineRule, clock.now())], { everyMs: 60 * SECOND, logger: silent, clock });
  });
  afterAll(async () => {
    await watch?.stop();
    await backend?.close();
  });

  it('raises one critical alarm for the gateway, naming its boxes, and links them to it instead of alarming each', async () => {
    // The box heard 30 s before the gateway crosses its window first, but waits for its gateway's verdict.
    // Sweeps every minute: at 180 s the box has been silent 210 s, the gateway 180 s, inside its window.
    await clock.advance(245 * SECOND);
    expect((await rows('device_id = any($1::int[]) and created_at >= $2', [[gatewayId, ...boxIds], new Date(T0).toISOString()])).length).toBe(0);
    await clock.advance(60 * SECOND);

    const alarms = await list(admin, { alarmOnly: true, startDate: DAY, endDate: DAY });
    expect(alarms.records.map((record) => [record.boxId, record.type, record.severity, record.state, record.content, record.linkedCount])).toEqual([
      [gatewayId, AlarmKind.offline, 'critical', 'open', `网关离线，${boxIds.length} 台设备随之失联`, boxIds.length],
    ]);
    expect(alarms.total).toBe(1);
    gatewayAlarmId = alarms.records[0]!.id;

    const linked = await list(admin, { alarmOnly: true, gatewayAlarmId });
    expect(linked.records.map((record) => record.boxId).sort((a, b) => a - b)).toEqual(boxIds);
    expect(linked.records.every((record) => record.gatewayAlarmId === gatewayAlarmId && record.state === 'open' && record.type === AlarmKind.offline)).toBe(true);
    // Nor in a list of every event, but a box's own event history still shows why it went quiet.
    expect((await list(admin, { startDate: DAY, endDate: DAY })).total).toBe(1);
    const history = await list(admin, { boxId: boxIds[1] });
    expect(history.records[0]).toMatchObject({ gatewayAlarmId, type: AlarmKind.offline });

    const statistics = await post<AlarmStatistics>(AlarmPaths.statistics, admin, { startDate: DAY, endDate: DAY });
    expect(statistics.openBySeverity).toEqual({ critical: 1, major: 0, minor: 0 });
    const trend = await post<AlarmTrend>(DevicePaths.alarmTrend, admin, { startDate: DAY, endDate: DAY });
    expect(trend.alarmCountList).toEqual([1]);
    const boxTrend = await post<AlarmTrend>(DevicePaths.alarmTrend, admin, { boxId: boxIds[1], startDate: DAY, endDate: DAY });
    expect(boxTrend.alarmCountList).toEqual([0]);

    // Offline, all of them; only the gateway has an alarm waiting.
    expect(await devices([gatewayId, ...boxIds])).toEqual(
      [gatewayId, ...boxIds].sort((a, b) => a - b).map((id) => ({ id, status: DeviceStatus.offline, flag: id === gatewayId })),
    );
  });

  it('leaves linked rows alone when asked directly, and outside the caller\'s scope changes nothing', async () => {
    const [box] = await rows('gateway_alarm_id = $1', [gatewayAlarmId]);
    expect(await post(AlarmPaths.acknowledge, admin, { ids: [box!.id] })).toEqual({ changed: 0 });
    expect(await post(AlarmPaths.handle, admin, { ids: [box!.id], note: '直接处理' })).toEqual({ changed: 0 });
    const before = await rows('id = $1 or gateway_alarm_id = $1', [gatewayAlarmId]);
    expect(await post(AlarmPaths.acknowledge, manager, { ids: [gatewayAlarmId] })).toEqual({ changed: 0 });
    expect(await rows('id = $1 or gateway_alarm_id = $1', [gatewayAlarmId])).toEqual(before);
    expect(before.every((row) => row.state === 'open')).toBe(true);
  });

  it('acknowledges and handles the linked rows with the gateway alarm, counting only the alarm asked for', async () => {
    expect(await post(AlarmPaths.acknowledge, admin, { ids: [gatewayAlarmId] })).toEqual({ changed: 1 });
    const [gateway, ...linked] = await rows('id = $1 or gateway_alarm_id = $1', [gatewayAlarmId]).then((all) =>
      all.sort((a, b) => Number(a.gatewayAlarmId !== null) - Number(b.gatewayAlarmId !== null)),
    );
    expect(gateway).toMatchObject({ id: gatewayAlarmId, state: 'acknowledged' });
    expect(gateway!.ackBy).not.toBeNull();
    expect(linked).toHaveLength(boxIds.length);
    for (const row of linked) expect(row).toMatchObject({ state: 'acknowledged', ackBy: gateway!.ackBy, ackAt: gateway!.ackAt });

    expect(await post(AlarmPaths.handle, admin, { ids: [gatewayAlarmId], note: '网关已重启' })).toEqual({ changed: 1 });
    expect(await post(AlarmPaths.handle, admin, { ids: [gatewayAlarmId], note: '网关已重启' })).toEqual({ changed: 0 });
    const handled = await rows('gateway_alarm_id = $1', [gatewayAlarmId]);
    const [after] = await rows('id = $1', [gatewayAlarmId]);
    expect(after).toMatchObject({ state: 'handled', note: '网关已重启' });
    for (const row of handled) {
      expect(row).toMatchObject({ state: 'handled', handledBy: after!.handledBy, handledAt: after!.handledAt, note: `随网关告警 #${gatewayAlarmId} 处理` });
    }
    expect((await list(admin, { alarmOnly: true, startDate: DAY, endDate: DAY, states: ['open', 'acknowledged'] })).total).toBe(0);
  });

  it('closes the next outage and its linked rows when the gateway returns; a box still silent then gets its own alarm after the window', async () => {
    // The gateway and its boxes report again, then the gateway goes down a second time.
    await report(gatewayId);
    for (const id of boxIds) await report(id);
    const downFrom = clock.now();
    await clock.advance(240 * SECOND);
    const [second] = await rows(`device_id = $1 and kind = ${AlarmKind.offline} and state = 'open'`, [gatewayId]);
    expect(second).toBeDefined();
    expect(await rows('gateway_alarm_id = $1', [second!.id])).toHaveLength(boxIds.length);

    // Back: the system closes the gateway's alarm and its linked rows.
    await report(gatewayId);
    const returned = clock.now();
    const closed = await rows('id = $1 or gateway_alarm_id = $1', [second!.id]);
    expect(closed.every((row) => row.state === 'handled' && row.handledBy === null)).toBe(true);
    expect(await devices(boxIds)).toEqual(boxIds.map((id) => ({ id, status: DeviceStatus.online, flag: false })));

    // All but the last box report; the gateway keeps reporting each minute.
    const quiet = boxIds.at(-1)!;
    for (const id of boxIds.slice(0, -1)) await report(id);
    for (let minute = 1; minute <= 4; minute++) {
      await clock.advance(60 * SECOND);
      await report(gatewayId);
      for (const id of boxIds.slice(0, -1)) await report(id);
      const own = await rows(`device_id = $1 and kind = ${AlarmKind.offline} and gateway_alarm_id is null and created_at > $2`, [quiet, new Date(downFrom).toISOString()]);
      // Silent since the gateway came back, not since its last report before the outage.
      const due = clock.now() - returned > 180 * SECOND;
      expect({ minute, alarms: own.map((row) => [row.state, row.severity]) }).toEqual({ minute, alarms: due ? [['open', 'major']] : [] });
    }
    expect(await devices([quiet])).toEqual([{ id: quiet, status: DeviceStatus.offline, flag: true }]);
    const others = await devices(boxIds.slice(0, -1));
    expect(others.every((device) => device.status === DeviceStatus.online && !device.flag)).toBe(true);
  });

  it('links a box whose own offline alarm was raised a sweep before its gateway\'s', async () => {
    await watch.stop();
    const at = clock.now();
    // Everyone back and heard at `at`; the box crosses its window (by itself) a minute before the gateway.
    const box = boxIds[1]!;
    await report(gatewayId);
    for (const id of boxIds) await report(id);
    await recordOffline(backend.db, box, new Date(at + 180 * SECOND), offlineRule);
    const [own] = await rows(`device_id = $1 and kind = ${AlarmKind.offline} and state = 'open'`, [box]);
    expect(own).toMatchObject({ gatewayAlarmId: null, severity: 'major' });
    expect((await devices([box]))[0]!.flag).toBe(true);

    await recordOffline(backend.db, gatewayId, new Date(at + 240 * SECOND), offlineRule);
    const [gateway] = await rows(`device_id = $1 and kind = ${AlarmKind.offline} and state = 'open'`, [gatewayId]);
    expect((await rows('id = $1', [own!.id]))[0]).toMatchObject({ gatewayAlarmId: gateway!.id, state: 'open' });
    expect((await devices([box]))[0]!.flag).toBe(false);
    const [listed] = (await list(admin, { alarmOnly: true, boxId: gatewayId, states: ['open'] })).records;
    expect(listed).toMatchObject({ id: gateway!.id, linkedCount: boxIds.length });
    expect((await list(admin, { alarmOnly: true, boxId: box, states: ['open'] })).total).toBe(0);
  });
});

describe(`the seeded history's gateway outages on ${testDriver}`, () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await createTestBackend();
  });
  afterAll(() => backend?.close());

  it('links the boxes of every gateway outage to its alarm, and no box has an offline alarm of its own during one', async () => {
    const [counts] = await backend.db.query<{ gatewayAlarms: number; linked: number; mismatched: number; misnamed: number }>(
      `select (select count(*)::int from device_events g join devices d on d.id = g.device_id join device_types t on t.id = d.device_type_id
               where t.smart_kind = ${DeviceKind.loraGateway} and g.kind = ${AlarmKind.offline}) as "gatewayAlarms",
              (select count(*)::int from device_events where gateway_alarm_id is not null) as linked,
              -- A linked row is a box of that gateway, at the same moment, in the same state.
              (select count(*)::int from device_events l join device_events g on g.id = l.gateway_alarm_id join devices b on b.id = l.device_id
               where l.kind <> ${AlarmKind.offline} or b.gateway_id <> g.device_id or l.created_at <> g.created_at
                  or l.state <> g.state or l.handled_at is distinct from g.handled_at) as mismatched,
              (select count(*)::int from device_events g
               where g.kind = ${AlarmKind.offline} and exists (select 1 from device_events l where l.gateway_alarm_id = g.id)
                 and g.content <> '网关离线，' || (select count(*) from device_events l where l.gateway_alarm_id = g.id) || ' 台设备随之失联') as misnamed`,
    );
    expect(counts!.gatewayAlarms).toBeGreaterThan(0);
    expect(counts!.linked).toBeGreaterThan(counts!.gatewayAlarms);
    expect(counts).toMatchObject({ mismatched: 0, misnamed: 0 });

    const [own] = await backend.db.query<{ n: number }>(
      `select count(*)::int as n
       from device_events g
       join devices b on b.gateway_id = g.device_id
       join device_events e on e.device_id = b.id and e.kind = ${AlarmKind.offline} and e.gateway_alarm_id is null
       where g.kind = ${AlarmKind.offline} and g.gateway_alarm_id is null
         and exists (select 1 from device_events l where l.gateway_alarm_id = g.id)
         and e.created_at between g.created_at and coalesce(g.handled_at, now())`,
    );
    expect(own!.n).toBe(0);
    // Nor does a linked box count as having an alarm waiting.
    const [flags] = await backend.db.query<{ n: number }>(
      `select count(*)::int as n from devices d
       where d.has_unhandled_alarm <> exists (select 1 from device_events e where e.device_id = d.id and not e.handled
                                              and e.kind <> ${AlarmKind.online} and e.gateway_alarm_id is null)`,
    );
    expect(flags!.n).toBe(0);
  });
});
