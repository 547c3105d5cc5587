import { describe, expect, it } from 'vitest';
import type { AlarmTrend } from '../contract/alarms.ts';
import { chinaDay, chinaHourBucket, lastHours } from './chinaClock.ts';

describe('China clock', () => {
  it('names the Beijing day and hour, which run 8 hours ahead of UTC', () => {
    const lateUtc = new Date('2026-11-21T17:30:00Z');
    expect(chinaDay(lateUtc)).toBe('2026-11-22');
    expect(chinaDay(lateUtc, -6)).toBe('2026-11-16');
    expect(chinaHourBucket(lateUtc)).toBe('2026-11-22 01:00');
  });

  it('cuts an hourly trend of two days to the 24 buckets ending with the current hour', () => {
    const dateList = Array.from({ length: 48 }, (_, i) => `${i < 24 ? '2026-11-21' : '2026-11-22'} ${String(i % 24).padStart(2, '0')}:00`);
    const counts = dateList.map((_, i) => i);
    const trend: AlarmTrend = {
      dateList,
      onlineCountList: counts,
      highTemperatureCountList: counts,
      electricityTrendCountList: counts,
      maintainCountList: counts,
      alarmCountList: counts,
      triggerCountList: counts,
    };
    const day = lastHours(trend, '2026-11-22 01:00', 24);
    expect(day.dateList).toHaveLength(24);
    expect(day.dateList[0]).toBe('2026-11-21 02:00');
    expect(day.dateList.at(-1)).toBe('2026-11-22 01:00');
    expect(day.alarmCountList.at(-1)).toBe(25);
  });
});
