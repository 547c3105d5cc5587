import type { TFunction } from 'i18next';

/** Shown for a duration nobody has measured yet (no alarm acknowledged today). */
export const NO_DURATION = '—';

type Unit = 'days' | 'hours' | 'minutes' | 'seconds';
const UNITS: [Unit, number][] = [
  ['days', 86_400],
  ['hours', 3_600],
  ['minutes', 60],
  ['seconds', 1],
];

/**
 * A span of seconds in its two largest units, read at a glance across a room: 42秒, 4分12秒,
 * 1小时5分, 2天3小时. Whole seconds; the smaller unit is left out when it is zero (5分, not 5分0秒).
 */
export function durationText(t: TFunction<'board'>, seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return NO_DURATION;
  let rest = Math.round(seconds);
  const parts: { unit: Unit; count: number }[] = [];
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (parts.length > 0 || count > 0 || unit === 'seconds') parts.push({ unit, count });
  }
  const [first, second] = parts;
  const shown = second && second.count > 0 ? [first!, second] : [first!];
  return shown.map(({ unit, count }) => t(`duration.${unit}`, { count })).join(t('duration.separator'));
}
