import { shortcutRange, type DateRangeValue, type DateShortcutKey } from '@pest/shared';

/**
 * A shortcut's days. A monthly chart (`wholeMonths`) starts on the first of the month the
 * shortcut reaches back into: 最近三个月 from the 30th would open the chart on a month of two days,
 * a bar that reads as nothing happening. The end stays today.
 */
export function shortcutDays(key: DateShortcutKey, now: number, wholeMonths: boolean): DateRangeValue {
  const [start, end] = shortcutRange(key, now);
  return wholeMonths ? [`${start.slice(0, 7)}-01`, end] : [start, end];
}
