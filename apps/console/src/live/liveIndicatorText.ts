import dayjs from 'dayjs';
import type { LiveClientState } from '@pest/shared/live-client';

export type IndicatorState = 'live' | 'connecting' | 'reconnecting' | 'stale' | 'unauthorized';

/** What the indicator shows: a failing upstream (stale) outranks a working socket. */
export function indicatorState({ status, staleSince }: LiveClientState): { state: IndicatorState; since: string | null } {
  if (status === 'live' && staleSince) return { state: 'stale', since: dayjs(staleSince).format('HH:mm:ss') };
  return { state: status, since: null };
}
