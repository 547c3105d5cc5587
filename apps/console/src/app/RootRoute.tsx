import { Suspense, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { reportError } from '../api/http.ts';
import { PageLoading } from '../components/PageLoading.tsx';
import { guardDecision } from './guard/guardDecision.ts';
import { titleFor } from './routeQueries.ts';
import { routes } from './routes.tsx';
import { dropSession, useSession } from '../session/session.ts';
import { userInfoQuery } from '../session/userInfoQuery.ts';

/** document.title = '<page title> - <app name>', following navigation and language. */
function usePageTitle(pathname: string): void {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const title = titleFor(routes, pathname);
    const appName = t('common:appName');
    document.title = title ? `${t(`route:${title}`)} - ${appName}` : appName;
  }, [pathname, t, i18n.language]);
}

/** The root of every route: page title, then the route guard of console-spec section 2. */
export function RootRoute() {
  const { pathname, search } = useLocation();
  const session = useSession();
  usePageTitle(pathname);

  const decision = guardDecision({
    pathname,
    search,
    hasToken: session.token !== undefined,
    hasUserInfo: session.user !== null,
    roles: session.roles,
  });
  const { error } = useQuery({ ...userInfoQuery, enabled: decision.kind === 'loadUserInfo' });

  useEffect(() => {
    if (!error) return;
    // Without a token the guard sends the user to /login?redirect=<this page> (and the cache, this
    // error with it, is emptied), so each failure is reported once.
    dropSession();
    reportError(error);
  }, [error]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  // The user-info request shows the page-wide loading overlay; a second spinner would only stack under it.
  if (decision.kind === 'loadUserInfo') return null;
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}
