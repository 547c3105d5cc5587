import dayjs from 'dayjs';
import { isCalendarDay } from '../contract/common.ts';
import { clampMonthEnd, DATE_FORMAT, monthPeriodRange, occurrenceRange, type TimeRange } from './dateRange.ts';

/**
 * Chart periods (console-spec section 9, and contract/charts/chart-calls.ts "Time"): the keys a chart's
 * x axis holds and the date ranges they stand for.
 *   month       'yyyy-MM'     month+'-01' .. month+'-31'
 *   quarter     'yyyy-Qn'     first month+'-01' .. last month+'-31'
 *   occurrence  'yyyy-MM-dd'  day .. day plus one
 */
export type PeriodGrain = 'month' | 'quarter' | 'occurrence';

const MONTH_KEY = /^\d{4}-(0[1-9]|1[0-2])$/;
const QUARTER_KEY = /^(\d{4})-Q([1-4])$/;
const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;

/** The range a drill-down call sends for a key of keyList / timeList. */
export function chartKeyRange(key: string): TimeRange {
  if (MONTH_KEY.test(key)) return monthPeriodRange(key);
  const quarter = QUARTER_KEY.exec(key);
  if (quarter) {
    const firstMonth = (Number(quarter[2]) - 1) * 3 + 1;
    const month = (m: number) => `${quarter[1]}-${String(m).padStart(2, '0')}`;
    return { startTime: monthPeriodRange(month(firstMonth)).startTime, endTime: monthPeriodRange(month(firstMonth + 2)).endTime };
  }
  if (DAY_KEY.test(key)) return occurrenceRange(key);
  throw new RangeError(`Not a chart period: ${key}`);
}

/** The key of the period a day (yyyy-MM-dd) falls in. */
export function periodKeyOf(grain: PeriodGrain, day: string): string {
  if (grain === 'occurrence') return day;
  if (grain === 'month') return day.slice(0, 7);
  return `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
}

/** Every month or quarter key from the one holding `from` to the one holding `to` (real dates, from ≤ to). */
export function periodKeysBetween(grain: Exclude<PeriodGrain, 'occurrence'>, from: string, to: string): string[] {
  const keys: string[] = [];
  const last = periodKeyOf(grain, to);
  for (let month = dayjs(`${from.slice(0, 7)}-01`); ; month = month.add(grain === 'month' ? 1 : 3, 'month')) {
    const key = periodKeyOf(grain, month.format(DATE_FORMAT));
    keys.push(key);
    if (key === last) return keys;
  }
}

/** A request's inclusive day bounds as real dates; either may be absent. */
export interface DayBounds {
  from?: string;
  to?: string;
}

export class ChartDateError extends Error {
  constructor(readonly reason: 'invalidDate' | 'dateRangeReversed') {
    super(reason);
  }
}

/**
 * startTime/endTime of a chart call as real inclusive days: the end may run past its month
 * (the month contract's '-31') and means the month's last day; the start must be a real date
 * and not after the end.
 */
export function chartDayBounds(startTime: string | undefined, endTime: string | undefined): DayBounds {
  const bounds: DayBounds = {};
  if (startTime) {
    if (!isCalendarDay(startTime)) throw new ChartDateError('invalidDate');
    bounds.from = startTime;
  }
  if (endTime) {
    let to: string;
    try {
      to = clampMonthEnd(endTime);
    } catch {
      throw new ChartDateError('invalidDate');
    }
    bounds.to = to;
  }
  if (bounds.from && bounds.to && bounds.from > bounds.to) throw new ChartDateError('dateRangeReversed');
  return bounds;
}

/**
 * A chart's x axis: every month or quarter between the bounds when both are given (empty ones
 * included), otherwise the periods that have data; occurrences are always the days with data.
 */
export function chartPeriodKeys(grain: PeriodGrain, bounds: DayBounds, keysWithData: Iterable<string>): string[] {
  if (grain !== 'occurrence' && bounds.from && bounds.to) return periodKeysBetween(grain, bounds.from, bounds.to);
  return [...new Set(keysWithData)].sort();
}

/** The grain of a time type (0 by month, 1 by occurrence; absent by month) or of quarterType 1. */
export function grainOf(timeType: number | undefined, quarterType?: number): PeriodGrain {
  if (timeType === 1) return 'occurrence';
  if (timeType === undefined && quarterType === 1) return 'quarter';
  return 'month';
}
