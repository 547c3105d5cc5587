import { describe, expect, it } from 'vitest';
import type { AlarmTrend } from '@pest/shared';
import { withLiveBuckets } from './liveTrend.ts';

const trend = (dates: string[], value: number): AlarmTrend => ({
  dateList: dates,
  onlineCountList: dates.map(() => value),
  highTemperatureCountList: dates.map(() => value),
  electricityTrendCountList: dates.map(() => value),
  maintainCountList: dates.map(() => value),
  alarmCountList: dates.map(() => value),
  triggerCountList: dates.map(() => value),
});

describe('withLiveBuckets', () => {
  it('puts today’s live numbers in today’s place', () => {
    const shown = trend(['2026-11-20', '2026-11-21', '2026-11-22'], 1);
    const merged = withLiveBuckets(shown, trend(['2026-11-22'], 9));
    expect(merged.alarmCountList).toEqual([1, 1, 9]);
    expect(merged.triggerCountList).toEqual([1, 1, 9]);
    expect(merged.dateList).toEqual(shown.dateList);
  });

  it('leaves a range without today as it is', () => {
    const shown = trend(['2026-11-01', '2026-11-02'], 1);
    expect(withLiveBuckets(shown, trend(['2026-11-22'], 9))).toBe(shown);
    expect(withLiveBuckets(shown, undefined)).toBe(shown);
  });
});
