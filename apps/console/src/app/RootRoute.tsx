import { Suspense, lazy, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../components/PageLoading.tsx';
import { guardDecision } from './guard/guardDecision.ts';
import { titleFor } from './routeQueries.ts';
import { isPublicPath, routes } from './routes.tsx';
import { useSession } from '../session/session.ts';

/**
 * The query cache and everything that reads through it, loaded with the first signed-in screen: the
 * login and error pages read nothing, and the login route stays within its size budget.
 */
const SignedInRoot = lazy(() => import('./SignedInRoot.tsx').then((m) => ({ default: m.SignedInRoot })));

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
    grants: session.grants,
  });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (isPublicPath(pathname)) {
    return (
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <SignedInRoot mustLoadUser={decision.kind === 'loadUserInfo'} />
    </Suspense>
  );
}
