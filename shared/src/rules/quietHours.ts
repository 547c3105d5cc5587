import { CHINA_UTC_OFFSET_MS } from '../constants.ts';

/** A daily window of China wall-clock time, 'HH:mm' each end; start after end runs across midnight. */
export interface QuietHours {
  start: string;
  end: string;
}

export const QUIET_HOURS_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Whether `at` falls in the quiet window, Asia/Shanghai (no daylight saving, so a fixed offset).
 * The start is inside and the end is not; equal ends mean no quiet hours at all, not a whole day.
 */
export function inQuietHours(at: Date, quiet: QuietHours): boolean {
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  const minute = Math.floor(((at.getTime() + CHINA_UTC_OFFSET_MS) % 86_400_000) / 60_000);
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}
