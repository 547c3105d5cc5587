import { Result } from '@arco-design/web-react';
import { IconTool } from '@arco-design/web-react/icon';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { titleFor } from '../../app/routeQueries.ts';
import { routes } from '../../app/routes.tsx';
import './notAvailable.css';

/** The one explicit state of every screen that a later release delivers: no placeholder data. */
export function NotAvailablePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const titleKey = titleFor(routes, pathname);
  const title = titleKey ? t(`route:${titleKey}`) : '';
  return (
    <section className="not-available" data-testid="not-available" data-route-title={title}>
      <h2 className="not-available-heading">{title}</h2>
      <Result
        status={null}
        icon={<IconTool className="not-available-icon" />}
        title={t('errors:notAvailableTitle')}
        subTitle={t('errors:notAvailableHint', { title })}
      />
    </section>
  );
}
