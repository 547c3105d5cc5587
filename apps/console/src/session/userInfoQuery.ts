import { queryOptions } from '@tanstack/react-query';
import { StaleTime } from '../api/query/staleTimes.ts';
import { loadUser } from './session.ts';

export const sessionKeys = {
  userInfo: ['session', 'userInfo'] as const,
};

/** The signed-in user, asked once per sign-in (the cache is emptied with every new token); it fills the session. */
export const userInfoQuery = queryOptions({
  queryKey: sessionKeys.userInfo,
  queryFn: loadUser,
  staleTime: StaleTime.session,
});
