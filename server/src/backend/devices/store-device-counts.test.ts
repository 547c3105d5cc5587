import {
  AlarmPaths,
  DeviceKind,
  DevicePaths,
  DeviceStatus,
  LOW_BATTERY_PERCENT,
  type AlarmRecord,
  type DeviceFilters,
  type MouseBoxStatistics,
  type StoreStatus,
} from '@pest/shared';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock/manual-clock.ts';
import { sendSignedReport, type Reporter } from './signed-report-testing.ts';
import { recordOffline } from './record-report.ts';
import { startSimulator } from '../../demo/devices/simulator.ts';
import { storeCountsAnswer } from './store-device-counts.ts';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

const silent = pino({ level: 'silent' });
const HOUR = 3_600_000;
const DEMO_ORGANISATION_ID = 1;

type Headers = Record<string, string>;
type Counts = Pick<MouseBoxStatistics, 'total' | 'online' | 'offline' | 'fault' | 'lowBattery' | 'unhandledAlarm'>;

/**
 * The devices per store roll-up (migrations/140_store_device_rollups.sql) after a burst of writes
 * from every kind of writer at once: signed reports in parallel through HTTP (batteries falling
 * below the low mark, catches, devices coming back), the simulator on a manual clock, devices going
 * offline and a LoRa gateway's outage, staff handling alarms, the console's device edits, and
 * statements the product does not make but the database must keep exact all the same: several
 * devices turned faulty in one statement, a device moved to another store. The roll-up's rows, the
 * device statistics and the store status of the fleet, an organisation and a store must equal what
 * this file counts from the device rows with its own SQL.
 */
