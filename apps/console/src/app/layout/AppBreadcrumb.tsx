import { Breadcrumb } from '@arco-design/web-react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { breadcrumbFor } from '../routeQueries.ts';
import { routes } from '../routes.tsx';
import { useSession } from '../../session/session.ts';

export function AppBreadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { grants } = useSession();
  return (
    <Breadcrumb className="app-breadcrumb" data-testid="breadcrumb">
      {breadcrumbFor(routes, pathname, grants).map((crumb) => (
        <Breadcrumb.Item key={crumb.path}>
          {crumb.linkable ? <Link to={crumb.path}>{t(`route:${crumb.title}`)}</Link> : t(`route:${crumb.title}`)}
        </Breadcrumb.Item>
      ))}
    </Breadcrumb>
  );
}
