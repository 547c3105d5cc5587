import { AlarmSeverity, CHINA_TIME_ZONE, type DeviceFilters, type DeviceInfo, type DeviceRow, type MouseBoxStatistics, type StoreStatus } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { sqlServiceTime } from '../common/service-time.ts';
import { sqlIsAlarm } from '../common/linked-alarms.ts';
import { inScope, type Scope } from '../scope.ts';
import { IN_SERVICE, deviceConditions } from './device-filters.ts';
import { deviceCountRows, eventDevice } from './store-device-counts.ts';

/** The device row's columns from devices d, device_types t, customers s (the store), sales_areas a, dictionary sup. */
const ROW_COLUMNS = `d.id, d.code as "deviceCode", d.device_no as "deviceNo", d.name as "deviceName", t.smart_kind as "deviceType",
  d.customer_id as "customerId", s.name as "customerName", a.name as "areaName", d.imei, d.imsi, d.iccid,
  d.remaining_power as "remainingPower", coalesce(sup.name, '') as "supplierName", d.technical_support as "technicalSupport", d.status,
  d.has_unhandled_alarm as "hasUnHandleAlarm", ${sqlServiceTime('d.last_communication_at')} as "lastCommunicationDate",
  d.remark, d.temperature::float8 as temperature, d.signal::int as signal`;
const ROW_JOINS = `join device_types t on t.id = d.device_type_id
  join customers s on s.id = d.customer_id
  left join sales_areas a on a.id = s.area_id
  left join dictionary sup on sup.id = d.supplier_id`;

export async function deviceCount(db: Queryable, scope: Scope, filters: DeviceFilters | undefined): Promise<number> {
  const params = new SqlParams();
  const where = [...deviceConditions(scope, filters, params), IN_SERVICE].join(' and ');
  const [row] = await db.query<{ n: number }>(`select count(*)::int as n from devices d where ${where}`, params.values);
  return row!.n;
}

export async function deviceRows(
  db: Queryable,
  scope: Scope,
  filters: DeviceFilters | undefined,
  page: { offset: number; limit: number },
): Promise<DeviceRow[]> {
  const params = new SqlParams();
  const where = [...deviceConditions(scope, filters, params), IN_SERVICE].join(' and ');
  return db.query<DeviceRow>(
    `select ${ROW_COLUMNS} from devices d ${ROW_JOINS}
     where ${where}
     order by d.id
     limit ${params.add(page.limit)} offset ${params.add(page.offset)}`,
    params.values,
  );
}

/** One device with its picture and where it is installed; null when unknown or outside the scope. */
export async function findDevice(db: Queryable, scope: Scope, id: number): Promise<DeviceInfo | null> {
  const params = new SqlParams();
  const [row] = await db.query<DeviceInfo & { binding: DeviceInfo['binding'] }>(
    `select ${ROW_COLUMNS}, d.image_url as "imageUrl", d.version, d.device_type_id as "deviceTypeId", d.retired_at is not null as retired,
            d.dev_eui as "devEui", d.model_id as "modelId",
            case when p.id is null then null else json_build_object(
              'organisationName', o.name, 'storeName', s.name, 'storeAddress', s.address,
              'planName', plan.name, 'regionName', coalesce(top.name || ' > ', '') || r.name, 'pointCode', p.code) end as binding
     from devices d ${ROW_JOINS}
     join customers o on o.id = s.path[1]
     left join points p on p.device_id = d.id
     left join service_plans plan on plan.id = p.plan_id
     left join service_regions r on r.id = p.region_id
     left join service_regions top on top.id = r.parent_id
     where d.id = ${params.add(id)} and ${inScope(scope, 'd.customer_id', params)}`,
    params.values,
  );
  return row ?? null;
}

export async function deviceStatistics(db: Queryable, scope: Scope, filters: DeviceFilters | undefined): Promise<MouseBoxStatistics> {
  const params = new SqlParams();
  const counts = deviceCountRows(scope, filters, params);
  const where = deviceConditions(scope, filters, params).join(' and ');
  // Today's alarms first (a few thousand for the largest fleet), then their stores or devices
  // (eventDevice): probing the index once per device in scope took 1.5 s for 60,000 devices.
  const [row] = await db.query<MouseBoxStatistics>(
    `select coalesce(sum(n.offline + n.online + n.fault), 0)::int as total,
            coalesce(sum(n.online), 0)::int as online,
            coalesce(sum(n.offline), 0)::int as offline,
            coalesce(sum(n.fault), 0)::int as fault,
            coalesce(sum(n.low_battery), 0)::int as "lowBattery",
            coalesce(sum(n.unhandled), 0)::int as "unhandledAlarm",
            (select count(*)::int from device_events e ${eventDevice(filters)}
             where ${sqlIsAlarm('e')} and ${where}
               and e.created_at >= (now() at time zone '${CHINA_TIME_ZONE}')::date::timestamp at time zone '${CHINA_TIME_ZONE}') as "alarmsToday"
     from (${counts}) n`,
    params.values,
  );
  return row!;
}

