import { DatePicker } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, type DateRangeValue } from '@pest/shared';
import { useDateShortcuts } from '../DateShortcuts/useDateShortcuts.ts';

interface DateRangeFieldProps {
  value: DateRangeValue | undefined;
  onChange(value: DateRangeValue | undefined): void;
  /** The service date offers the spec's shortcuts (last week, month, three months); the comparison range does not. */
  withShortcuts?: boolean;
  /** A monthly chart's range: the shortcuts start on the first of a month, and the picker says so. */
  wholeMonths?: boolean;
  testId: string;
}

/** A day range as the filter state holds it: two `YYYY-MM-DD` strings, or nothing. */
export function DateRangeField({ value, onChange, withShortcuts = false, wholeMonths = false, testId }: DateRangeFieldProps) {
  const { t } = useTranslation(['filter']);
  const shortcuts = useDateShortcuts({ wholeMonths });
  return (
    <DatePicker.RangePicker
      data-testid={testId}
      style={{ width: '100%' }}
      format={DATE_FORMAT}
      value={value ? [...value] : undefined}
      onChange={(dates: string[] | undefined) => {
        const [start, end] = dates ?? [];
        onChange(start && end ? [start, end] : undefined);
      }}
      shortcuts={withShortcuts ? shortcuts : undefined}
      shortcutsPlacementLeft={withShortcuts}
      extra={
        withShortcuts && wholeMonths ? (
          <span className="filter-date-note" data-testid={`${testId}-whole-months`}>
            {t('filter:shortcutsWholeMonths')}
          </span>
        ) : undefined
      }
      placeholder={[t('filter:startDate'), t('filter:endDate')]}
      allowClear
    />
  );
}
