import { CHINA_UTC_OFFSET } from '@pest/shared';
import type { TFunction } from 'i18next';

/** A record's time ('yyyy-MM-dd HH:mm:ss', China's wall time) as epoch milliseconds; NaN when unreadable. */
export function beijingTimeToEpoch(time: string): number {
  return Date.parse(`${time.replace(' ', 'T')}${CHINA_UTC_OFFSET}`);
}

export type Elapsed = { unit: 'justNow' } | { unit: 'minutes' | 'hours' | 'days'; count: number };

/** How long ago, in the coarse units a room reads from afar; a clock slightly behind the server's reads as just now. */
export function elapsedSince(thenMs: number, nowMs: number): Elapsed {
  const seconds = Math.max(0, Math.floor((nowMs - thenMs) / 1000));
  if (seconds < 60) return { unit: 'justNow' };
  if (seconds < 3600) return { unit: 'minutes', count: Math.floor(seconds / 60) };
  if (seconds < 86_400) return { unit: 'hours', count: Math.floor(seconds / 3600) };
  return { unit: 'days', count: Math.floor(seconds / 86_400) };
}

/** An alarm's age as the feed shows it: 刚刚 only under a minute, then N 分钟前 / N 小时前 / N 天前. */
export function alarmAgeText(t: TFunction<'board'>, createTime: string, nowMs: number): string {
  const then = beijingTimeToEpoch(createTime);
  // An unreadable time must not pose as fresh: show what the server sent.
  if (Number.isNaN(then)) return createTime;
  const elapsed = elapsedSince(then, nowMs);
  return elapsed.unit === 'justNow' ? t('feed.justNow') : t(`feed.${elapsed.unit}`, { count: elapsed.count });
}
