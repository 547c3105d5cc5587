import { describe, expect, it } from 'vitest';
import { boardConnection, shownConnection } from './connection.ts';

describe('boardConnection', () => {
  it('shows the socket’s state, stale with its time while the upstream fails, and nothing once the token is refused', () => {
    expect(boardConnection({ status: 'connecting', staleSince: null })).toEqual({ connection: 'connecting', asOf: null });
    expect(boardConnection({ status: 'live', staleSince: null })).toEqual({ connection: 'live', asOf: null });
    expect(boardConnection({ status: 'reconnecting', staleSince: null })).toEqual({ connection: 'reconnecting', asOf: null });
    expect(boardConnection({ status: 'live', staleSince: '2026-03-01T08:00:00.000Z' })).toEqual({ connection: 'stale', asOf: '2026-03-01T08:00:00.000Z' });
    expect(boardConnection({ status: 'unauthorized', staleSince: null })).toBeNull();
  });
});

describe('shownConnection', () => {
  it('says connecting only before the first data, and otherwise what the socket is', () => {
    expect(shownConnection('connecting', false)).toBe('connecting');
    expect(shownConnection('connecting', true)).toBe('reconnecting');
    for (const state of ['live', 'reconnecting', 'stale'] as const) {
      expect(shownConnection(state, true)).toBe(state);
      expect(shownConnection(state, false)).toBe(state);
    }
  });
});
