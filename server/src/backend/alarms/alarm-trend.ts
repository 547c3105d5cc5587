import {
  ALARM_TREND_MAX_DAYS,
  ALARM_TREND_MAX_HOURLY_DAYS,
  AlarmKind,
  CHINA_TIME_ZONE,
  DeviceMessages,
  type AlarmTrend,
  type AlarmTrendBody,
} from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { sqlIsAlarm } from '../common/linked-alarms.ts';
import { ApiError } from '../envelope.ts';
import { inScope, type Scope } from '../scope.ts';

const DAY_MS = 86_400_000;

/**
 * The trend of a device (boxId) or of every device in scope, one bucket per Beijing day or hour
 * from startDate to endDate inclusive, empty buckets included. The online count is heartbeats
 * received: by day from device_daily, by hour from the raw heartbeats (kept for the recent weeks).
 * A device's trend reads its own rows; the scope's reads the roll-ups of its stores (or the
 * fleet's row 0 for a scope of every store), which migrations/130_device_rollups.sql keeps equal
 * to those rows.
 */
export async function alarmTrend(db: Queryable, scope: Scope, body: AlarmTrendBody): Promise<AlarmTrend> {
  const hourly = body.granularity === 'hour';
  const days = dayCount(body.startDate, body.endDate);
  if (days > (hourly ? ALARM_TREND_MAX_HOURLY_DAYS : ALARM_TREND_MAX_DAYS)) {
    throw new ApiError(400, hourly ? DeviceMessages.hourlyTrendRangeTooLong : DeviceMessages.trendRangeTooLong);
  }

  const params = new SqlParams();
  const start = `${params.add(body.startDate)}::date`;
  const end = `${params.add(body.endDate)}::date`;
  const range = { start, end, hourly };
  const { online, events } = body.boxId === undefined ? scopeCounts(scope, params, range) : deviceCounts(scope, body.boxId, params, range);
  const count = (kinds: string) => `coalesce(sum(ev.n) filter (where ev.kind in (${kinds})), 0)::int`;
  const rows = await db.query<{ label: string; online: number; hot: number; battery: number; maintain: number; alarms: number; triggers: number }>(
    `with buckets as (
       select b as bucket from generate_series(${start}::timestamp, ${end}::timestamp + interval '1 day' - interval '1 ${hourly ? 'hour' : 'day'}',
                                                interval '1 ${hourly ? 'hour' : 'day'}') as b
     ),
     online as (${online}),
     events as (${events})
     select to_char(b.bucket, '${hourly ? 'YYYY-MM-DD HH24:00' : 'YYYY-MM-DD'}') as label,
            coalesce(max(o.n), 0)::int as online,
            ${count(String(AlarmKind.highTemperature))} as hot,
            ${count(String(AlarmKind.lowBattery))} as battery,
            ${count(String(AlarmKind.maintain))} as maintain,
            ${count([AlarmKind.offline, AlarmKind.highTemperature, AlarmKind.lowBattery, AlarmKind.maintain, AlarmKind.trigger, AlarmKind.fault].join(', '))} as alarms,
            ${count(String(AlarmKind.trigger))} as triggers
     from buckets b
     left join online o on o.bucket = b.bucket
     left join events ev on ev.bucket = b.bucket
     group by b.bucket
     order by b.bucket`,
    params.values,
  );
  return {
    dateList: rows.map((row) => row.label),
    onlineCountList: rows.map((row) => row.online),
    highTemperatureCountList: rows.map((row) => row.hot),
    electricityTrendCountList: rows.map((row) => row.battery),
    maintainCountList: rows.map((row) => row.maintain),
    alarmCountList: rows.map((row) => row.alarms),
    triggerCountList: rows.map((row) => row.triggers),
  };
}

interface TrendRange {
  /** SQL of the first and last Beijing day. */
  start: string;
  end: string;
  hourly: boolean;
}

/** SQL of the buckets' online counts (bucket, n) and alarm counts (bucket, kind, n) of one device, from its own rows. */
function deviceCounts(scope: Scope, boxId: number, params: SqlParams, { start, end, hourly }: TrendRange) {
  const device = `select d.id from devices d where ${inScope(scope, 'd.customer_id', params)} and d.id = ${params.add(boxId)}`;
  const from = `(${start}::timestamp at time zone '${CHINA_TIME_ZONE}')`;
  const until = `((${end} + 1)::timestamp at time zone '${CHINA_TIME_ZONE}')`;
  const bucket = (column: string) =>
    hourly ? `date_trunc('hour', ${column} at time zone '${CHINA_TIME_ZONE}')` : `(${column} at time zone '${CHINA_TIME_ZONE}')::date::timestamp`;
  const online = hourly
    ? `select ${bucket('h.at')} as bucket, count(*)::int as n
       from device_heartbeats h
       where h.at >= ${from} and h.at < ${until} and h.device_id in (${device})
       group by 1`
    : `select (dd.month + (x.i - 1)::int)::timestamp as bucket, sum(x.n)::int as n
       from device_daily dd cross join unnest(dd.heartbeats) with ordinality as x(n, i)
       where dd.month between date_trunc('month', ${start})::date and ${end} and dd.device_id in (${device})
       group by 1`;
  const events = `select ${bucket('e.created_at')} as bucket, e.kind, count(*)::int as n
       from device_events e
       where e.created_at >= ${from} and e.created_at < ${until} and e.device_id in (${device}) and ${sqlIsAlarm('e')}
       group by 1, 2`;
  return { online, events };
}

/**
 * The same from the roll-ups: the stores in scope, or row 0 (the fleet) when the scope is every
 * store. Their buckets are Beijing hours and days already.
 */
function scopeCounts(scope: Scope, params: SqlParams, { start, end, hourly }: TrendRange) {
  const inScopeStores = inScope(scope, 'r.customer_id', params);
  const stores = inScopeStores === 'true' ? 'r.customer_id = 0' : `r.customer_id <> 0 and ${inScopeStores}`;
  const hours = `r.hour >= ${start}::timestamp and r.hour < (${end} + 1)::timestamp`;
  const hourBucket = hourly ? 'r.hour' : `date_trunc('day', r.hour)`;
  const online = hourly
    ? `select r.hour as bucket, sum(r.n)::int as n from heartbeat_hourly r where ${stores} and ${hours} group by 1`
    : `select r.day::timestamp as bucket, sum(r.n)::int as n from heartbeat_daily r where ${stores} and r.day between ${start} and ${end} group by 1`;
  const events = `select ${hourBucket} as bucket, r.kind, sum(r.n)::int as n from alarm_counts r where ${stores} and ${hours} group by 1, 2`;
  return { online, events };
}

/** Days from start to end inclusive; refuses impossible dates and reversed ranges. */
function dayCount(startDate: string, endDate: string): number {
  const start = calendarDay(startDate);
  const end = calendarDay(endDate);
  if (end < start) throw new ApiError(400, DeviceMessages.dateRangeReversed);
  return (end - start) / DAY_MS + 1;
}

export function calendarDay(date: string): number {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date) {
    throw new ApiError(400, `${DeviceMessages.badDate}: ${date}`);
  }
  return time;
}
