import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_SHORTCUTS, shortcutRange } from '@pest/shared';

/**
 * The spec's date shortcuts (last week, last month, last three months) for an Arco range picker.
 * A date-time picker gets whole days: from the first day's start to the last day's end.
 */
export function useDateShortcuts({ withTime = false } = {}): { text: string; value: () => Dayjs[] }[] {
  const { t } = useTranslation(['filter']);
  return DATE_SHORTCUTS.map(({ key }) => ({
    text: t(`filter:${key}`),
    value: () => {
      const [start, end] = shortcutRange(key, Date.now()).map((day) => dayjs(day));
      return withTime ? [start!.startOf('day'), end!.endOf('day')] : [start!, end!];
    },
  }));
}
