import { queryOptions } from '@tanstack/react-query';
import { ContentEndpoints, type ContentListBody } from '@pest/shared';
import { call } from './http.ts';
import { StaleTime } from './query/staleTimes.ts';

/** 内容 calls: a page of notices or articles (the table shows its own spinner), one to read, and the navbar's unread count. */
export const fetchContents = (body: ContentListBody, signal?: AbortSignal) => call(ContentEndpoints.list, body, { skipLoading: true, signal });

/** How often the navbar asks whether a notice came: notices are not urgent, a few minutes is soon enough. */
export const UNREAD_POLL_MS = 2 * 60_000;

export const contentKeys = {
  all: ['content'] as const,
  page: (body: ContentListBody) => [...contentKeys.all, 'page', body] as const,
  detail: (id: number) => [...contentKeys.all, 'detail', id] as const,
  unread: () => [...contentKeys.all, 'unread'] as const,
};

export const contentQueries = {
  page: (body: ContentListBody) => queryOptions({ queryKey: contentKeys.page(body), queryFn: ({ signal }) => fetchContents(body, signal), staleTime: StaleTime.list }),
  /** Opening one marks it read on the server. */
  detail: (id: number) =>
    queryOptions({ queryKey: contentKeys.detail(id), queryFn: ({ signal }) => call(ContentEndpoints.detail, { id }, { skipLoading: true, quiet: true, signal }), staleTime: StaleTime.list }),
  /** A side show: a failure leaves the mark as it was, the next poll repairs it. */
  unread: () =>
    queryOptions({
      queryKey: contentKeys.unread(),
      queryFn: ({ signal }) => call(ContentEndpoints.unread, undefined, { skipLoading: true, quiet: true, signal }),
      staleTime: StaleTime.list,
      refetchInterval: UNREAD_POLL_MS,
    }),
};
