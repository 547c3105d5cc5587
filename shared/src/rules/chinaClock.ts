import { CHINA_UTC_OFFSET_MS } from '../constants.ts';
import type { AlarmTrend } from '../contract/alarms.ts';

// A fixed offset is exact for China (constants.ts); the backend counts days in CHINA_TIME_ZONE.

/** 'yyyy-MM-dd' of `now` in China, `addDays` later (negative: earlier). */
export function chinaDay(now: Date, addDays = 0): string {
  return new Date(now.getTime() + CHINA_UTC_OFFSET_MS + addDays * 86_400_000).toISOString().slice(0, 10);
}

/** The hourly trend's bucket label of `now`: 'yyyy-MM-dd HH:00'. */
export function chinaHourBucket(now: Date): string {
  const iso = new Date(now.getTime() + CHINA_UTC_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 13)}:00`;
}

/** The `count` hourly buckets ending with `currentBucket` (the live hub sends the same 24 h window). */
export function lastHours(trend: AlarmTrend, currentBucket: string, count: number): AlarmTrend {
  const found = trend.dateList.indexOf(currentBucket);
  const end = found === -1 ? trend.dateList.length : found + 1;
  const start = Math.max(0, end - count);
  const slice = <T>(list: T[]) => list.slice(start, end);
  return {
    dateList: slice(trend.dateList),
    onlineCountList: slice(trend.onlineCountList),
    highTemperatureCountList: slice(trend.highTemperatureCountList),
    electricityTrendCountList: slice(trend.electricityTrendCountList),
    maintainCountList: slice(trend.maintainCountList),
    alarmCountList: slice(trend.alarmCountList),
    triggerCountList: slice(trend.triggerCountList),
  };
}
