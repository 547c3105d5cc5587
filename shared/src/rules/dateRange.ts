import dayjs, { type Dayjs } from 'dayjs';
import { chinaDay } from './chinaClock.ts';

/** Wire formats (console-spec section 9): dates, and date-times for job-order filters. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** How a chart groups time, and how one of its periods becomes a date range. */
export const TimeType = { byMonth: 0, byOccurrence: 1 } as const;
export type TimeType = (typeof TimeType)[keyof typeof TimeType];

export interface TimeRange {
  startTime: string;
  endTime: string;
}

/** A picker's value: [start, end]. */
export type DateRangeValue = readonly [string, string];

/** Anything dayjs reads as an instant: a Date, epoch milliseconds, or a date string. */
export type DateInput = Date | number | string;

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** Day 01–31 in any month: the shape only, so the month contract's `-31` ends pass. */
const DAY_SHAPE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function parseMonth(period: string): string {
  if (!MONTH_PATTERN.test(period)) throw new RangeError(`Not a YYYY-MM month: ${period}`);
  return period;
}

function parseDay(date: string): Dayjs {
  const day = DAY_SHAPE_PATTERN.test(date) ? dayjs(date) : undefined;
  // dayjs rolls impossible dates over (02-30 becomes 03-01); the round trip refuses them.
  if (!day || day.format(DATE_FORMAT) !== date) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return day;
}

function toInstant(value: DateInput): Dayjs {
  const instant = dayjs(value);
  if (!instant.isValid()) throw new RangeError(`Not a date: ${String(value)}`);
  return instant;
}

export function formatDate(value: DateInput): string {
  return toInstant(value).format(DATE_FORMAT);
}

export function formatDateTime(value: DateInput): string {
  return toInstant(value).format(DATE_TIME_FORMAT);
}

/**
 * A month period as the backend contract has it: start `-01` and end literally `-31` for every
 * month, February included. The end is therefore not always a calendar date: the backend must
 * compare it as an inclusive upper bound on `YYYY-MM-DD` strings, or turn it into a real date
 * with `clampMonthEnd` before handing it to anything that parses dates.
 */
export function monthPeriodRange(period: string): TimeRange {
  const month = parseMonth(period);
  return { startTime: `${month}-01`, endTime: `${month}-31` };
}

/** Turns a day past the end of its month (the month contract's `-31`) into the month's last day. */
export function clampMonthEnd(date: string): string {
  if (!DAY_SHAPE_PATTERN.test(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const first = dayjs(`${date.slice(0, 7)}-01`);
  return first.date(Math.min(Number(date.slice(8)), first.daysInMonth())).format(DATE_FORMAT);
}

/** One occurrence date as a range: that day up to the next day. */
export function occurrenceRange(date: string): TimeRange {
  return { startTime: date, endTime: parseDay(date).add(1, 'day').format(DATE_FORMAT) };
}

/** The range of one chart period: a month (`YYYY-MM`) or an occurrence date (`YYYY-MM-DD`). */
export function rangeForTimeType(timeType: TimeType, value: string): TimeRange {
  return timeType === TimeType.byMonth ? monthPeriodRange(value) : occurrenceRange(value);
}

/** Date-picker shortcuts (console-spec section 9). `key` doubles as the i18n key. */
export const DATE_SHORTCUTS = [
  { key: 'lastWeek', label: '最近一周', days: 7 },
  { key: 'lastMonth', label: '最近一个月', days: 30 },
  { key: 'lastThreeMonths', label: '最近三个月', days: 90 },
] as const;
export type DateShortcutKey = (typeof DATE_SHORTCUTS)[number]['key'];

/**
 * [today minus the shortcut's days, today], today being `now`'s day in China: the backend counts
 * every date in China time, so a browser elsewhere must not end the range on its own (earlier or
 * later) day. `now` is passed in so callers and tests control the clock.
 */
export function shortcutRange(key: DateShortcutKey, now: DateInput): DateRangeValue {
  const shortcut = DATE_SHORTCUTS.find((candidate) => candidate.key === key);
  if (!shortcut) throw new RangeError(`Unknown date shortcut: ${key}`);
  const end = parseDay(chinaDay(toInstant(now).toDate()));
  return [end.subtract(shortcut.days, 'day').format(DATE_FORMAT), end.format(DATE_FORMAT)];
}

/**
 * The last calendar quarter that has ended by `now`'s day in China: on 2026-11-24, 2026-07-01 to
 * 2026-09-30. Audits review quarters (AIB's quarterly trend review), so a whole one is the
 * natural default period for an audit pack.
 */
export function lastFullQuarter(now: DateInput): DateRangeValue {
  const today = parseDay(chinaDay(toInstant(now).toDate()));
  const quarterStart = today.month(today.month() - (today.month() % 3)).date(1);
  const start = quarterStart.subtract(3, 'month');
  return [start.format(DATE_FORMAT), quarterStart.subtract(1, 'day').format(DATE_FORMAT)];
}

/** The device event list opens on the last 7 days. */
export function defaultEventRange(now: DateInput): DateRangeValue {
  return shortcutRange('lastWeek', now);
}

/**
 * A picker value as request fields, with empty bounds absent. Day and date-time bounds pass
 * through; a month bound (`YYYY-MM`, from a month picker) becomes its month period's start or
 * end, so a month range covers whole months under the month contract.
 */
export function splitRange(range: readonly (string | null | undefined)[] | null | undefined): Partial<TimeRange> {
  const [start, end] = range ?? [];
  const out: Partial<TimeRange> = {};
  if (start) out.startTime = MONTH_PATTERN.test(start) ? monthPeriodRange(start).startTime : start;
  if (end) out.endTime = MONTH_PATTERN.test(end) ? monthPeriodRange(end).endTime : end;
  return out;
}
