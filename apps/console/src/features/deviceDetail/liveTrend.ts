import type { AlarmTrend } from '@pest/shared';

const SERIES = [
  'onlineCountList',
  'highTemperatureCountList',
  'electricityTrendCountList',
  'maintainCountList',
  'alarmCountList',
  'triggerCountList',
] as const;

/**
 * The trend on screen with today's live numbers in place of what was fetched for those buckets.
 * Buckets outside the shown range are left out: a range that ends before today gains nothing.
 */
export function withLiveBuckets(trend: AlarmTrend, live: AlarmTrend | undefined): AlarmTrend {
  if (!live) return trend;
  const liveIndex = new Map(live.dateList.map((date, index) => [date, index]));
  if (!trend.dateList.some((date) => liveIndex.has(date))) return trend;
  const merged = { ...trend };
  for (const series of SERIES) {
    merged[series] = trend[series].map((value, index) => {
      const at = liveIndex.get(trend.dateList[index]!);
      return at === undefined ? value : live[series][at]!;
    });
  }
  return merged;
}
