import { ALARM_STATISTICS_MAX_DAYS, AlarmMessages, AlarmSeverity, AlarmState, DeviceMessages, type AlarmStatistics, type AlarmStatisticsBody } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { sqlIsAlarm } from '../common/linked-alarms.ts';
import { sqlTimeRange } from '../common/service-time.ts';
import { ApiError } from '../envelope.ts';
import { inScope, seesEverything, seesWholeOrganisations, type Scope } from '../scope.ts';
import { organisationRollups, splitAtWholeMonths } from '../common/service-rollups.ts';
import { underCustomers } from '../common/store-filters.ts';
import { alarmStateCounts } from './alarm-queries.ts';
import { calendarDay } from './alarm-trend.ts';

const DAY_MS = 86_400_000;

interface WaitsRow {
  ack: number[] | null;
  handle: number[] | null;
  oldest: number | null;
}

/**
 * The alarms (common/linked-alarms.ts) in scope matching the alarm list's filters (stores, days,
 * kinds, severities; no days: all of them): counts by state (open ones by severity), the median
 * and 90th percentile of the time from raised to acknowledged and to handled (PostgreSQL's
 * percentile_cont, interpolated), and how long the oldest still open has waited at `now`: the
 * backend's clock, not the database's, so a board and a console that read the same moment see the
 * same wait. The counts come from the roll-up the list's tabs are counted from (alarmStateCounts),
 * so they are the tabs' figures. The waits of the whole fleet's and whole organisations' alarms of
 * every kind and severity are read from their roll-ups (migration 210), the same figures to the last
 * bit; a group's, a store's or a kind's from the rows.
 */
export async function alarmStatistics(db: Queryable, scope: Scope, body: AlarmStatisticsBody, now: Date): Promise<AlarmStatistics> {
  if (body.startDate !== undefined && body.endDate !== undefined) {
    const days = (calendarDay(body.endDate) - calendarDay(body.startDate)) / DAY_MS + 1;
    if (days < 1) throw new ApiError(400, DeviceMessages.dateRangeReversed);
    if (days > ALARM_STATISTICS_MAX_DAYS) throw new ApiError(400, AlarmMessages.statisticsRangeTooLong);
  }
  const narrowed = Boolean(body.types?.length || body.severities?.length);
  const rollups = narrowed ? null : await statisticsRollups(db, scope, body.customerIds);
  const [counts, waits] = await Promise.all([
    alarmStateCounts(db, scope, body),
    rollups ? waitsFromRollups(db, scope, body, now, rollups) : waitsFromRows(db, scope, body, now),
  ]);
  const count = (state: AlarmState, severity?: AlarmSeverity) =>
    counts.filter((one) => one.state === state && (severity === undefined || one.severity === severity)).reduce((sum, one) => sum + one.n, 0);
  const durations = (values: number[] | null) => ({ median: values?.[0] ?? null, p90: values?.[1] ?? null });
  return {
    openBySeverity: { critical: count(AlarmState.open, AlarmSeverity.critical), major: count(AlarmState.open, AlarmSeverity.major), minor: count(AlarmState.open, AlarmSeverity.minor) },
    acknowledged: count(AlarmState.acknowledged),
    handled: count(AlarmState.handled),
    timeToAcknowledge: durations(waits.ack),
    timeToHandle: durations(waits.handle),
    oldestOpenSeconds: waits.oldest === null ? null : Math.max(0, waits.oldest),
  };
}

/** SQL conditions on device_events e: the alarms in scope matching the statistics' filters. */
function alarmsAsked(scope: Scope, body: AlarmStatisticsBody, params: SqlParams): string[] {
  return [
    inScope(scope, 'e.customer_id', params),
    sqlIsAlarm('e'),
    ...sqlTimeRange('e.created_at', body.startDate, body.endDate, params),
    ...(body.customerIds?.length ? [underCustomers('e.customer_id', body.customerIds, params)] : []),
    ...(body.types?.length ? [`e.kind = any(${params.add(body.types)}::smallint[])`] : []),
    ...(body.severities?.length ? [`e.severity = any(${params.add(body.severities)}::text[])`] : []),
  ];
}

/**
 * SQL conditions on a statistics roll-up row `r` (migration 210) when the roll-ups hold the
 * alarms asked for: the whole fleet's (its row 0), or whole organisations' (every customer asked
 * for is one, and the scope sees them whole); else null, for the rows.
 */
async function statisticsRollups(db: Queryable, scope: Scope, customerIds: readonly number[] | undefined): Promise<((params: SqlParams) => string[]) | null> {
  if (seesEverything(scope) && !customerIds?.length) return () => ['r.organisation_id = 0'];
  if (seesWholeOrganisations(scope)?.areaIds.length) return null;
  const organisations = await organisationRollups(db, scope, customerIds?.length ? customerIds : null, {});
  return organisations && ((params) => organisations('r', params));
}

async function waitsFromRows(db: Queryable, scope: Scope, body: AlarmStatisticsBody, now: Date): Promise<WaitsRow> {
  const params = new SqlParams();
  const conditions = alarmsAsked(scope, body, params);
  const [row] = await db.query<WaitsRow>(
    `select percentile_cont(array[${PERCENTILES.join(', ')}]) within group (order by ${waitSeconds('ack_at')}) filter (where e.ack_at is not null) as ack,
            percentile_cont(array[${PERCENTILES.join(', ')}]) within group (order by ${waitSeconds('handled_at')}) filter (where e.handled_at is not null) as handle,
            extract(epoch from ${params.add(now.toISOString())}::timestamptz - min(e.created_at) filter (where e.state = '${AlarmState.open}'))::float8 as oldest
     from device_events e
     where ${conditions.join(' and ')}`,
    params.values,
  );
  return row!;
}

