import { Suspense, useEffect } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { reportError } from '../api/http.ts';
import { PageLoading } from '../components/PageLoading.tsx';
import { ChangePasswordPage } from '../features/login/ChangePasswordPage.tsx';
import { dropSession, useSession } from '../session/session.ts';
import { userInfoQuery } from '../session/userInfoQuery.ts';
import { queryClient } from './queryClient.ts';

/** Asks for the signed-in user; the session fills in and the guard lets the page through. */
function UserInfoLoader() {
  const { error } = useQuery(userInfoQuery);
  useEffect(() => {
    if (!error) return;
    // Without a token the guard sends the user to /login?redirect=<this page> (and the cache, this
    // error with it, is emptied), so each failure is reported once.
    dropSession();
    reportError(error);
  }, [error]);
  // The user-info request shows the page-wide loading overlay; a second spinner would only stack under it.
  return null;
}

/** The root of every signed-in screen: the one query cache, then the user info, the change of a given password, or the page. */
export function SignedInRoot({ mustLoadUser }: { mustLoadUser: boolean }) {
  const { user } = useSession();
  return (
    <QueryClientProvider client={queryClient}>
      {mustLoadUser ? (
        <UserInfoLoader />
      ) : user?.mustChangePassword ? (
        // Every other call answers 403 until the given password is changed: no screen behind this.
        <Suspense fallback={<PageLoading />}>
          <ChangePasswordPage />
        </Suspense>
      ) : (
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
