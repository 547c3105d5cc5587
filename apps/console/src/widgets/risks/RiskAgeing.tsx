import { Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { RiskStatus, type RiskSummaryRow } from '@pest/shared';
import './riskAgeing.css';

/** A risk's age: days open (with 超期 past its grade's days), or the days it took to put right. */
export function RiskAgeing({ row }: { row: Pick<RiskSummaryRow, 'status' | 'ageDays' | 'overdue'> }) {
  const { t } = useTranslation('summary');
  if (row.status === RiskStatus.rectified) return <span data-testid="risk-ageing">{t('ageingRectified', { days: row.ageDays })}</span>;
  return (
    <span className="risk-ageing" data-testid="risk-ageing" data-overdue={row.overdue}>
      {t('ageingOpen', { days: row.ageDays })}
      {row.overdue && (
        <Tag color="red" size="small" bordered>
          {t('overdue')}
        </Tag>
      )}
    </span>
  );
}