/** The median and the 90th percentile. */
const PERCENTILES = [0.5, 0.9] as const;

/** SQL: seconds from raising the alarm e to its `until` column, as the roll-ups' indexes (migration 210) compute them. */
const waitSeconds = (until: 'ack_at' | 'handled_at') => `alarm_wait_seconds(e.created_at, e.${until})`;

/** The waits of the statistics roll-ups (migration 210): their measure and the alarm column that ends them. */
const WAITS = [
  { measure: 1, until: 'ack_at' },
  { measure: 2, until: 'handled_at' },
] as const;

/**
 * The waits from the roll-ups (rows `rollups`) of the range's months and days around them (no
 * range: every month): each percentile from the two waits it interpolates between, found by rank:
 * the buckets' counts name the bucket and the rank within it, and that bucket's waits in the range
 * and scope (an index range of a few thousand at most) give the wait.
 */
async function waitsFromRollups(
  db: Queryable,
  scope: Scope,
  body: AlarmStatisticsBody,
  now: Date,
  rollups: (params: SqlParams) => string[],
): Promise<WaitsRow> {
  const { months, edges } = splitAtWholeMonths({ from: body.startDate, to: body.endDate });
  const conditions = (params: SqlParams) => {
    const inMonths = [
      `r.grain = 'm'`,
      ...(months?.from ? [`r.period >= ${params.add(months.from)}::date`] : []),
      ...(months?.to ? [`r.period <= ${params.add(months.to)}::date`] : []),
    ];
    const periods = [
      ...(months ? [`(${inMonths.join(' and ')})`] : []),
      ...edges.map((days) => `(r.grain = 'd' and r.period between ${params.add(days.from)}::date and ${params.add(days.to)}::date)`),
    ];
    return [...rollups(params), `(${periods.join(' or ')})`].join(' and ');
  };
  const bucketParams = new SqlParams();
  const buckets = await db.query<{ measure: number; bucket: number; n: number }>(
    `select r.measure, r.bucket, sum(r.n)::int as n from alarm_statistic_waits r where ${conditions(bucketParams)}
     group by 1, 2 having sum(r.n) > 0 order by 1, 2`,
    bucketParams.values,
  );

  const params = new SqlParams();
  const inRange = alarmsAsked(scope, body, params).join(' and ');
  const percentiles = WAITS.map(({ measure, until }) => {
    const ofMeasure = buckets.filter((row) => row.measure === measure);
    const total = ofMeasure.reduce((sum, row) => sum + row.n, 0);
    if (total === 0) return [];
    return PERCENTILES.map((percentile) => {
      const position = percentile * (total - 1);
      const [from, to] = [Math.floor(position), Math.ceil(position)];
      return { position, count: to - from + 1, waits: waitsAtRanks(ofMeasure, from, to, until, inRange, params) };
    });
  });
  const [row] = await db.query<{ oldest: number | null } & Record<`w${number}`, number[]>>(
    `select extract(epoch from ${params.add(now.toISOString())}::timestamptz - (
              select min(e.created_at) from device_events e where e.state = '${AlarmState.open}' and ${inRange}))::float8 as oldest
            ${percentiles.flat().map(({ waits }, i) => `, ${waits.join(' || ')} as w${i}`).join('')}`,
    params.values,
  );
  // A write between reading the buckets and reading their waits can take a wait out of its bucket
  // (a store moved to another organisation): the rows answer that rare call instead.
  const waits = percentiles.flat().map((_, i) => row![`w${i}`]!);
  if (percentiles.flat().some(({ count }, i) => waits[i]!.length !== count)) return waitsFromRows(db, scope, body, now);
  let next = 0;
  // percentile_cont's interpolation, in the same float8 arithmetic: lo + (hi - lo) * fraction.
  const interpolated = percentiles.map((ofMeasure) =>
    ofMeasure.length === 0
      ? null
      : ofMeasure.map(({ position }) => {
          const read = waits[next++]!;
          const [lo, hi] = [read[0]!, read.at(-1)!];
          return lo + (hi - lo) * (position - Math.floor(position));
        }),
  );
  return { ack: interpolated[0]!, handle: interpolated[1]!, oldest: row!.oldest ?? null };
}

/**
 * SQL arrays that together hold, in order, the waits at 0-based ranks `from` to `to` (the same or
 * the next) among the range's waits to `until`, whose buckets and counts are `buckets`: one per
 * bucket they fall in.
 */
function waitsAtRanks(
  buckets: { bucket: number; n: number }[],
  from: number,
  to: number,
  until: 'ack_at' | 'handled_at',
  inRange: string,
  params: SqlParams,
): string[] {
  const reads = new Map<number, { offset: number; count: number }>();
  for (let rank = from; rank <= to; rank++) {
    let before = 0;
    const holding = buckets.find((row) => (before += row.n) > rank)!;
    const read = reads.get(holding.bucket);
    if (read) read.count++;
    else reads.set(holding.bucket, { offset: rank - (before - holding.n), count: 1 });
  }
  const seconds = waitSeconds(until);
  // The index (migration 210) lists a bucket's waits in order: the read stops at the rank.
  return [...reads].map(
    ([bucket, { offset, count }]) => `array(select ${seconds} from device_events e
      where alarm_wait_bucket(${seconds}) = ${params.add(bucket)} and e.${until} is not null and ${inRange}
      order by 1 offset ${params.add(offset)} limit ${count})`,
  );
}
