import { AlarmKind, CHINA_TIME_ZONE, DeviceKind } from '@pest/shared';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock/manual-clock.ts';
import type { Db } from '../../backend/db/db.ts';
import { sqlStoreActivity } from '../seed/store-activity.ts';
import { SEASONS, STORE_ACTIVITY } from '../seed/job-orders-vocabulary.ts';
import { openTestDb, testDriver } from '../../backend/db/testing.ts';
import { HISTORY_OFFLINE_RULE } from '../seed/fleet-rates.ts';
import { startPeriodicSweep } from '../../backend/common/periodic-sweep.ts';
import { offlineWatch } from '../../backend/devices/offline-watch.ts';
import { startSimulator } from './simulator.ts';

const silent = pino({ level: 'silent' });
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Many times the history's pace, so that even the rare kinds count dozens in a simulated day of the small fleet. */
const SPEED = 30;
/** An offline alarm comes a flap window (18 h) after its outage began: those are counted after this. */
const WARM_UP_HOURS = 19;
const ALARM_KINDS = [AlarmKind.offline, AlarmKind.highTemperature, AlarmKind.lowBattery, AlarmKind.maintain, AlarmKind.trigger];
/** The year in quarters, long enough for a small fleet's quiet hour to count a dozen alarms in each; the median over them is the history's rate. */
const PERIOD_DAYS = 91;
const PERIODS = 4;

/** A seeded random, so the run is the same every time. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface Count {
  kind: number;
  hour: number;
  period: number;
  month: number;
  n: number;
}

/**
 * Catches follow the rodents' season (job-orders-vocabulary.ts, as the point checks): the test
 * counts each catch as 1 / its month's factor relative to the year's average, in the history and
 * on the simulated day alike, so a quarter of winter and a day of summer compare.
 */
const rodentMean = SEASONS.rodent.reduce((sum, factor) => sum + factor, 0) / SEASONS.rodent.length;
const catchWeight = (kind: number, month: number) => (kind === AlarmKind.trigger ? rodentMean / SEASONS.rodent[month - 1]! : 1);

/**
 * The simulator continues the seeded history: the test counts the history's alarms itself from
 * the generated rows (not from the rates the simulator reads), runs a simulated day and a warm-up
 * of the small fleet on the manual clock, and compares, catches taken out of their season.
 */
