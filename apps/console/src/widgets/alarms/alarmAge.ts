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

export type Duration = { unit: 'lessThanMinute' } | { unit: 'minutes' | 'hours' | 'days'; count: number };

/**
 * A clock's length (time to acknowledge, to handle, the oldest wait) as a manager reads it: whole
 * minutes under an hour, then hours and days with one decimal, so 90 minutes reads 1.5 小时.
 */
export function duration(seconds: number): Duration {
  const ms = seconds * 1000;
  if (ms < MINUTE) return { unit: 'lessThanMinute' };
  if (ms < HOUR) return { unit: 'minutes', count: Math.floor(ms / MINUTE) };
  if (ms < 2 * DAY) return { unit: 'hours', count: Math.round((ms / HOUR) * 10) / 10 };
  return { unit: 'days', count: Math.round((ms / DAY) * 10) / 10 };
}