/**
 * Per store in scope with matching devices, by store id: its devices by status, those with an
 * unhandled alarm, and what needs acting on now: its unhandled critical and major alarms of every
 * kind (a box's own offline alarm too: the board's feed lists it, so its map must not call the
 * store calm), the oldest of them, and the boxes dark behind its gateways.
 */
export async function storeStatuses(db: Queryable, scope: Scope, filters: DeviceFilters | undefined): Promise<StoreStatus[]> {
  const params = new SqlParams();
  const counts = deviceCountRows(scope, filters, params);
  const where = deviceConditions(scope, filters, params).join(' and ');
  // Only the alarms a store acts on now, and the boxes linked to its open gateway alarms apart.
  const actionable = `e.severity in ('${AlarmSeverity.critical}', '${AlarmSeverity.major}')`;
  // Counted per store (from the roll-up when it holds the counts) before the stores' names are
  // joined: grouping 60,000 device rows by names sorted them on disk.
  return db.query<StoreStatus>(
    `with devices_by_store as (
       select n.customer_id, sum(n.offline + n.online + n.fault)::int as total, sum(n.online)::int as online,
              sum(n.offline)::int as offline, sum(n.fault)::int as fault, sum(n.unhandled)::int as "unhandledAlarm"
       from (${counts}) n
       group by n.customer_id),
     open_alarms as (
       select d.customer_id,
              count(*) filter (where e.severity = '${AlarmSeverity.critical}')::int as critical,
              count(*) filter (where e.severity = '${AlarmSeverity.major}')::int as major,
              min(e.created_at) as oldest
       from device_events e ${eventDevice(filters)}
       where not e.handled and ${sqlIsAlarm('e')} and ${actionable} and ${where}
       group by d.customer_id),
     dark_boxes as (
       select d.customer_id, count(*)::int as dark
       from device_events l
       join device_events e on e.id = l.gateway_alarm_id ${eventDevice(filters)}
       where l.gateway_alarm_id is not null and not l.handled and not e.handled and ${sqlIsAlarm('e')} and ${where}
       group by d.customer_id)
     select s.id as "customerId", s.name as "storeName", o.name as "organisationName",
            province.name as "provinceName", city.name as "cityName",
            n.total, n.online, n.offline, n.fault, n."unhandledAlarm",
            coalesce(a.critical, 0) as "openCritical",
            coalesce(a.major, 0) as "openMajor",
            ${sqlServiceTime('a.oldest')} as "oldestOpenAlarmAt",
            coalesce(k.dark, 0) as "darkBoxes"
     from devices_by_store n
     join customers s on s.id = n.customer_id
     join customers o on o.id = s.path[1]
     left join regions province on province.id = s.province_id
     left join regions city on city.id = s.city_id
     left join open_alarms a on a.customer_id = s.id
     left join dark_boxes k on k.customer_id = s.id
     order by s.id`,
    params.values,
  );
}

/**
 * The console's device edit. Only what was sent changes: an absent remark or picture stays, a
 * null one is cleared; the technical support is kept when none is given.
 */
export async function updateDevice(
  db: Queryable,
  id: number,
  edit: { deviceName: string; technicalSupport?: string | null; remark?: string | null; imageUrl?: string | null },
): Promise<void> {
  const { deviceName, technicalSupport, remark, imageUrl } = edit;
  await db.query(
    `update devices set name = $2, version = version + 1,
       technical_support = coalesce($3, technical_support),
       remark = case when $4::boolean then $5 else remark end,
       image_url = case when $6::boolean then $7 else image_url end
     where id = $1`,
    [id, deviceName.trim(), technicalSupport?.trim() ?? null, remark !== undefined, remark?.trim() ?? null, imageUrl !== undefined, imageUrl ?? null],
  );
}

/** The device a report claims to come from and the secret its signature is checked with; not scoped, the signature is the credential. A retired device has none. */
export async function findReportingDevice(db: Queryable, deviceNo: string): Promise<{ id: number; secret: string | null } | undefined> {
  const [device] = await db.query<{ id: number; secret: string | null }>('select id, secret from devices where device_no = $1 and retired_at is null', [deviceNo]);
  return device;
}
