import { describe, expect, it } from 'vitest';
import {
  DATE_SHORTCUTS,
  TimeType,
  clampMonthEnd,
  defaultEventRange,
  formatDate,
  formatDateTime,
  lastFullQuarter,
  monthPeriodRange,
  occurrenceRange,
  rangeForTimeType,
  shortcutRange,
  splitRange,
} from './dateRange.ts';

/** Local wall-clock instants, so the assertions hold in any time zone. */
const at = (year: number, month: number, day: number, hour = 10, minute = 0, second = 0) =>
  new Date(year, month - 1, day, hour, minute, second);

describe('TimeType', () => {
  it('is 0 by month and 1 by occurrence', () => {
    expect(TimeType).toEqual({ byMonth: 0, byOccurrence: 1 });
  });
});

describe('formatDate / formatDateTime', () => {
  it('formats dates as YYYY-MM-DD', () => {
    expect(formatDate(at(2024, 3, 5))).toBe('2024-03-05');
  });
  it('formats job-order date-times as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatDateTime(at(2024, 12, 31, 23, 59, 7))).toBe('2024-12-31 23:59:07');
  });
  it('accepts epoch milliseconds and date strings', () => {
    expect(formatDate(at(2024, 1, 2).getTime())).toBe('2024-01-02');
    expect(formatDateTime('2024-01-02')).toBe('2024-01-02 00:00:00');
  });
  it('refuses what is not a date', () => {
    expect(() => formatDate('soon')).toThrow(RangeError);
    expect(() => formatDateTime(Number.NaN)).toThrow(RangeError);
  });
});

describe('monthPeriodRange', () => {
  it('starts on -01 and ends on -31 for a 31-day month', () => {
    expect(monthPeriodRange('2024-01')).toEqual({ startTime: '2024-01-01', endTime: '2024-01-31' });
  });
  it('ends on -31 even for 30-day months and February (the contract, not a calendar date)', () => {
    expect(monthPeriodRange('2024-04')).toEqual({ startTime: '2024-04-01', endTime: '2024-04-31' });
    expect(monthPeriodRange('2023-02')).toEqual({ startTime: '2023-02-01', endTime: '2023-02-31' });
    expect(monthPeriodRange('2024-02')).toEqual({ startTime: '2024-02-01', endTime: '2024-02-31' });
  });
  it('still bounds every day of the month as an inclusive string upper bound', () => {
    const { startTime, endTime } = monthPeriodRange('2023-02');
    for (const day of ['2023-02-01', '2023-02-28']) expect(day >= startTime && day <= endTime).toBe(true);
    expect('2023-03-01' <= endTime).toBe(false);
  });
  it('refuses what is not a YYYY-MM month', () => {
    for (const bad of ['2024-13', '2024-1', '2024-01-01', '']) expect(() => monthPeriodRange(bad)).toThrow(RangeError);
  });
});

describe('clampMonthEnd', () => {
  it('turns -31 into the real last day of the month', () => {
    expect(clampMonthEnd('2024-01-31')).toBe('2024-01-31');
    expect(clampMonthEnd('2024-04-31')).toBe('2024-04-30');
    expect(clampMonthEnd('2023-02-31')).toBe('2023-02-28');
    expect(clampMonthEnd('2024-02-31')).toBe('2024-02-29');
    expect(clampMonthEnd('1900-02-31')).toBe('1900-02-28');
    expect(clampMonthEnd('2000-02-31')).toBe('2000-02-29');
  });
  it('leaves days inside the month alone', () => {
    expect(clampMonthEnd('2023-02-28')).toBe('2023-02-28');
    expect(clampMonthEnd('2023-02-01')).toBe('2023-02-01');
  });
  it('clamps the end of a month period to a real date', () => {
    expect(clampMonthEnd(monthPeriodRange('2023-02').endTime)).toBe('2023-02-28');
  });
  it('refuses what is not shaped YYYY-MM-DD', () => {
    for (const bad of ['2024-02-32', '2024-02-00', '2024-02', '2024-2-1'])
      expect(() => clampMonthEnd(bad)).toThrow(RangeError);
  });
});

describe('occurrenceRange', () => {
  it('ends the day after it starts', () => {
    expect(occurrenceRange('2024-03-05')).toEqual({ startTime: '2024-03-05', endTime: '2024-03-06' });
  });
  it('crosses month ends, February in leap and common years, and the year boundary', () => {
    expect(occurrenceRange('2024-01-31').endTime).toBe('2024-02-01');
    expect(occurrenceRange('2024-02-28').endTime).toBe('2024-02-29');
    expect(occurrenceRange('2024-02-29').endTime).toBe('2024-03-01');
    expect(occurrenceRange('2023-02-28').endTime).toBe('2023-03-01');
    expect(occurrenceRange('2024-12-31').endTime).toBe('2025-01-01');
  });
  it('refuses impossible or malformed dates instead of rolling them over', () => {
    for (const bad of ['2023-02-29', '2024-04-31', '2024-03', '05/03/2024'])
      expect(() => occurrenceRange(bad)).toThrow(RangeError);
  });
});

describe('rangeForTimeType', () => {
  it('uses the month rule by month', () => {
    expect(rangeForTimeType(TimeType.byMonth, '2024-02')).toEqual({ startTime: '2024-02-01', endTime: '2024-02-31' });
  });
  it('uses the occurrence rule by occurrence', () => {
    expect(rangeForTimeType(TimeType.byOccurrence, '2024-12-31')).toEqual({
      startTime: '2024-12-31',
      endTime: '2025-01-01',
    });
  });
});

