import { CHINA_UTC_OFFSET_MS } from '@pest/shared';

/** The moment of one of the API's times, 'yyyy-MM-dd HH:mm:ss' on China's wall clock. */
export function chinaWallTimeMs(wallTime: string): number {
  const [day, time = '00:00:00'] = wallTime.split(' ');
  return Date.parse(`${day}T${time}Z`) - CHINA_UTC_OFFSET_MS;
}

export type AlarmAge =
  | { unit: 'justNow' }
  | { unit: 'minutes' | 'hours' | 'days'; count: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long an alarm has waited, as a control room reads it: 刚刚 only under a minute, then whole
 * minutes, hours, days (rounded down: "2 小时前" until three hours have passed). A time in the
 * future (a clock a little ahead) counts as now.
 */
export function alarmAge(wallTime: string, nowMs: number): AlarmAge {
  const waited = nowMs - chinaWallTimeMs(wallTime);
  if (!Number.isFinite(waited) || waited < MINUTE) return { unit: 'justNow' };
  if (waited < HOUR) return { unit: 'minutes', count: Math.floor(waited / MINUTE) };
  if (waited < DAY) return { unit: 'hours', count: Math.floor(waited / HOUR) };
  return { unit: 'days', count: Math.floor(waited / DAY) };
}
