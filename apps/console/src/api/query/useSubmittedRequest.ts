import { useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * The request a query-submit screen shows (console-spec: results follow the submitted form, not the
 * form being edited). `submit` is 查询 (and Reset): it asks the server again even when the request
 * is the one on screen or a cached one, since the user pressed it to see the latest. `change` is
 * for moves that may be served from the cache (a page visited a moment ago).
 */
export function useSubmittedRequest<R>(initial: R | (() => R), queryKeyOf: (request: R) => QueryKey | undefined) {
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<R>(initial);
  const submit = (next: R) => {
    const queryKey = queryKeyOf(next);
    if (queryKey) void queryClient.invalidateQueries({ queryKey, exact: true });
    setRequest(next);
  };
  return { request, submit, change: setRequest };
}