describe('DATE_SHORTCUTS', () => {
  it('lists last week, last month and last 3 months with their zh labels and i18n keys', () => {
    expect(DATE_SHORTCUTS).toEqual([
      { key: 'lastWeek', label: '最近一周', days: 7 },
      { key: 'lastMonth', label: '最近一个月', days: 30 },
      { key: 'lastThreeMonths', label: '最近三个月', days: 90 },
    ]);
  });
});

/** Instants by China's wall clock (UTC+8), whatever zone the tests run in. */
const inChina = (year: number, month: number, day: number, hour = 10, minute = 0, second = 0) =>
  new Date(Date.UTC(year, month - 1, day, hour - 8, minute, second));

describe('lastFullQuarter', () => {
  it('is the quarter before the one that holds today in China', () => {
    expect(lastFullQuarter(new Date('2026-11-24T08:00:00Z'))).toEqual(['2026-07-01', '2026-09-30']);
    expect(lastFullQuarter(new Date('2026-10-01T00:00:00+08:00'))).toEqual(['2026-07-01', '2026-09-30']);
    expect(lastFullQuarter(new Date('2026-06-30T23:59:00+08:00'))).toEqual(['2026-01-01', '2026-03-31']);
  });
  it('crosses the year in the first quarter, also when the browser’s day is still the last of the year', () => {
    expect(lastFullQuarter(new Date('2026-02-15T12:00:00+08:00'))).toEqual(['2025-10-01', '2025-12-31']);
    // 2025-12-31 20:00 UTC is 2026-01-01 in China: the fourth quarter has ended.
    expect(lastFullQuarter(new Date('2025-12-31T20:00:00Z'))).toEqual(['2025-10-01', '2025-12-31']);
  });
});

describe('shortcutRange', () => {
  const now = inChina(2024, 6, 15);
  it('goes back 7, 30 and 90 days from now, ending today', () => {
    expect(shortcutRange('lastWeek', now)).toEqual(['2024-06-08', '2024-06-15']);
    expect(shortcutRange('lastMonth', now)).toEqual(['2024-05-16', '2024-06-15']);
    expect(shortcutRange('lastThreeMonths', now)).toEqual(['2024-03-17', '2024-06-15']);
  });
  it('crosses month ends and a leap February', () => {
    expect(shortcutRange('lastWeek', inChina(2024, 3, 3))).toEqual(['2024-02-25', '2024-03-03']);
    expect(shortcutRange('lastMonth', inChina(2024, 3, 31))).toEqual(['2024-03-01', '2024-03-31']);
    expect(shortcutRange('lastMonth', inChina(2023, 3, 31))).toEqual(['2023-03-01', '2023-03-31']);
    expect(shortcutRange('lastMonth', inChina(2024, 3, 1))).toEqual(['2024-01-31', '2024-03-01']);
    expect(shortcutRange('lastMonth', inChina(2023, 3, 1))).toEqual(['2023-01-30', '2023-03-01']);
  });
  it('crosses the year boundary', () => {
    expect(shortcutRange('lastWeek', inChina(2025, 1, 3))).toEqual(['2024-12-27', '2025-01-03']);
    expect(shortcutRange('lastThreeMonths', inChina(2025, 2, 1))).toEqual(['2024-11-03', '2025-02-01']);
  });
  it('counts calendar days, whatever the hour of now', () => {
    expect(shortcutRange('lastWeek', inChina(2024, 6, 15, 0, 0, 0))).toEqual(['2024-06-08', '2024-06-15']);
    expect(shortcutRange('lastWeek', inChina(2024, 6, 15, 23, 59, 59))).toEqual(['2024-06-08', '2024-06-15']);
  });
  it('ends on China’s day, not the runtime’s', () => {
    // 16:07 UTC on the 23rd is 00:07 on the 24th in China.
    expect(shortcutRange('lastWeek', Date.parse('2026-11-23T16:07:00Z'))).toEqual(['2026-11-17', '2026-11-24']);
    expect(shortcutRange('lastWeek', Date.parse('2026-11-23T15:59:59Z'))).toEqual(['2026-11-16', '2026-11-23']);
  });
  it('refuses an unknown shortcut or an invalid now', () => {
    expect(() => shortcutRange('lastYear' as never, now)).toThrow(RangeError);
    expect(() => shortcutRange('lastWeek', 'never')).toThrow(RangeError);
  });
});

describe('defaultEventRange', () => {
  it('is the last 7 days', () => {
    expect(defaultEventRange(inChina(2024, 1, 4))).toEqual(['2023-12-28', '2024-01-04']);
  });
});

describe('splitRange', () => {
  it('splits a day range into startTime and endTime', () => {
    expect(splitRange(['2024-01-01', '2024-01-31'])).toEqual({ startTime: '2024-01-01', endTime: '2024-01-31' });
  });
  it('passes date-time bounds through (job-order filters)', () => {
    expect(splitRange(['2024-01-01 00:00:00', '2024-01-31 23:59:59'])).toEqual({
      startTime: '2024-01-01 00:00:00',
      endTime: '2024-01-31 23:59:59',
    });
  });
  it('expands month bounds by the month rule', () => {
    expect(splitRange(['2023-11', '2024-02'])).toEqual({ startTime: '2023-11-01', endTime: '2024-02-31' });
  });
  it('leaves empty bounds absent', () => {
    expect(splitRange(undefined)).toEqual({});
    expect(splitRange(null)).toEqual({});
    expect(splitRange([])).toEqual({});
    expect(splitRange(['', ''])).toEqual({});
    expect(splitRange(['2024-01-01', ''])).toEqual({ startTime: '2024-01-01' });
    expect(splitRange([null, '2024-01-31'])).toEqual({ endTime: '2024-01-31' });
  });
});
