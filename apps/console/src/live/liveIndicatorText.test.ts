import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { indicatorState } from './liveIndicatorText.ts';

describe('indicatorState', () => {
  it('shows live, connecting, reconnecting and signed-out states as they are', () => {
    expect(indicatorState({ status: 'live', staleSince: null })).toEqual({ state: 'live', since: null });
    expect(indicatorState({ status: 'reconnecting', staleSince: null }).state).toBe('reconnecting');
    expect(indicatorState({ status: 'unauthorized', staleSince: null }).state).toBe('unauthorized');
  });

  it('shows stale since the last good answer, in local time', () => {
    const asOf = '2026-11-22T02:03:04.000Z';
    expect(indicatorState({ status: 'live', staleSince: asOf })).toEqual({ state: 'stale', since: dayjs(asOf).format('HH:mm:ss') });
  });
});
