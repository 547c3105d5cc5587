import { Button, Result, Space } from '@arco-design/web-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { routePaths } from '../../navigation/routePaths.ts';
import { backTarget } from './backTarget.ts';
import './errorPages.css';

/** /401: no permission to access this page (console-spec section 2). */
export function NoPermissionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();

  const goBack = () => {
    // react-router numbers the entries of this tab from 0 in history.state.idx.
    const target = backTarget(search, (window.history.state as { idx?: number } | null)?.idx);
    if (target === 'history') navigate(-1);
    else navigate(target);
  };

  return (
    <div className="error-page" data-testid="no-permission-page">
      <Result
        status="403"
        title={t('errors:noPermissionTitle')}
        subTitle={t('errors:noPermissionHint')}
        extra={
          <Space size="medium">
            <Button onClick={goBack} data-testid="back-button">
              {t('errors:back')}
            </Button>
            <Button type="primary" onClick={() => navigate(routePaths.home)} data-testid="back-home">
              {t('errors:backHome')}
            </Button>
          </Space>
        }
      />
    </div>
  );
}
