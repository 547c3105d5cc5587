import { ALARM_STATISTICS_MAX_DAYS, AlarmMessages, AlarmSeverity, AlarmState, DeviceMessages, type AlarmStatistics, type AlarmStatisticsBody } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { sqlIsAlarm } from '../common/linked-alarms.ts';
import { sqlTimeRange } from '../common/service-time.ts';
import { ApiError } from '../envelope.ts';
import { inScope, type Scope } from '../scope.ts';
import { sqlUnderCustomers } from './alarm-queries.ts';
import { calendarDay } from './alarm-trend.ts';

const DAY_MS = 86_400_000;

interface StatisticsRow {
  critical: number;
  major: number;
  minor: number;
  acknowledged: number;
  handled: number;
  ack: [number, number] | null;
  handle: [number, number] | null;
  oldest: number | null;
}

/**
 * The alarms (common/linked-alarms.ts) raised in the range in scope: counts by state (open ones by
 * severity), the median and 90th percentile of the time from raised to acknowledged and to handled
 * (PostgreSQL's percentile_cont, interpolated), and how long the oldest still open has waited at
 * `now`: the backend's clock, not the database's, so a board and a console that read the same
 * moment see the same wait.
 */
export async function alarmStatistics(db: Queryable, scope: Scope, body: AlarmStatisticsBody, now: Date): Promise<AlarmStatistics> {
  const days = (calendarDay(body.endDate) - calendarDay(body.startDate)) / DAY_MS + 1;
  if (days < 1) throw new ApiError(400, DeviceMessages.dateRangeReversed);
  if (days > ALARM_STATISTICS_MAX_DAYS) throw new ApiError(400, AlarmMessages.statisticsRangeTooLong);

  const params = new SqlParams();
  const conditions = [
    inScope(scope, 'e.customer_id', params),
    sqlIsAlarm('e'),
    ...sqlTimeRange('e.created_at', body.startDate, body.endDate, params),
  ];
  if (body.customerIds?.length) conditions.push(sqlUnderCustomers('e', body.customerIds, params));
  const open = (severity: AlarmSeverity) => `count(*) filter (where e.state = '${AlarmState.open}' and e.severity = '${severity}')::int`;
  const seconds = (until: string) => `extract(epoch from ${until} - e.created_at)::float8`;
  const [row] = await db.query<StatisticsRow>(
    `select ${open(AlarmSeverity.critical)} as critical, ${open(AlarmSeverity.major)} as major, ${open(AlarmSeverity.minor)} as minor,
            count(*) filter (where e.state = '${AlarmState.acknowledged}')::int as acknowledged,
            count(*) filter (where e.state = '${AlarmState.handled}')::int as handled,
            percentile_cont(array[0.5, 0.9]) within group (order by ${seconds('e.ack_at')}) filter (where e.ack_at is not null) as ack,
            percentile_cont(array[0.5, 0.9]) within group (order by ${seconds('e.handled_at')}) filter (where e.handled_at is not null) as handle,
            extract(epoch from ${params.add(now.toISOString())}::timestamptz - min(e.created_at) filter (where e.state = '${AlarmState.open}'))::float8 as oldest
     from device_events e
     where ${conditions.join(' and ')}`,
    params.values,
  );
  const durations = (values: [number, number] | null) => ({ median: values?.[0] ?? null, p90: values?.[1] ?? null });
  return {
    openBySeverity: { critical: row!.critical, major: row!.major, minor: row!.minor },
    acknowledged: row!.acknowledged,
    handled: row!.handled,
    timeToAcknowledge: durations(row!.ack),
    timeToHandle: durations(row!.handle),
    oldestOpenSeconds: row!.oldest === null ? null : Math.max(0, row!.oldest),
  };
}
