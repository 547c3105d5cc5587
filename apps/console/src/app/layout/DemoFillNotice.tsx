import { Alert } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { demoFillQuery } from '../../api/demoFill.ts';

/** Says which demo data a first start is still generating, until it is complete. */
export function DemoFillNotice() {
  const { t } = useTranslation('layout');
  const { data } = useQuery(demoFillQuery());
  if (!data || data.filling.length === 0) return null;
  return (
    <Alert
      type="info"
      className="app-demo-fill"
      data-testid="demo-fill-notice"
      content={[t('demoFilling.intro'), ...data.filling.map((part) => t(`demoFilling.${part}`)), t('demoFilling.rest')].join(' ')}
    />
  );
}
