import { Select } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { RiskStatus } from '@pest/shared';
import { RISK_STATUS_OPTIONS } from './riskStatus.ts';

interface RiskStatusSelectProps {
  value: RiskStatus | undefined;
  onChange(value: RiskStatus | undefined): void;
}

/** The risk summary's own filter item: one status (section 4), or none for every status. */
export function RiskStatusSelect({ value, onChange }: RiskStatusSelectProps) {
  const { t } = useTranslation(['filter', 'summary']);
  return (
    <Select
      allowClear
      placeholder={t('filter:choose')}
      value={value}
      onChange={(next: RiskStatus | undefined) => onChange(next)}
      options={RISK_STATUS_OPTIONS.map((status) => ({ value: status, label: t(`summary:riskStatus.${status}`) }))}
      data-testid="filter-status"
    />
  );
}
