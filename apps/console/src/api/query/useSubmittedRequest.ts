import { useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * The request a query-submit screen shows (console-spec: results follow the submitted form, not the
 * form being edited). `submit` is 查询 (and Reset): it asks the server again even when the request
 * is the one on screen or a cached one, since the user pressed it to see the latest. `change` is
 * for moves that may be served from the cache (a page visited a moment ago).
 */
export function useSubmittedRequest<R>(initial: R | (() => R), queryKeysOf: (request: R) => readonly QueryKey[]) {
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<R>(initial);
  const submit = (next: R) => {
    // Marked stale before the screen switches to them: the one on screen is fetched again at once,
    // a cached one as soon as the screen shows it.
    for (const queryKey of queryKeysOf(next)) void queryClient.invalidateQueries({ queryKey, exact: true });
    setRequest(next);
  };
  return { request, submit, change: setRequest };
}
