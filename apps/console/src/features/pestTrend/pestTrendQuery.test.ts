import { describe, expect, it } from 'vitest';
import { QuarterType, TimeType, type PointTrend } from '@pest/shared';
import { OTHER_SERIES_ID, barOption } from '@pest/shared/charts';
import { TOP_POINTS, foldedPoints, hasPointTrend, pointDetailsBody, pointTrendBody, pointTrendChart, showsPeriodToggle } from './pestTrendQuery.ts';

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
    expect(pointDetailsBody({ customerId: 3, startTime: '2025-01-01' }, trend, { seriesId: '1', name: '2026-02' })).toEqual({
      customerId: 3,
      pointId: 12,
      type: 1,
      startTime: '2026-02-01',
      endTime: '2026-02-31',
    });
  });

  it('drills into a quarter and an occurrence day with their own ranges', () => {
    expect(pointDetailsBody({}, trend, { seriesId: '0', name: '2026-Q2' })).toMatchObject({ startTime: '2026-04-01', endTime: '2026-06-31' });
    expect(pointDetailsBody({}, trend, { seriesId: '0', name: '2026-02-28' })).toMatchObject({ startTime: '2026-02-28', endTime: '2026-03-01' });
    expect(pointDetailsBody({}, trend, { seriesId: '5', name: '2026-02' })).toBeUndefined();
    expect(pointDetailsBody({}, trend, { seriesId: OTHER_SERIES_ID, name: '2026-02' })).toBeUndefined();
  });

  it('draws one series per point, the most positive ones and 其他 beyond TOP_POINTS, and calls an answer without keys or points empty', () => {
    const texts = { title: 't', otherName: '其他', axisNames: { x: '时段', y: '阳性次数（次）' } };
    const chart = barOption(pointTrendChart(trend, texts));
    expect((chart.series as { id: string; name: string }[]).map((s) => [s.id, s.name])).toEqual([
      ['0', '粘鼠板 A-001'],
      ['1', '粘鼠板 A-002'],
    ]);
    expect(foldedPoints(trend)).toBe(0);
    // An organisation: 30 points, point i positive i times in March.
    const many: PointTrend = {
      keyList: ['2026-03'],
      valueList: Array.from({ length: 30 }, (_, i) => ({ name: `P${i}`, numberList: [i], pointIds: [100 + i] })),
    };
    const limited = barOption(pointTrendChart(many, texts)).series as { id: string; data: number[] }[];
    expect(limited).toHaveLength(TOP_POINTS + 1);
    expect(limited.slice(0, TOP_POINTS).map((s) => s.id)).toEqual(Array.from({ length: TOP_POINTS }, (_, i) => String(20 + i)));
    expect(limited[TOP_POINTS]).toMatchObject({ id: OTHER_SERIES_ID, data: [(19 * 20) / 2] });
    expect(foldedPoints(many)).toBe(20);
    // A bar of a kept point still drills into that point.
    expect(pointDetailsBody({}, many, { seriesId: limited[0]!.id, name: '2026-03' })).toMatchObject({ pointId: 120 });
    expect(hasPointTrend(trend)).toBe(true);
    expect(hasPointTrend({ keyList: ['2026-01'], valueList: [] })).toBe(false);
  });
});