// The demo's statistics, which no database changes: on PostgreSQL (CI's second pass, for the API)
// this file was the pass's longest, as long as the HTTP fuzz of every route.
describe.skipIf(testDriver === 'postgres')(`simulator rates on ${testDriver}`, () => {
  let db: Db;

  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db?.close());

  // Every report also keeps the device roll-ups (migrations/130_device_rollups.sql): 85 s on PGlite in CI.
  it("raises each kind of alarm at the seeded history's median rate, over the day and through it, within ±50 %, catches in season and where the history has them", { timeout: 480_000 }, async () => {
    const [{ end }] = (await db.query<{ end: Date }>(`select max(created_at) as end from device_events`)) as [{ end: Date }];
    const history = await db.query<Count>(
      `select kind, extract(hour from created_at at time zone '${CHINA_TIME_ZONE}')::int as hour,
              floor(extract(epoch from $1::timestamptz - created_at) / ${PERIOD_DAYS * 86400})::int as period,
              extract(month from created_at at time zone '${CHINA_TIME_ZONE}')::int as month, count(*)::int as n
       from device_events
       where kind = any($2::int[]) and gateway_alarm_id is null and created_at > $1::timestamptz - interval '${PERIOD_DAYS * PERIODS} days'
       group by 1, 2, 3, 4`,
      [end, ALARM_KINDS],
    );
    const perPeriod = (match: (row: Count) => boolean) =>
      median(
        Array.from(
          { length: PERIODS },
          (_, period) => history.filter((row) => row.period === period && match(row)).reduce((sum, row) => sum + row.n * catchWeight(row.kind, row.month), 0) / PERIOD_DAYS,
        ),
      );

    const start = new Date(end).getTime() + 60_000;
    const clock = createManualClock(start);
    const simulator = startSimulator(db, silent, {
      speed: SPEED,
      // Enough for every device to report well inside its 6-hour interval, few enough to be quick.
      heartbeatsPerSecond: 0.03,
      tickMs: 5 * 60_000,
      random: mulberry32(16),
      clock,
    });
    // The backend's offline watch turns the outages' silence into offline alarms, a sweep per tick.
    const watch = startPeriodicSweep([offlineWatch(db, HISTORY_OFFLINE_RULE, start)], { everyMs: 5 * 60_000, logger: silent, clock });
    await clock.advance((WARM_UP_HOURS + 24) * HOUR);
    await watch.stop();
    await simulator.stop();

    const simulated = await db.query<Omit<Count, 'period'>>(
      `select kind, extract(hour from created_at at time zone '${CHINA_TIME_ZONE}')::int as hour,
              extract(month from created_at at time zone '${CHINA_TIME_ZONE}')::int as month, count(*)::int as n
       from device_events
       where kind = any($1::int[]) and gateway_alarm_id is null and created_at >= $2 and created_at < $3
       group by 1, 2, 3`,
      [ALARM_KINDS, new Date(start + WARM_UP_HOURS * HOUR).toISOString(), new Date(start + WARM_UP_HOURS * HOUR + DAY).toISOString()],
    );
    const simulatedPerDay = (match: (row: Omit<Count, 'period'>) => boolean) =>
      simulated.filter(match).reduce((sum, row) => sum + row.n * catchWeight(row.kind, row.month), 0) / SPEED;

    // Every kind over the day.
    const byKind = ALARM_KINDS.map((kind) => {
      const seeded = perPeriod((row) => row.kind === kind);
      const live = simulatedPerDay((row) => row.kind === kind);
      return { kind, seeded: +seeded.toFixed(2), live: +live.toFixed(2), ratio: +(live / seeded).toFixed(2) };
    });
    // Every three hours of the day, the kinds together: a small fleet's quiet hour holds a few
    // dozen alarms a year, too few for its own median, but the night's catches and the midday
    // heat must show. Offline alarms come in clusters (a gateway takes its boxes along) that a
    // small fleet cannot average out; they are flat over the day and compared per day above.
    const inBlock = (row: Omit<Count, 'period'>, from: number) => row.hour >= from && row.hour < from + 3 && row.kind !== AlarmKind.offline;
    const byHour = Array.from({ length: 8 }, (_, block) => {
      const hour = block * 3;
      const seeded = perPeriod((row) => inBlock(row, hour));
      const live = simulatedPerDay((row) => inBlock(row, hour));
      return { hour, seeded: +seeded.toFixed(2), live: +live.toFixed(2), ratio: +(live / seeded).toFixed(2) };
    });
    for (const row of [...byKind, ...byHour]) expect(row.seeded, JSON.stringify(row)).toBeGreaterThan(0);
    expect(byKind.filter((row) => row.ratio < 0.5 || row.ratio > 1.5), JSON.stringify(byKind)).toEqual([]);
    expect(byHour.filter((row) => row.ratio < 0.5 || row.ratio > 1.5), JSON.stringify(byHour)).toEqual([]);
    // Catches, hundreds a simulated day, closer: a simulator blind to the season would be off by
    // its month's factor (0.7 to 1.4 of the year's average).
    const catches = byKind.find((row) => row.kind === AlarmKind.trigger)!;
    expect(Math.abs(catches.ratio - 1), JSON.stringify(catches)).toBeLessThanOrEqual(0.2);

    // Where the catches happen: per box, a problem store's many times a tidy one's, live as in the
    // history. The shares themselves vary from day to day: at this speed an outage silences a
    // store's LoRa boxes for hours, and the small fleet has few problem stores.
    const boxes = await db.query<{ activity: number; n: number }>(
      `select ${sqlStoreActivity('d.customer_id')} as activity, count(*)::int as n
       from devices d join device_types t on t.id = d.device_type_id where t.smart_kind <> ${DeviceKind.loraGateway} group by 1`,
    );
    const problemOverTidy = async (from: number, to: number) => {
      const rows = await db.query<{ activity: number; n: number }>(
        `select ${sqlStoreActivity('customer_id')} as activity, count(*)::int as n from device_events
         where kind = ${AlarmKind.trigger} and created_at >= $1 and created_at < $2 group by 1`,
        [new Date(from).toISOString(), new Date(to).toISOString()],
      );
      const perBox = (activity: number) =>
        (rows.find((row) => row.activity === activity)?.n ?? 0) / (boxes.find((row) => row.activity === activity)?.n ?? Number.NaN);
      return perBox(STORE_ACTIVITY.problemFactor) / perBox(STORE_ACTIVITY.tidyFactor);
    };
    const seededRatio = await problemOverTidy(new Date(end).getTime() - PERIOD_DAYS * PERIODS * DAY, new Date(end).getTime());
    const liveRatio = await problemOverTidy(start + WARM_UP_HOURS * HOUR, start + WARM_UP_HOURS * HOUR + DAY);
    const ratios = JSON.stringify({ seededRatio, liveRatio });
    expect(seededRatio, ratios).toBeGreaterThan(STORE_ACTIVITY.problemFactor / STORE_ACTIVITY.tidyFactor / 2);
    expect(liveRatio, ratios).toBeGreaterThan(seededRatio / 2);
    expect(liveRatio, ratios).toBeLessThan(seededRatio * 2);
  });
});
