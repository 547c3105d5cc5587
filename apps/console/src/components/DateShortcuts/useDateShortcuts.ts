import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_SHORTCUTS } from '@pest/shared';
import { shortcutDays } from './shortcutDays.ts';

interface ShortcutOptions {
  /** A date-time picker gets whole days: from the first day's start to the last day's end. */
  withTime?: boolean;
  /** A monthly chart's shortcuts start on the first of a month (`shortcutDays`). */
  wholeMonths?: boolean;
}

/** The spec's date shortcuts (last week, last month, last three months) for an Arco range picker. */
export function useDateShortcuts({ withTime = false, wholeMonths = false }: ShortcutOptions = {}): { text: string; value: () => Dayjs[] }[] {
  const { t } = useTranslation(['filter']);
  return DATE_SHORTCUTS.map(({ key }) => ({
    text: t(`filter:${key}`),
    value: () => {
      const [start, end] = shortcutDays(key, Date.now(), wholeMonths).map((day) => dayjs(day));
      return withTime ? [start!.startOf('day'), end!.endOf('day')] : [start!, end!];
    },
  }));
}
