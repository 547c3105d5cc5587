import { queryOptions } from '@tanstack/react-query';
import { fetchDisplayLinks } from './displayLinks.ts';
import { StaleTime } from './query/staleTimes.ts';

/** The 大屏链接 list: a save or a revocation invalidates it. */
export const displayLinkKeys = { all: ['displayLinks'] as const };

export const displayLinkQueries = {
  list: () => queryOptions({ queryKey: displayLinkKeys.all, queryFn: ({ signal }) => fetchDisplayLinks(signal), staleTime: StaleTime.list }),
};
