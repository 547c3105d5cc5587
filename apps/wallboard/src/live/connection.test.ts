import { describe, expect, it } from 'vitest';
import { boardConnection } from './connection.ts';

describe('boardConnection', () => {
  it('shows the socket’s state, stale with its time while the upstream fails, and nothing once the token is refused', () => {
    expect(boardConnection({ status: 'connecting', staleSince: null })).toEqual({ connection: 'connecting', asOf: null });
    expect(boardConnection({ status: 'live', staleSince: null })).toEqual({ connection: 'live', asOf: null });
    expect(boardConnection({ status: 'reconnecting', staleSince: null })).toEqual({ connection: 'reconnecting', asOf: null });
    expect(boardConnection({ status: 'live', staleSince: '2026-03-01T08:00:00.000Z' })).toEqual({ connection: 'stale', asOf: '2026-03-01T08:00:00.000Z' });
    expect(boardConnection({ status: 'unauthorized', staleSince: null })).toBeNull();
  });
});
