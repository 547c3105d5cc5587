import { AlarmPaths, CHINA_TIME_ZONE, DeviceKind, DevicePaths, DeviceStatus, chinaDay, type AlarmRecord, type AlarmTrend } from '@pest/shared';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock/manual-clock.ts';
import { sendSignedReport, type Reporter } from './signed-report-testing.ts';
import { recordOffline } from './record-report.ts';
import { startSimulator } from '../../demo/devices/simulator.ts';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

const silent = pino({ level: 'silent' });
const HOUR = 3_600_000;
const DEMO_ORGANISATION_ID = 1;

type Headers = Record<string, string>;

/**
 * The device roll-ups (migrations/130_device_rollups.sql) after a burst of writes from every kind
 * of writer at once: signed reports in parallel through HTTP, the simulator on a manual clock (its
 * heartbeats, alarms and pruning), a LoRa gateway's outage and return, staff acknowledging and
 * handling alarms. The roll-up tables and the trends read from them must equal what this file
 * counts from the raw rows with its own SQL.
 */
describe(`device roll-ups on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: Headers;
  let manager: Headers;

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
  });
  afterAll(() => backend?.close());

  const post = async <T>(url: string, headers: Headers, payload: object): Promise<T> => {
    const response = await backend.app.inject({ method: 'POST', url, headers, payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: T }>().data;
  };
  const report = (device: Reporter, body: object) => sendSignedReport(backend.app, device, body);

  /** The trend as the raw rows give it, in this file's own SQL: the stores under `organisation`, or every store. */
  const rawTrend = async (organisation: number | null, startDate: string, endDate: string, hourly: boolean): Promise<AlarmTrend> => {
    const local = (column: string) => `(${column} at time zone '${CHINA_TIME_ZONE}')`;
    const step = hourly ? '1 hour' : '1 day';
    const bucket = (column: string) => (hourly ? `date_trunc('hour', ${local(column)})` : `date_trunc('day', ${local(column)})`);
    const stores = organisation === null ? 'true' : `s.path[1] = ${organisation}`;
    const rows = await backend.db.query<{ label: string; online: number; kinds: Record<string, number> | null }>(
      `with slots as (
         select b from generate_series($1::date::timestamp, $2::date::timestamp + interval '1 day' - interval '${step}', interval '${step}') b
       ),
       mine as (select d.id from devices d join customers s on s.id = d.customer_id where ${stores}),
       beats as (
         ${hourly
           ? `select ${bucket('h.at')} as b, count(*)::int as n from device_heartbeats h where h.device_id in (select id from mine) group by 1`
           : `select dd.month + (x.i - 1)::int as b, sum(x.n)::int as n
              from device_daily dd, unnest(dd.heartbeats) with ordinality x(n, i)
              where dd.device_id in (select id from mine) group by 1`}
       ),
       alarms as (
         select ${bucket('e.created_at')} as b, e.kind, count(*)::int as n
         from device_events e
         where e.device_id in (select id from mine) and e.kind <> 6 and e.gateway_alarm_id is null
         group by 1, 2
       )
       select to_char(s.b, '${hourly ? 'YYYY-MM-DD HH24:00' : 'YYYY-MM-DD'}') as label,
              coalesce((select n from beats where beats.b = s.b), 0) as online,
              (select json_object_agg(kind, n) from alarms where alarms.b = s.b) as kinds
       from slots s order by s.b`,
      [startDate, endDate],
    );
    const kind = (row: (typeof rows)[number], ...kinds: number[]) => kinds.reduce((sum, k) => sum + (row.kinds?.[k] ?? 0), 0);
    return {
      dateList: rows.map((row) => row.label),
      onlineCountList: rows.map((row) => row.online),
      highTemperatureCountList: rows.map((row) => kind(row, 2)),
      electricityTrendCountList: rows.map((row) => kind(row, 3)),
      maintainCountList: rows.map((row) => kind(row, 4)),
      alarmCountList: rows.map((row) => kind(row, 1, 2, 3, 4, 5, 7)),
      triggerCountList: rows.map((row) => kind(row, 5)),
    };
  };

  /** Every roll-up row against a count of the raw rows: per store and the fleet's row 0. */
  const rollupsAgainstRaw = async () => {
    const both = async (rollup: string, raw: string) => {
      const [kept, counted] = await Promise.all([backend.db.query(rollup), backend.db.query(raw)]);
      return { kept, counted };
    };
    const withFleet = (perStore: string, keys: string[]) =>
      `with per_store as (${perStore})
       select * from per_store union all select 0, ${keys.join(', ')}, sum(n)::int from per_store group by ${keys.join(', ')}
       order by ${[1, ...keys.map((_, i) => i + 2)].join(', ')}`;
    const alarms = await both(
      'select customer_id, hour::text, kind, severity, state, n from alarm_counts order by 1, 2, 3, 4, 5',
      withFleet(
        `select e.customer_id, date_trunc('hour', e.created_at at time zone '${CHINA_TIME_ZONE}')::text as hour, e.kind, e.severity, e.state, count(*)::int as n
         from device_events e where e.kind <> 6 and e.gateway_alarm_id is null group by 1, 2, 3, 4, 5`,
        ['hour', 'kind', 'severity', 'state'],
      ),
    );
    const daily = await both(
      'select customer_id, day::text, n from heartbeat_daily order by 1, 2',
      withFleet(
        `select d.customer_id, (dd.month + (x.i - 1)::int)::text as day, sum(x.n)::int as n
         from device_daily dd join devices d on d.id = dd.device_id, unnest(dd.heartbeats) with ordinality x(n, i)
         group by 1, 2 having sum(x.n) > 0`,
        ['day'],
      ),
    );
    const hourly = await both(
      'select customer_id, hour::text, n from heartbeat_hourly order by 1, 2',
      withFleet(
        `select d.customer_id, date_trunc('hour', h.at at time zone '${CHINA_TIME_ZONE}')::text as hour, count(*)::int as n
         from device_heartbeats h join devices d on d.id = h.device_id group by 1, 2`,
        ['hour'],
      ),
    );
    return { alarms, daily, hourly };
  };

  it('hold what the generator wrote', async () => {
    const { alarms, daily, hourly } = await rollupsAgainstRaw();
    expect(alarms.kept.length).toBeGreaterThan(100);
    expect(alarms.kept).toEqual(alarms.counted);
    expect(daily.kept).toEqual(daily.counted);
    expect(hourly.kept).toEqual(hourly.counted);
  });

  it('equal the raw rows after concurrent reports, the simulator, a gateway outage and alarm handling', async () => {
    const now = Date.now();
    const reporters = await backend.db.query<Reporter>(
      `select d.id, d.device_no as "deviceNo", d.secret from devices d join device_types t on t.id = d.device_type_id
       where t.smart_kind <> ${DeviceKind.loraGateway} order by md5(d.id::text) limit 24`,
    );
    const [gateway] = await backend.db.query<Reporter>(
      `select g.id, g.device_no as "deviceNo", g.secret from devices g join device_types t on t.id = g.device_type_id
       where t.smart_kind = ${DeviceKind.loraGateway} and g.status = ${DeviceStatus.online}
       order by (select count(*) from devices b where b.gateway_id = g.id) desc, g.id limit 1`,
    );
    const events = ['trigger', 'capture', 'maintain', 'heartbeat'] as const;
    // Reports spread over the last 30 hours, several per device in flight at once (repeats of an open alarm among them).
    const reports = reporters.flatMap((device, i) =>
      [0, 1, 2].map((k) => () =>
        report(device, {
          event: events[(i + k) % events.length],
          battery: k === 2 && i % 3 === 0 ? 5 : 80,
          temperature: k === 1 && i % 4 === 0 ? 45 : 22,
          at: new Date(now - ((i * 3 + k * 7) % 30) * HOUR - k * 60_000).toISOString(),
        }),
      ),
    );
    const clock = createManualClock(now);
    // Alarms at 200 times the history's pace, 20 heartbeats a second, for 20 seconds of its clock.
    const simulator = startSimulator(backend.db, silent, { speed: 200, heartbeatsPerSecond: 20, random: () => 0.3, clock });
    await Promise.all([
      ...reports.map((send) => send()),
      clock.advance(20_000),
      recordOffline(backend.db, gateway!.id, new Date(now - 2 * HOUR), { heartbeatIntervalMs: 24 * HOUR }),
    ]);
    await simulator.stop();

    // Staff act on what is open, in two consoles at once; the gateway comes back.
    const open = await post<{ records: AlarmRecord[] }>(DevicePaths.alarmList, admin, { current: 1, size: 100, alarmOnly: true, states: ['open'] });
    const ids = open.records.map((alarm) => alarm.id);
    expect(ids.length).toBeGreaterThan(10);
    await Promise.all([
      post(AlarmPaths.acknowledge, admin, { ids: ids.filter((_, i) => i % 3 === 0) }),
      post(AlarmPaths.handle, admin, { ids: ids.filter((_, i) => i % 3 === 1), note: '已处理', pictures: [] }),
      post(AlarmPaths.handle, manager, { ids: ids.filter((_, i) => i % 3 === 2), note: '已处理', pictures: [] }),
      report(gateway!, { event: 'heartbeat', at: new Date(now - HOUR).toISOString() }),
    ]);

    // The outage linked its boxes' rows to the gateway's alarm: rows that stopped being alarms.
    const [linked] = await backend.db.query<{ n: number }>(
      `select count(*)::int as n from device_events l join device_events g on g.id = l.gateway_alarm_id where g.device_id = $1`,
      [gateway!.id],
    );
    expect(linked!.n).toBeGreaterThan(0);
    const { alarms, daily, hourly } = await rollupsAgainstRaw();
    expect(alarms.kept).toEqual(alarms.counted);
    expect(daily.kept).toEqual(daily.counted);
    expect(hourly.kept).toEqual(hourly.counted);

    const today = new Date(now);
    const week = { startDate: chinaDay(today, -6), endDate: chinaDay(today) };
    const twoDays = { startDate: chinaDay(today, -1), endDate: chinaDay(today) };
    for (const [headers, organisation] of [[admin, null], [manager, DEMO_ORGANISATION_ID]] as const) {
      const weekTrend = await post<AlarmTrend>(DevicePaths.alarmTrend, headers, week);
      expect(weekTrend).toEqual(await rawTrend(organisation, week.startDate, week.endDate, false));
      expect(weekTrend.alarmCountList.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      const hourTrend = await post<AlarmTrend>(DevicePaths.alarmTrend, headers, { ...twoDays, granularity: 'hour' });
      expect(hourTrend).toEqual(await rawTrend(organisation, twoDays.startDate, twoDays.endDate, true));
      expect(hourTrend.onlineCountList.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);

      // The alarm centre's tab counts, over everything and over the week, and the kinds and severities it filters by.
      for (const state of ['open', 'acknowledged', 'handled', undefined]) {
        for (const filters of [{}, week, { types: [1, 5], severities: ['critical'] }]) {
          const body = { current: 1, size: 1, alarmOnly: true, ...(state ? { states: [state] } : {}), ...filters };
          const { total } = await post<{ total: number }>(DevicePaths.alarmList, headers, body);
          const [counted] = await backend.db.query<{ n: number }>(
            `select count(*)::int as n from device_events e join customers s on s.id = e.customer_id
             where e.kind <> 6 and e.gateway_alarm_id is null and ($1::int is null or s.path[1] = $1) and ($2::text is null or e.state = $2)
               and ($3::date is null or e.created_at >= $3::date::timestamp at time zone '${CHINA_TIME_ZONE}')
               and ($4::date is null or e.created_at < ($4::date + 1)::timestamp at time zone '${CHINA_TIME_ZONE}')
               and ($5::int[] is null or e.kind = any($5)) and ($6::text[] is null or e.severity = any($6))`,
            [organisation, state ?? null, 'startDate' in filters ? filters.startDate : null, 'endDate' in filters ? filters.endDate : null,
             'types' in filters ? filters.types : null, 'severities' in filters ? filters.severities : null],
          );
          expect(total, JSON.stringify(body)).toBe(counted!.n);
        }
      }
    }
  }, 240_000);
});