describe(`devices per store roll-up on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: Headers;
  let manager: Headers;

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
  });
  afterAll(() => backend?.close());

  const call = async <T>(method: 'POST' | 'PUT', url: string, headers: Headers, payload: object): Promise<T> => {
    const response = await backend.app.inject({ method, url, headers, payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: T }>().data;
  };
  const report = (device: Reporter, body: object) => sendSignedReport(backend.app, device, body);

  const keptRows = () => backend.db.query('select * from store_device_counts order by customer_id, device_type_id');
  const countedRows = () =>
    backend.db.query(
      `select customer_id, device_type_id,
              count(*) filter (where status = ${DeviceStatus.offline})::int as offline,
              count(*) filter (where status = ${DeviceStatus.online})::int as online,
              count(*) filter (where status = ${DeviceStatus.fault})::int as fault,
              count(*) filter (where remaining_power <= ${LOW_BATTERY_PERCENT})::int as low_battery,
              count(*) filter (where has_unhandled_alarm)::int as unhandled
       from devices group by 1, 2 order by 1, 2`,
    );

  /** Counts of the device rows under `customerId` (any store when null), of one kind when given, per store or in all. */
  const counted = async (customerId: number | null, kind: number | null, perStore: boolean) =>
    backend.db.query<Counts & { customerId: number }>(
      `select ${perStore ? 'd.customer_id as "customerId",' : ''} count(*)::int as total,
              count(*) filter (where d.status = ${DeviceStatus.online})::int as online,
              count(*) filter (where d.status = ${DeviceStatus.offline})::int as offline,
              count(*) filter (where d.status = ${DeviceStatus.fault})::int as fault,
              count(*) filter (where d.remaining_power <= ${LOW_BATTERY_PERCENT})::int as "lowBattery",
              count(*) filter (where d.has_unhandled_alarm)::int as "unhandledAlarm"
       from devices d join customers s on s.id = d.customer_id join device_types t on t.id = d.device_type_id
       where ($1::int is null or s.path @> array[$1::int]) and ($2::int is null or t.smart_kind = $2)
       ${perStore ? 'group by 1 order by 1' : ''}`,
      [customerId, kind],
    );

  const statistics = async (headers: Headers, filters: DeviceFilters): Promise<Counts> => {
    const { alarmsToday: _, ...counts } = await call<MouseBoxStatistics>('POST', DevicePaths.statistics, headers, { filters });
    return counts;
  };
  const storeCounts = async (headers: Headers, filters: DeviceFilters) =>
    (await call<StoreStatus[]>('POST', DevicePaths.storeStatus, headers, { filters })).map(
      ({ customerId, total, online, offline, fault, unhandledAlarm }) => ({ customerId, total, online, offline, fault, unhandledAlarm }),
    );

  /** The answers read from the roll-up against the device rows, for the fleet, an organisation, a store and a kind. */
  const answersAgainstRows = async (storeId: number) => {
    const cases: [Headers, DeviceFilters, number | null, number | null][] = [
      [admin, {}, null, null],
      [admin, { customerIds: [DEMO_ORGANISATION_ID] }, DEMO_ORGANISATION_ID, null],
      [manager, {}, DEMO_ORGANISATION_ID, null],
      [admin, { customerIds: [storeId] }, storeId, null],
      [manager, { deviceType: DeviceKind.loraRodentBox }, DEMO_ORGANISATION_ID, DeviceKind.loraRodentBox],
    ];
    for (const [headers, filters, customerId, kind] of cases) {
      expect(storeCountsAnswer(filters)).toBe(true);
      const [all] = await counted(customerId, kind, false);
      expect(all!.total).toBeGreaterThan(0);
      expect(await statistics(headers, filters), JSON.stringify(filters)).toEqual(all);
      const perStore = (await counted(customerId, kind, true)).map(({ lowBattery: _, ...row }) => row);
      expect(await storeCounts(headers, filters), JSON.stringify(filters)).toEqual(perStore);
    }
  };

  it('holds what the generator wrote', async () => {
    const kept = await keptRows();
    expect(kept.length).toBeGreaterThan(10);
    expect(kept).toEqual(await countedRows());
  });

  it('equals the device rows after reports, the simulator, outages, alarm handling, edits and moves at once', async () => {
    const before = await keptRows();
    const now = Date.now();
    const reporters = await backend.db.query<Reporter & { customerId: number }>(
      `select d.id, d.device_no as "deviceNo", d.secret, d.customer_id as "customerId" from devices d join device_types t on t.id = d.device_type_id
       where t.smart_kind <> ${DeviceKind.loraGateway} order by md5(d.id::text) limit 24`,
    );
    const [gateway] = await backend.db.query<Reporter>(
      `select g.id, g.device_no as "deviceNo", g.secret from devices g join device_types t on t.id = g.device_type_id
       where t.smart_kind = ${DeviceKind.loraGateway} and g.status = ${DeviceStatus.online}
       order by (select count(*) from devices b where b.gateway_id = g.id) desc, g.id limit 1`,
    );
    const silenced = await backend.db.query<{ id: number }>(
      `select d.id from devices d join device_types t on t.id = d.device_type_id
       where t.smart_kind = ${DeviceKind.nbIotRodentBox} and d.status = ${DeviceStatus.online} order by md5(d.id::text) limit 6`,
    );
    const events = ['trigger', 'capture', 'maintain', 'heartbeat'] as const;
    // Several reports per device in flight at once: batteries falling below the low mark and back, catches, heartbeats.
    const reports = reporters.flatMap((device, i) =>
      [0, 1, 2].map((k) => () =>
        report(device, {
          event: events[(i + k) % events.length],
          battery: k === 2 && i % 3 === 0 ? 5 : k === 1 && i % 3 === 1 ? LOW_BATTERY_PERCENT : 80,
          at: new Date(now - ((i * 3 + k * 7) % 30) * HOUR - k * 60_000).toISOString(),
        }),
      ),
    );
    const edits = reporters.slice(0, 6).map((device, i) => () =>
      call('PUT', DevicePaths.edit, admin, { id: device.id, deviceName: `改名${i}`, remark: '巡检' }),
    );
    const clock = createManualClock(now);
    // Alarms at 200 times the history's pace, 20 heartbeats a second, for 20 seconds of its clock.
    const simulator = startSimulator(backend.db, silent, { speed: 200, heartbeatsPerSecond: 20, random: () => 0.3, clock });
    const [moved, , faulty] = reporters;
    const [otherStore] = await backend.db.query<{ id: number }>(
      `select id from customers where kind = 3 and id <> $1 order by id limit 1`,
      [moved!.customerId],
    );
    await Promise.all([
      ...reports.map((send) => send()),
      ...edits.map((edit) => edit()),
      clock.advance(20_000),
      recordOffline(backend.db, gateway!.id, new Date(now - 2 * HOUR), { heartbeatIntervalMs: 24 * HOUR }),
      ...silenced.map((device) => recordOffline(backend.db, device.id, new Date(now - HOUR))),
      backend.db.query(`update devices set status = ${DeviceStatus.fault} where id = any($1::int[])`, [[faulty!.id, silenced[0]!.id]]),
      backend.db.query('update devices set customer_id = $2 where id = $1', [moved!.id, otherStore!.id]),
    ]);
    await simulator.stop();

    // Staff handle what is open in two consoles at once; the gateway comes back.
    const open = await call<{ records: AlarmRecord[] }>('POST', DevicePaths.alarmList, admin, { current: 1, size: 100, alarmOnly: true, states: ['open'] });
    const ids = open.records.map((alarm) => alarm.id);
    expect(ids.length).toBeGreaterThan(10);
    await Promise.all([
      call('POST', AlarmPaths.handle, admin, { ids: ids.filter((_, i) => i % 2 === 0), note: '已处理', pictures: [] }),
      call('POST', AlarmPaths.handle, manager, { ids: ids.filter((_, i) => i % 2 === 1), note: '已处理', pictures: [] }),
      report(gateway!, { event: 'heartbeat', at: new Date(now - HOUR).toISOString() }),
    ]);

    const kept = await keptRows();
    expect(kept).not.toEqual(before);
    expect(kept).toEqual(await countedRows());
    await answersAgainstRows(moved!.customerId);
    await answersAgainstRows(otherStore!.id);
  }, 240_000);

  it('leaves a name, a status, a battery level and the unhandled flag to the device rows', () => {
    expect(storeCountsAnswer(undefined)).toBe(true);
    expect(storeCountsAnswer({ name: '  ' })).toBe(true);
    for (const filters of [{ name: 'RB' }, { status: DeviceStatus.online }, { remainingPower: 20 }, { hasUnHandleAlarm: false }]) {
      expect(storeCountsAnswer(filters), JSON.stringify(filters)).toBe(false);
    }
  });
});
