import { AlarmKind, CHINA_UTC_OFFSET_MS } from '@pest/shared';
import { DEFAULT_OFFLINE_AFTER_MISSED_HEARTBEATS, HEARTBEAT_INTERVAL_MS, offlineWindowMs, type OfflineRule } from '../../backend/common/offline-rule.ts';
import { sqlPick } from './hash.ts';
import { SEASONS } from './job-orders-vocabulary.ts';

/**
 * How often things happen to the fleet, read by both the history generator (telemetry*.ts) and
 * the simulator, so the live demo continues the seeded year instead of running at its own pace:
 * with different numbers the 24-hour alarm chart sat flat on the history and then jumped 30-fold
 * where the simulator took over. Change a rate here and both move.
 *
 * The seed draws whole counts per device from hashes (below: their ranges); the simulator needs
 * expected rates, derived from the same ranges in `SIMULATED_RATES`. The catch-up after a stop
 * (telemetry-catch-up.ts) draws its window's events as the seed does.
 */


/** The flap window the history was generated with: OFFLINE_AFTER_MISSED_HEARTBEATS at its default. */
export const HISTORY_OFFLINE_RULE: OfflineRule = {
  heartbeatIntervalMs: HEARTBEAT_INTERVAL_MS,
  missedHeartbeats: DEFAULT_OFFLINE_AFTER_MISSED_HEARTBEATS,
};
export const HISTORY_OFFLINE_WINDOW_SECONDS = offlineWindowMs(HISTORY_OFFLINE_RULE) / 1000;

/** Days over which the seed spreads a device's yearly events. */
export const EVENT_DAYS = 364;

/**
 * Catches, per box and year: kitchens 6 + 0..30, elsewhere 0..8. Rodents come out at night:
 * NIGHT_PERCENT of catches fall in the NIGHT_HOURS hours from NIGHT_FROM_HOUR (China time), the
 * rest at any hour. They follow the rodents of the point checks (job-orders-vocabulary.ts): the
 * month's season (CATCH_SEASON) and the store's activity (sqlStoreActivity, a problem store ×3, a
 * tidy one ×0.5), the latter relative to the average of the boxes of the same class (kitchen or
 * not), so a class's catches add up to these counts whatever its mix of stores.
 */
export const CATCHES = { kitchenBase: 6, kitchenSpread: 31, otherSpread: 9, nightPercent: 80, nightFromHour: 20, nightHours: 9 } as const;

const rodentMean = SEASONS.rodent.reduce((sum, factor) => sum + factor, 0) / SEASONS.rodent.length;
/** Catches by China month (January first), relative to the year's average (1 over the months). */
export const CATCH_SEASON: readonly number[] = SEASONS.rodent.map((factor) => factor / rodentMean);
export const CATCH_SEASON_MAX = Math.max(...CATCH_SEASON);

/** The catch season of the China month of `ms`. */
export function catchSeason(ms: number): number {
  return CATCH_SEASON[new Date(ms + CHINA_UTC_OFFSET_MS).getUTCMonth()]!;
}

/** SQL for the catch season of the month of a China date or local timestamp expression. */
export const sqlCatchSeason = (chinaDate: string) => `(array[${CATCH_SEASON.join(', ')}]::float8[])[extract(month from ${chinaDate})::int]`;

/** SQL: a box's catches in an average year before its store's activity and the season (CATCHES), by its id and whether it is in a kitchen. */
export const sqlYearlyCatches = (deviceId: string, kitchen: string) =>
  `(case when ${kitchen} then ${CATCHES.kitchenBase} + ${sqlPick('tele-trigger-kitchen', deviceId, CATCHES.kitchenSpread)}
         else ${sqlPick('tele-trigger-count', deviceId, CATCHES.otherSpread)} end)`;

/** Hot readings, kitchens only: 0..3 a year (`spread` 4), in the HOURS hours from FROM_HOUR. */
export const HOT_READINGS = { spread: 4, fromHour: 11, hours: 5 } as const;

/** Maintenance calls per box and year: a pick of 0..spread-1, less one, at least 0 (mean 1/3). */
export const MAINTENANCE_CALLS = { spread: 3 } as const;

/** Battery drain in hundredths of a percent a day: base + 0..spread-1; replaced at 5 %, so it crosses 20 % every 95 % of drain. */
export const BATTERY_DRAIN = { base: 20, spread: 31, cyclePercent: 95 } as const;

