import { describe, expect, it } from 'vitest';
import { QuarterType, TimeType, type PointTrend } from '@pest/shared';
import { hasPointTrend, pointDetailsBody, pointTrendBody, pointTrendChart, showsPeriodToggle } from './pestTrendQuery.ts';

const trend: PointTrend = {
  keyList: ['2026-01', '2026-02'],
  valueList: [
    { name: '粘鼠板 A-001', numberList: [2, 0], pointIds: [11] },
    { name: '粘鼠板 A-002', numberList: [1, 3], pointIds: [12] },
  ],
};

describe('screen 1 requests', () => {
  it('sends the toggle’s quarter type only when the filter has no time type', () => {
    expect(pointTrendBody({ customerId: 3, startTime: '2026-01-01', endTime: '2026-03-31' }, QuarterType.quarter)).toEqual({
      customerId: 3,
      startTime: '2026-01-01',
      endTime: '2026-03-31',
      quarterType: 1,
    });
    expect(pointTrendBody({ customerId: 3, timeType: TimeType.byOccurrence, riskTypeIds: [1] }, QuarterType.quarter)).toEqual({
      customerId: 3,
      type: 1,
    });
    expect(showsPeriodToggle(undefined)).toBe(true);
    expect(showsPeriodToggle({ customerId: 3 })).toBe(true);
    expect(showsPeriodToggle({ customerId: 3, timeType: TimeType.byMonth })).toBe(false);
  });

  it('drills into the clicked point over the clicked month, by occurrence', () => {
    expect(pointDetailsBody({ customerId: 3, startTime: '2025-01-01' }, trend, { seriesIndex: 1, name: '2026-02' })).toEqual({
      customerId: 3,
      pointId: 12,
      type: 1,
      startTime: '2026-02-01',
      endTime: '2026-02-31',
    });
  });

  it('drills into a quarter and an occurrence day with their own ranges', () => {
    expect(pointDetailsBody({}, trend, { seriesIndex: 0, name: '2026-Q2' })).toMatchObject({ startTime: '2026-04-01', endTime: '2026-06-31' });
    expect(pointDetailsBody({}, trend, { seriesIndex: 0, name: '2026-02-28' })).toMatchObject({ startTime: '2026-02-28', endTime: '2026-03-01' });
    expect(pointDetailsBody({}, trend, { seriesIndex: 5, name: '2026-02' })).toBeUndefined();
  });

  it('draws one series per point and calls an answer without keys or points empty', () => {
    expect(pointTrendChart(trend, 't').series.map((s) => s.name)).toEqual(['粘鼠板 A-001', '粘鼠板 A-002']);
    expect(hasPointTrend(trend)).toBe(true);
    expect(hasPointTrend({ keyList: ['2026-01'], valueList: [] })).toBe(false);
  });
});
