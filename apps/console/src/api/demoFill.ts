import { queryOptions } from '@tanstack/react-query';
import { DEMO_FILL_POLL_MS, DemoFillEndpoints } from '@pest/shared';
import { call } from './http.ts';

/**
 * What of a new demo's data the reference backend is still generating; asked again while anything
 * is, never once it is complete. Silent: a provider's own backend has no such call, and whatever it
 * answers (a 401 for an unknown path too) must not end the session.
 */
export const demoFillQuery = () =>
  queryOptions({
    queryKey: ['demoFill'] as const,
    queryFn: ({ signal }) => call(DemoFillEndpoints.status, undefined, { silent: true, skipLoading: true, signal }),
    refetchInterval: (query) => ((query.state.data?.filling.length ?? 0) > 0 ? DEMO_FILL_POLL_MS : false),
    retry: false,
  });