/** Outages per device: 0..maxCount over the history, each minSeconds plus 0..spreadSeconds long. */
export const OUTAGES = { maxCount: 3, minSeconds: 7200, spreadSeconds: 70 * 3600, overDays: 363 } as const;

/** Who a rate applies to. LoRa gateways catch nothing and have no battery; "kitchen" is the top region. */
export interface DeviceClass {
  gateways: boolean;
  boxes: boolean;
  kitchen: boolean | 'any';
}

export interface SimulatedRate {
  /** The alarm kind, or 'outage' for a device falling silent (offline only after the flap window). */
  what: AlarmKind | 'outage';
  who: DeviceClass;
  /** Expected events per device and day, over the year. */
  perDay: number;
  /**
   * Catches: the rate times the month's season (CATCH_SEASON), and the box that catches chosen by
   * its store's activity (sqlStoreActivity) times its own yearly count (sqlYearlyCatches), as the
   * seed spreads them. The others are flat over the year and the fleet.
   */
  followsRodents: boolean;
  /** Share of a day's events in each hour of the day (China time); sums to 1. */
  hourShare: readonly number[];
}

const mean = (spread: number) => (spread - 1) / 2;
const flat = Array.from({ length: 24 }, () => 1 / 24);
const inHours = (from: number, hours: number, hour: number) => (hour - from + 24) % 24 < hours;
const catchHours = Array.from(
  { length: 24 },
  (_, hour) => (100 - CATCHES.nightPercent) / 100 / 24 + (inHours(CATCHES.nightFromHour, CATCHES.nightHours, hour) ? CATCHES.nightPercent / 100 / CATCHES.nightHours : 0),
);
const hotHours = Array.from({ length: 24 }, (_, hour) => (inHours(HOT_READINGS.fromHour, HOT_READINGS.hours, hour) ? 1 / HOT_READINGS.hours : 0));
/** Mean of max(0, pick(spread) - 1) counted from 1: picks 0 and 1 give none. */
const maintenanceMean = Array.from({ length: MAINTENANCE_CALLS.spread }, (_, pick) => Math.max(0, pick - 1)).reduce((a, b) => a + b, 0) / MAINTENANCE_CALLS.spread;
/** Mean of how many n in 1..spread-1 satisfy n <= pick(spread). */
const hotMean = mean(HOT_READINGS.spread);

const BOXES: DeviceClass = { gateways: false, boxes: true, kitchen: 'any' };

export const SIMULATED_RATES: readonly SimulatedRate[] = [
  { what: AlarmKind.trigger, who: { ...BOXES, kitchen: true }, perDay: (CATCHES.kitchenBase + mean(CATCHES.kitchenSpread)) / EVENT_DAYS, followsRodents: true, hourShare: catchHours },
  { what: AlarmKind.trigger, who: { ...BOXES, kitchen: false }, perDay: mean(CATCHES.otherSpread) / EVENT_DAYS, followsRodents: true, hourShare: catchHours },
  { what: AlarmKind.highTemperature, who: { gateways: true, boxes: true, kitchen: true }, perDay: hotMean / EVENT_DAYS, followsRodents: false, hourShare: hotHours },
  { what: AlarmKind.maintain, who: BOXES, perDay: maintenanceMean / EVENT_DAYS, followsRodents: false, hourShare: flat },
  { what: AlarmKind.lowBattery, who: BOXES, perDay: (BATTERY_DRAIN.base + mean(BATTERY_DRAIN.spread)) / 100 / BATTERY_DRAIN.cyclePercent, followsRodents: false, hourShare: flat },
  { what: 'outage', who: { gateways: true, boxes: true, kitchen: 'any' }, perDay: mean(OUTAGES.maxCount + 1) / OUTAGES.overDays, followsRodents: false, hourShare: flat },
];

/**
 * Devices offline when the history ends went silent up to this many days before (beyond the flap
 * window); the simulator keeps each silent for a share of it, so they come back spread out
 * rather than all on the first day.
 */
export const OPEN_OUTAGE_DAYS = 20;

/** An outage's length in ms for a number from 0 to 1, as the seed draws them. */
export const outageLengthMs = (fraction: number) => (OUTAGES.minSeconds + fraction * OUTAGES.spreadSeconds) * 1000;
