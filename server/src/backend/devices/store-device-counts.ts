import { DeviceStatus, LOW_BATTERY_PERCENT, type DeviceFilters } from '@pest/shared';
import type { SqlParams } from '../db/sql-params.ts';
import type { Scope } from '../scope.ts';
import { IN_SERVICE, deviceConditions } from './device-filters.ts';

/**
 * Whether the roll-up store_device_counts (migration 140: devices per store and device type, by
 * status, low battery and unhandled alarm) holds the answer to these filters exactly: they narrow
 * no finer than stores and a device type. A name, a status, a battery level or the unhandled flag
 * picks single devices, read from their rows.
 */
export function storeCountsAnswer(filters: DeviceFilters | undefined): boolean {
  return !filters?.name?.trim() && filters?.status === undefined && filters?.remainingPower === undefined && filters?.hasUnHandleAlarm === undefined;
}

/**
 * SQL: rows (customer_id, offline, online, fault, low_battery, unhandled) whose sums are the
 * counts of the devices the scope and the filters allow, per store when grouped by customer_id:
 * the roll-up's rows when it holds them, else one row per device.
 */
export function deviceCountRows(scope: Scope, filters: DeviceFilters | undefined, params: SqlParams): string {
  // The roll-up's rows have the device row's customer_id and device_type_id, which is all the
  // conditions of filters it answers read.
  const where = deviceConditions(scope, filters, params).join(' and ');
  if (storeCountsAnswer(filters)) {
    return `select d.customer_id, d.offline, d.online, d.fault, d.low_battery, d.unhandled from store_device_counts d where ${where}`;
  }
  return `select d.customer_id, (d.status = ${DeviceStatus.offline})::int as offline, (d.status = ${DeviceStatus.online})::int as online,
            (d.status = ${DeviceStatus.fault})::int as fault, coalesce(d.remaining_power <= ${LOW_BATTERY_PERCENT}, false)::int as low_battery,
            d.has_unhandled_alarm::int as unhandled
          from devices d where ${where} and ${IN_SERVICE}`;
}

/**
 * SQL joined after `device_events e` so that `d` is the event's device for deviceConditions. When
 * the filters ask nothing of the device but its store (storeCountsAnswer without a device type), `d`
 * is only the store the event was raised in (e.customer_id: the device's, as no writer moves a
 * device, and the store the alarm roll-ups count it in): joining thousands of open alarms to their
 * devices read all 60,000 devices of the fleet, most of a store status call's time.
 */
export function eventDevice(filters: DeviceFilters | undefined): string {
  if (storeCountsAnswer(filters) && filters?.deviceType === undefined) return 'cross join lateral (select e.customer_id) d';
  return 'join devices d on d.id = e.device_id';
}
