import { QueryClient } from '@tanstack/react-query';
import { RETRY_DELAY_MS, retryNetworkFailureOnce } from '../api/query/retry.ts';
import { getToken, subscribeToken } from '../api/token.ts';

/**
 * The console's one query cache. Staleness is set per kind of data by each query
 * (api/query/staleTimes.ts); what is decided here holds for all of them.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryNetworkFailureOnce,
        retryDelay: RETRY_DELAY_MS,
        // Coming back to the tab would otherwise redo every heavy chart on screen; what must stay
        // current is pushed live, and 查询 asks again.
        refetchOnWindowFocus: false,
      },
      // A write is never repeated behind the user's back.
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// Another account (or none) must never see this one's answers: a new token starts an empty cache.
let cachedFor = getToken();
subscribeToken(() => {
  const token = getToken();
  if (token === cachedFor) return;
  cachedFor = token;
  queryClient.clear();
});
