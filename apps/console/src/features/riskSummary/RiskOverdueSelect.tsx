import { Select } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';

interface RiskOverdueSelectProps {
  value: boolean | undefined;
  onChange(value: boolean | undefined): void;
}

/** The risk summary's 超期 filter: only risks open past their grade's days, only the others, or all. */
export function RiskOverdueSelect({ value, onChange }: RiskOverdueSelectProps) {
  const { t } = useTranslation(['filter', 'summary']);
  return (
    <Select
      allowClear
      placeholder={t('filter:choose')}
      value={value === undefined ? undefined : String(value)}
      onChange={(next: string | undefined) => onChange(next === undefined ? undefined : next === 'true')}
      options={[
        { value: 'true', label: t('summary:overdue') },
        { value: 'false', label: t('summary:notOverdue') },
      ]}
      data-testid="filter-overdue"
    />
  );
}
