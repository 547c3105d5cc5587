import { describe, expect, it } from 'vitest';
import { ChartDateError, chartDayBounds, chartKeyRange, chartPeriodKeys, grainOf, periodKeyOf, periodKeysBetween } from './chartPeriods.ts';

describe('chartKeyRange', () => {
  it('gives a month its -01 .. -31 range, February included', () => {
    expect(chartKeyRange('2026-02')).toEqual({ startTime: '2026-02-01', endTime: '2026-02-31' });
    expect(chartKeyRange('2026-01')).toEqual({ startTime: '2026-01-01', endTime: '2026-01-31' });
  });
  it('gives a quarter its first month -01 .. last month -31', () => {
    expect(chartKeyRange('2026-Q1')).toEqual({ startTime: '2026-01-01', endTime: '2026-03-31' });
    expect(chartKeyRange('2025-Q4')).toEqual({ startTime: '2025-10-01', endTime: '2025-12-31' });
  });
  it('gives an occurrence its day up to the next day', () => {
    expect(chartKeyRange('2026-02-28')).toEqual({ startTime: '2026-02-28', endTime: '2026-03-01' });
  });
  it('refuses anything else', () => {
    expect(() => chartKeyRange('2026-Q5')).toThrow(RangeError);
    expect(() => chartKeyRange('2026')).toThrow(RangeError);
  });
});

describe('periodKeyOf / periodKeysBetween', () => {
  it('puts a day in its month, quarter or occurrence', () => {
    expect(periodKeyOf('month', '2026-03-31')).toBe('2026-03');
    expect(periodKeyOf('quarter', '2026-03-31')).toBe('2026-Q1');
    expect(periodKeyOf('quarter', '2026-04-01')).toBe('2026-Q2');
    expect(periodKeyOf('occurrence', '2026-04-01')).toBe('2026-04-01');
  });
  it('lists every month or quarter between two days, across a year end', () => {
    expect(periodKeysBetween('month', '2025-11-30', '2026-02-28')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(periodKeysBetween('month', '2026-01-31', '2026-01-31')).toEqual(['2026-01']);
    expect(periodKeysBetween('quarter', '2025-12-31', '2026-04-01')).toEqual(['2025-Q4', '2026-Q1', '2026-Q2']);
  });
});

describe('chartDayBounds', () => {
  it("reads the month contract's -31 end as the month's last day", () => {
    expect(chartDayBounds('2026-02-01', '2026-02-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(chartDayBounds('2024-02-01', '2024-02-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(chartDayBounds('2026-04-01', '2026-04-31')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(chartDayBounds('2026-01-01', '2026-01-31')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
  });
  it('allows either bound alone', () => {
    expect(chartDayBounds(undefined, '2026-06-31')).toEqual({ to: '2026-06-30' });
    expect(chartDayBounds('2026-06-01', undefined)).toEqual({ from: '2026-06-01' });
    expect(chartDayBounds(undefined, undefined)).toEqual({});
  });
  it('refuses an impossible start, a day past 31 and a reversed range', () => {
    const reason = (start?: string, end?: string) => {
      try {
        chartDayBounds(start, end);
        return null;
      } catch (error) {
        return (error as ChartDateError).reason;
      }
    };
    expect(reason('2026-02-30', '2026-03-31')).toBe('invalidDate');
    expect(reason('2026-02-01', '2026-02-32')).toBe('invalidDate');
    expect(reason('2026-13-01')).toBe('invalidDate');
    expect(reason('2026-03-02', '2026-03-01')).toBe('dateRangeReversed');
  });
});

describe('chartPeriodKeys / grainOf', () => {
  it('fills months and quarters between both bounds, else keeps the periods with data', () => {
    expect(chartPeriodKeys('month', { from: '2026-01-01', to: '2026-03-31' }, ['2026-02'])).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(chartPeriodKeys('quarter', { from: '2026-01-01', to: '2026-06-30' }, [])).toEqual(['2026-Q1', '2026-Q2']);
    expect(chartPeriodKeys('month', { from: '2026-01-01' }, ['2026-05', '2026-02', '2026-05'])).toEqual(['2026-02', '2026-05']);
    expect(chartPeriodKeys('occurrence', { from: '2026-01-01', to: '2026-01-31' }, ['2026-01-09', '2026-01-02'])).toEqual(['2026-01-02', '2026-01-09']);
  });
  it('reads the time type first, then quarterType', () => {
    expect(grainOf(undefined)).toBe('month');
    expect(grainOf(undefined, 1)).toBe('quarter');
    expect(grainOf(0, 1)).toBe('month');
    expect(grainOf(1, 1)).toBe('occurrence');
  });
});
