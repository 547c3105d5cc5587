import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AlarmKind,
  AlarmPaths,
  CHINA_TIME_ZONE,
  DeviceMessages,
  DevicePaths,
  DeviceStatus,
  FAULT_CAUSES,
  type AlarmRecord,
  type AlarmRecordListBody,
  type AlarmStatistics,
  type AlarmTrend,
  type DeviceRow,
} from '@pest/shared';
import { TEST_DEMO_ANCHOR, testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

const DEMO_ORGANISATION_ID = 1;
type Headers = Record<string, string>;

/** Beijing calendar days counted back from the day the test history ends, oldest first. */
function lastDays(count: number): string[] {
  const today = new Date(TEST_DEMO_ANCHOR.getTime() + 8 * 3600_000);
  return Array.from({ length: count }, (_, i) => new Date(today.getTime() - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

describe(`alarm records and trend on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: Headers;
  let manager: Headers;
  let busyDevice: number;
  const week = lastDays(7);

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
    [{ id: busyDevice }] = (await backend.db.query<{ id: number }>(
      `select device_id as id from device_events e join customers s on s.id = e.customer_id where s.path[1] = $1
       group by device_id order by count(*) desc, device_id limit 1`,
      [DEMO_ORGANISATION_ID],
    )) as [{ id: number }];
  });
  afterAll(() => backend?.close());

  const post = async <T>(url: string, headers: Headers, payload: object) => {
    const response = await backend.app.inject({ method: 'POST', url, headers, payload });
    return { statusCode: response.statusCode, body: response.json<{ status: number; message: string; data: T }>() };
  };
  const count = async (sql: string, params: unknown[]) => (await backend.db.query<{ n: number }>(sql, params))[0]!.n;
  const LOCAL_DAY = `(e.created_at at time zone '${CHINA_TIME_ZONE}')::date`;

  describe('list', () => {
    it('has as many records for a date range as the raw rows, newest first', async () => {
      const [startDate, endDate] = [lastDays(30)[0]!, week[6]!];
      const { body } = await post<{ total: number; records: AlarmRecord[] }>(DevicePaths.alarmList, manager, {
        current: 1,
        size: 500,
        startDate,
        endDate,
      });
      const expected = await count(
        `select count(*)::int as n from device_events e join customers s on s.id = e.customer_id
         where s.path[1] = $1 and ${LOCAL_DAY} between $2::date and $3::date and e.gateway_alarm_id is null`,
        [DEMO_ORGANISATION_ID, startDate, endDate],
      );
      expect(expected).toBeGreaterThan(0);
      expect(body.data.total).toBe(expected);
      const times = body.data.records.map((record) => record.createTime);
      expect(times).toEqual([...times].sort().reverse());
      for (const record of body.data.records) expect(record.createTime.slice(0, 10) >= startDate && record.createTime.slice(0, 10) <= endDate).toBe(true);
    });

    it('narrows to one device, to handled or open ones, and to alarms only', async () => {
      const device = await post<{ total: number; records: AlarmRecord[] }>(DevicePaths.alarmList, manager, { current: 1, size: 10, boxId: busyDevice });
      expect(device.body.data.total).toBe(await count('select count(*)::int as n from device_events where device_id = $1', [busyDevice]));
      expect(device.body.data.records).toHaveLength(Math.min(10, device.body.data.total));
      expect(new Set(device.body.data.records.map((record) => record.boxId))).toEqual(new Set([busyDevice]));

      const open = await post<{ total: number }>(DevicePaths.alarmList, admin, { current: 1, size: 1, handled: false, alarmOnly: true });
      expect(open.body.data.total).toBe(await count('select count(*)::int as n from device_events where not handled and kind <> 6 and gateway_alarm_id is null', []));
    });

    it('shows another customer nothing', async () => {
      const [other] = await backend.db.query<{ id: number }>(
        `select d.id from devices d join customers s on s.id = d.customer_id where s.path[1] <> $1 order by d.id limit 1`,
        [DEMO_ORGANISATION_ID],
      );
      const { body } = await post<{ total: number }>(DevicePaths.alarmList, manager, { current: 1, size: 10, boxId: other!.id });
      expect(body.data.total).toBe(0);
      const trend = await post<AlarmTrend>(DevicePaths.alarmTrend, manager, { boxId: other!.id, startDate: week[0], endDate: week[6] });
      expect(trend.body.data.onlineCountList.every((n) => n === 0)).toBe(true);
    });

    it('refuses a reversed range', async () => {
      const { statusCode, body } = await post(DevicePaths.alarmList, manager, { current: 1, size: 10, startDate: week[6], endDate: week[0] });
      expect(statusCode).toBe(400);
      expect(body.message).toBe(DeviceMessages.dateRangeReversed);
    });
  });

  describe('trend', () => {
    it('counts heartbeats and each kind of record per day as the raw rows do, empty days included', async () => {
      const { body } = await post<AlarmTrend>(DevicePaths.alarmTrend, manager, { startDate: week[0], endDate: week[6] });
      const trend = body.data;
      expect(trend.dateList).toEqual(week);
      const heartbeats = await backend.db.query<{ day: string; n: number }>(
        `select (h.at at time zone '${CHINA_TIME_ZONE}')::date::text as day, count(*)::int as n
         from device_heartbeats h join devices d on d.id = h.device_id join customers s on s.id = d.customer_id
         where s.path[1] = $1 group by 1`,
        [DEMO_ORGANISATION_ID],
      );
      const byDay = new Map(heartbeats.map((row) => [row.day, row.n]));
      expect(trend.onlineCountList).toEqual(week.map((day) => byDay.get(day) ?? 0));
      expect(trend.onlineCountList.some((n) => n > 0)).toBe(true);

      const events = await backend.db.query<{ day: string; kind: number; n: number }>(
        `select ${LOCAL_DAY}::text as day, e.kind, count(*)::int as n from device_events e join customers s on s.id = e.customer_id
         where s.path[1] = $1 and e.gateway_alarm_id is null group by 1, 2`,
        [DEMO_ORGANISATION_ID],
      );
      const kinds = (day: string, wanted: number[]) =>
        events.filter((row) => row.day === day && wanted.includes(row.kind)).reduce((sum, row) => sum + row.n, 0);
      expect(trend.highTemperatureCountList).toEqual(week.map((day) => kinds(day, [2])));
      expect(trend.electricityTrendCountList).toEqual(week.map((day) => kinds(day, [3])));
      expect(trend.maintainCountList).toEqual(week.map((day) => kinds(day, [4])));
      expect(trend.triggerCountList).toEqual(week.map((day) => kinds(day, [5])));
      expect(trend.alarmCountList).toEqual(week.map((day) => kinds(day, [1, 2, 3, 4, 5, 7])));
      expect(trend.alarmCountList.some((n) => n > 0)).toBe(true);
    });

    it('counts one device by hour from its raw heartbeats', async () => {
      const day = week[5]!;
      const { body } = await post<AlarmTrend>(DevicePaths.alarmTrend, manager, { boxId: busyDevice, startDate: day, endDate: day, granularity: 'hour' });
      expect(body.data.dateList).toHaveLength(24);
      expect(body.data.dateList[0]).toBe(`${day} 00:00`);
      const rows = await backend.db.query<{ hour: number; n: number }>(
        `select extract(hour from at at time zone '${CHINA_TIME_ZONE}')::int as hour, count(*)::int as n
         from device_heartbeats where device_id = $1 and (at at time zone '${CHINA_TIME_ZONE}')::date = $2::date group by 1`,
        [busyDevice, day],
      );
      const byHour = new Map(rows.map((row) => [row.hour, row.n]));
      expect(body.data.onlineCountList).toEqual(Array.from({ length: 24 }, (_, hour) => byHour.get(hour) ?? 0));
      expect(body.data.onlineCountList.reduce((a, b) => a + b, 0)).toBe(
        await count(`select count(*)::int as n from device_heartbeats where device_id = $1 and (at at time zone '${CHINA_TIME_ZONE}')::date = $2::date`, [busyDevice, day]),
      );
    });

    it('covers a whole year by day from the daily counts', async () => {
      const year = lastDays(366);
      const { body } = await post<AlarmTrend>(DevicePaths.alarmTrend, admin, { startDate: year[0], endDate: year[365] });
      expect(body.data.dateList).toHaveLength(366);
      // Every day of the generated year saw heartbeats; the day before it none.
      expect(body.data.onlineCountList.slice(1).every((n) => n > 0)).toBe(true);
      expect(body.data.onlineCountList[0]).toBe(0);
    });

    it('refuses ranges that are too long or reversed', async () => {
      const cases = [
        [{ startDate: '2025-01-01', endDate: '2026-06-01' }, DeviceMessages.trendRangeTooLong],
        [{ startDate: week[0], endDate: week[6], granularity: 'hour', boxId: busyDevice }, null],
        [{ startDate: lastDays(8)[0], endDate: week[6], granularity: 'hour' }, DeviceMessages.hourlyTrendRangeTooLong],
        [{ startDate: week[6], endDate: week[0] }, DeviceMessages.dateRangeReversed],
        [{ startDate: '2026-02-30', endDate: '2026-03-01' }, DeviceMessages.badDate],
      ] as const;
      for (const [payload, message] of cases) {
        const { statusCode, body } = await post(DevicePaths.alarmTrend, manager, payload);
        if (message === null) expect(statusCode).toBe(200);
        else {
          expect(statusCode).toBe(400);
          expect(body.message).toContain(message);
        }
      }
    });
  });

  describe('issue #35: faults, contents in the reader\'s language, statistics equal to the tabs', () => {
    it('lists exactly the devices in fault under status 故障, each with an open major fault alarm saying why', async () => {
      const faulty = await backend.db.query<{ id: number }>(`select id from devices where status = ${DeviceStatus.fault} order by id`);
      expect(faulty.length).toBeGreaterThan(0);
      const { body } = await post<{ total: number; records: DeviceRow[] }>(DevicePaths.list, admin, { current: 1, size: 500, filters: { status: DeviceStatus.fault } });
      expect(body.data.records.map((row) => row.id).sort((a, b) => a - b)).toEqual(faulty.map((row) => row.id));
      for (const device of body.data.records) {
        const alarms = await post<{ records: AlarmRecord[] }>(DevicePaths.alarmList, admin, { current: 1, size: 10, boxId: device.id, alarmOnly: true, types: [AlarmKind.fault] });
        const open = alarms.body.data.records.filter((alarm) => alarm.state !== 'handled');
        expect(open, `device ${device.id}`).toHaveLength(1);
        expect(open[0]).toMatchObject({ severity: 'major', contentKey: 'fault' });
        expect(FAULT_CAUSES).toContain(open[0]!.contentParams.cause);
        expect(open[0]!.content).toMatch(/^设备故障：\S+$/);
        expect(device.hasUnHandleAlarm).toBe(true);
      }
      // Handled, the fault is repaired: the device leaves 故障, so no device is in fault without its alarm.
      const [repaired] = body.data.records;
      const [fault] = (await post<{ records: AlarmRecord[] }>(DevicePaths.alarmList, admin, { current: 1, size: 1, boxId: repaired!.id, types: [AlarmKind.fault] })).body.data.records;
      expect((await post<{ changed: number }>(AlarmPaths.handle, admin, { ids: [fault!.id], note: '已更换感应器' })).body.data.changed).toBe(1);
      const [after] = await backend.db.query<{ status: number }>('select status from devices where id = $1', [repaired!.id]);
      expect(after!.status).toBe(DeviceStatus.online);
    });

    it('writes contents in English with Accept-Language: en and in Chinese by default, from the same key', async () => {
      const page = { current: 1, size: 200, boxId: busyDevice };
      const chinese = await post<{ records: AlarmRecord[] }>(DevicePaths.alarmList, manager, page);
      const english = await post<{ records: AlarmRecord[] }>(DevicePaths.alarmList, { ...manager, 'accept-language': 'en-US,en;q=0.9,zh;q=0.5' }, page);
      const fault = await post<{ records: AlarmRecord[] }>(DevicePaths.alarmList, { ...admin, 'accept-language': 'en' }, { current: 1, size: 5, alarmOnly: true, types: [AlarmKind.fault] });
      const rows = [...english.body.data.records, ...fault.body.data.records];
      expect(new Set(rows.map((row) => row.contentKey)).size).toBeGreaterThan(1);
      // A gateway's name is as people typed it; the rest is English.
      for (const row of rows) expect(row.content.replace(String(row.contentParams.gateway ?? ''), ''), row.contentKey).toMatch(/^[\x20-\x7e℃]+$/);
      expect(fault.body.data.records[0]!.content).toMatch(/^Device fault: /);
      const stored = await backend.db.query<{ id: number; content: string }>('select id, content from device_events where device_id = $1', [busyDevice]);
      const storedById = new Map(stored.map((row) => [row.id, row.content]));
      for (const row of chinese.body.data.records) expect(row.content).toBe(storedById.get(row.id));
      expect(chinese.body.data.records.map((row) => row.contentKey)).toEqual(english.body.data.records.map((row) => row.contentKey));
    });

    it('counts in the statistics what the tabs count, under the same filters', async () => {
      const [store] = await backend.db.query<{ id: number }>(
        `select customer_id as id from device_events where kind <> 6 group by 1 order by count(*) desc limit 1`,
      );
      const filterSets: Omit<AlarmRecordListBody, 'current' | 'size'>[] = [
        {},
        { customerIds: [store!.id] },
        { types: [AlarmKind.offline, AlarmKind.fault] },
        { severities: ['major'] },
        { startDate: lastDays(30)[0], endDate: week[6], customerIds: [DEMO_ORGANISATION_ID] },
        { startDate: week[0] },
      ];
      for (const filters of filterSets) {
        const tab = async (state: string) =>
          (await post<{ total: number }>(DevicePaths.alarmList, admin, { current: 1, size: 1, alarmOnly: true, states: [state], ...filters })).body.data.total;
        const { body } = await post<AlarmStatistics>(AlarmPaths.statistics, admin, filters);
        const open = body.data.openBySeverity.critical + body.data.openBySeverity.major + body.data.openBySeverity.minor;
        expect({ open, acknowledged: body.data.acknowledged, handled: body.data.handled }, JSON.stringify(filters)).toEqual({
          open: await tab('open'),
          acknowledged: await tab('acknowledged'),
          handled: await tab('handled'),
        });
        const oldest = await post<{ records: AlarmRecord[] }>(DevicePaths.alarmList, admin, { current: 1, size: 1, alarmOnly: true, states: ['open'], sort: 'urgency', ...filters });
        if (open === 0) expect(body.data.oldestOpenSeconds).toBeNull();
        else expect(body.data.oldestOpenSeconds).toBeGreaterThan(0);
        expect(oldest.body.data.records.length).toBe(open === 0 ? 0 : 1);
      }
      const everything = (await post<AlarmStatistics>(AlarmPaths.statistics, admin, {})).body.data;
      const [oldestOpen] = await backend.db.query<{ at: Date }>(
        `select min(created_at) as at from device_events where state = 'open' and kind <> 6 and gateway_alarm_id is null`,
      );
      expect(everything.oldestOpenSeconds).toBeCloseTo((Date.now() - new Date(oldestOpen!.at).getTime()) / 1000, -3);
    });
  });
});
