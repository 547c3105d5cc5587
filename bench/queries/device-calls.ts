// The device side of bench/queries: every call the device screens (智能设备, device detail, bind
// info, 告警中心), the wallboard and the live hub's device topics make, with the bodies they send
// (apps/console/src/features/{deviceList,deviceDetail,alarmCenter,bindInfo}, apps/wallboard/src/board,
// server/src/gateway/live/topics), for the admin's whole fleet, an organisation and a store.
import { AlarmPaths, DevicePaths, Pagination, chinaDay } from '@pest/shared';
import type { Db } from '@pest/server/testing';
import type { Call } from './call.ts';

/** Organisations and groups with the most devices, stores, and boxes with a history, read from the generated data. */
export async function sampleDeviceParameters(db: Db) {
  const ids = async (sql: string) => (await db.query<{ id: number }>(sql)).map((row) => row.id);
  const organisations = await ids(`select s.path[1] as id from devices d join customers s on s.id = d.customer_id
    group by 1 order by count(*) desc limit 10`);
  const groups = await ids(`select s.parent_id as id from devices d join customers s on s.id = d.customer_id join customers g on g.id = s.parent_id
    where g.kind = 2 group by 1 order by count(*) desc limit 10`);
  const stores = await ids('select customer_id as id from devices group by 1 order by md5(customer_id::text) limit 50');
  const boxes = await ids(`select d.id from devices d join points p on p.device_id = d.id order by md5(d.id::text) limit 50`);
  const areas = await ids('select id from sales_areas order by id');
  return { organisations, groups, stores, boxes, areas };
}

type DeviceParameters = Awaited<ReturnType<typeof sampleDeviceParameters>>;

