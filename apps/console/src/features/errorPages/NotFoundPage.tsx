import { Button, Result } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { routePaths } from '../../navigation/routePaths.ts';
import './errorPages.css';

/** /404: the webmaster has declared this page cannot be entered (console-spec section 2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="error-page" data-testid="not-found-page">
      <Result
        status="404"
        title={t('errors:notFoundTitle')}
        subTitle={t('errors:notFoundHint')}
        extra={
          <Button type="primary" onClick={() => navigate(routePaths.home)} data-testid="back-home">
            {t('errors:backHome')}
          </Button>
        }
      />
    </div>
  );
}
