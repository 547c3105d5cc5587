import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { reportError } from '../api/http.ts';
import { PageLoading } from '../components/PageLoading.tsx';
import { guardDecision } from './guard/guardDecision.ts';
import { titleFor } from './routeQueries.ts';
import { routes } from './routes.tsx';
import { dropSession, loadUser, useSession } from '../session/session.ts';

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
  const mustLoadUser = decision.kind === 'loadUserInfo';

  useEffect(() => {
    if (!mustLoadUser) return;
    // Only the effect still in place reports, so a re-run (React's strict mode) does not toast twice.
    let current = true;
    loadUser().catch((error: unknown) => {
      if (!current) return;
      // Without a token the guard sends the user to /login?redirect=<this page>.
      dropSession();
      reportError(error);
    });
    return () => {
      current = false;
    };
  }, [mustLoadUser]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  // The user-info request shows the page-wide loading overlay; a second spinner would only stack under it.
  if (decision.kind === 'loadUserInfo') return null;
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}