export function deviceCalls(p: DeviceParameters, now = new Date()): Call[] {
  const pick = <T>(list: T[], i: number) => list[i % list.length]!;
  const day = (offset: number) => chinaDay(now, offset);
  const range = { week: { startDate: day(-6), endDate: day(0) }, month: { startDate: day(-29), endDate: day(0) },
    quarter: { startDate: day(-89), endDate: day(0) }, year: { startDate: day(-364), endDate: day(0) } };
  const today = { startDate: day(0), endDate: day(0) };
  const organisation = (i: number) => ({ customerIds: [pick(p.organisations, i)] });
  const store = (i: number) => ({ customerIds: [pick(p.stores, i)] });
  const post = (name: string, url: string, payload: (i: number) => object, as: Call['as'] = 'admin'): Call => ({
    name,
    method: 'POST',
    as,
    request: (i) => ({ url, payload: payload(i) }),
  });
  const get = (name: string, url: string, id: (i: number) => number): Call => ({
    name,
    method: 'GET',
    as: 'admin',
    request: (i) => ({ url: `${url}?id=${id(i)}` }),
  });
  // 智能设备's search form: nothing, an organisation, a store, a status, a battery, a keyword, a sales area, a kind.
  const deviceFilters = (i: number) =>
    [{}, organisation(i), store(i), { status: 2 }, { remainingPower: 20 }, { name: 'RB' }, { areaIds: [pick(p.areas, i)] }, { deviceType: 3 }][i % 8];
  // 告警中心: the tabs (the open tab by urgency first), and the size-1 pages that count each tab.
  const alarmTab = (i: number) =>
    [{ states: ['open'], sort: 'urgency' }, { states: ['acknowledged'], sort: 'urgency' }, { states: ['handled'], sort: 'newest' }, { sort: 'newest' }][i % 4];
  const box = (i: number) => pick(p.boxes, i);
  return [
    // 智能设备 and the deviceList topic
    post('device list (fleet, filters)', DevicePaths.list, (i) => ({ current: 1 + (i % 3), size: Pagination.defaultSize, isCustomer: true, filters: deviceFilters(i) })),
    post('device list (manager)', DevicePaths.list, (i) => ({ current: 1, size: Pagination.defaultSize, isCustomer: true, filters: i % 2 ? { status: 2 } : {} }), 'manager'),
    post('device statistics (fleet)', DevicePaths.statistics, () => ({})),
    post('device statistics (organisation)', DevicePaths.statistics, (i) => ({ filters: organisation(i) })),
    post('device statistics (manager)', DevicePaths.statistics, () => ({}), 'manager'),
    post('store status (fleet)', DevicePaths.storeStatus, () => ({})),
    post('store status (manager)', DevicePaths.storeStatus, () => ({}), 'manager'),
    // device detail, bind info and the device topic
    get('device info', DevicePaths.get, box),
    get('device placement', DevicePaths.detail, box),
    post('device events (week)', DevicePaths.alarmList, (i) => ({ current: 1, size: Pagination.eventListSize, boxId: box(i), ...range.week })),
    post('device open alarms', DevicePaths.alarmList, (i) => ({ current: 1, size: 20, boxId: box(i), alarmOnly: true, states: ['open', 'acknowledged'], sort: 'urgency' })),
    post('device live events', DevicePaths.alarmList, (i) => ({ current: 1, size: 20, boxId: box(i) })),
    post('device trend (today)', DevicePaths.alarmTrend, (i) => ({ boxId: box(i), ...today })),
    post('device trend (week)', DevicePaths.alarmTrend, (i) => ({ boxId: box(i), ...range.week })),
    post('device trend (year)', DevicePaths.alarmTrend, (i) => ({ boxId: box(i), ...range.year })),
    // 告警中心
    post('alarm list tab (fleet)', DevicePaths.alarmList, (i) => ({ current: 1, size: 20, alarmOnly: true, ...alarmTab(i) })),
    post('alarm tab count (fleet)', DevicePaths.alarmList, (i) => ({ current: 1, size: 1, alarmOnly: true, ...alarmTab(i) })),
    post('alarm list (organisation, month)', DevicePaths.alarmList, (i) => ({ current: 1, size: 20, alarmOnly: true, ...alarmTab(i), ...organisation(i), ...range.month })),
    post('alarm list (store, quarter)', DevicePaths.alarmList, (i) => ({ current: 1, size: 20, alarmOnly: true, ...alarmTab(i), ...store(i), ...range.quarter })),
    post('alarm list (manager)', DevicePaths.alarmList, (i) => ({ current: 1, size: 20, alarmOnly: true, ...alarmTab(i) }), 'manager'),
    post('alarm statistics (fleet, week)', AlarmPaths.statistics, () => range.week),
    post('alarm statistics (fleet, month)', AlarmPaths.statistics, () => range.month),
    post('alarm statistics (fleet, quarter)', AlarmPaths.statistics, () => range.quarter),
    post('alarm statistics (fleet, year)', AlarmPaths.statistics, () => range.year),
    post('alarm statistics (organisation, year)', AlarmPaths.statistics, (i) => ({ ...range.year, ...organisation(i) })),
    post('alarm statistics (group, year)', AlarmPaths.statistics, (i) => ({ ...range.year, customerIds: [pick(p.groups, i)] })),
    post('alarm statistics (store, year)', AlarmPaths.statistics, (i) => ({ ...range.year, ...store(i) })),
    post('alarm statistics (manager, month)', AlarmPaths.statistics, () => range.month, 'manager'),
    // the wallboard and the alarmOverview topic (the bell)
    post('alarm feed (fleet)', DevicePaths.alarmList, () => ({ current: 1, size: 10, alarmOnly: true, states: ['open', 'acknowledged'], sort: 'urgency' })),
    post('alarm unacknowledged (fleet)', DevicePaths.alarmList, () => ({ current: 1, size: 1, alarmOnly: true, states: ['open'] })),
    post('alarm statistics (fleet, today)', AlarmPaths.statistics, () => today),
    post('alarm trend (fleet, 24 hours)', DevicePaths.alarmTrend, () => ({ startDate: day(-1), endDate: day(0), granularity: 'hour' })),
    post('alarm trend (fleet, week)', DevicePaths.alarmTrend, () => range.week),
    post('alarm trend (fleet, month)', DevicePaths.alarmTrend, () => range.month),
    post('alarm trend (manager, 24 hours)', DevicePaths.alarmTrend, () => ({ startDate: day(-1), endDate: day(0), granularity: 'hour' }), 'manager'),
    post('alarm trend (manager, week)', DevicePaths.alarmTrend, () => range.week, 'manager'),
    post('alarm trend (manager, year)', DevicePaths.alarmTrend, () => range.year, 'manager'),
  ];
}
