import { describe, expect, it } from 'vitest';
import { DisplayMessages, type DisplaySession } from '@pest/shared';
import { displayReducer, linkEnd, type DisplayView } from './displayView.ts';

const session: DisplaySession = {
  linkId: 3,
  name: '华北大屏',
  organisationName: '示例餐饮集团',
  scopes: [{ label: '华北' }, { label: '华东' }],
  dwellSeconds: 30,
  expiresAt: null,
};
const starting: DisplayView = { kind: 'starting', lastName: '上次的名字' };
const showing: DisplayView = { kind: 'showing', session, generation: 0, refused: false };

describe('linkEnd', () => {
  it('tells a revoked and an expired link by the server’s message, and anything else as unknown', () => {
    expect(linkEnd(DisplayMessages.revoked)).toBe('revoked');
    expect(linkEnd(DisplayMessages.expired)).toBe('expired');
    expect(linkEnd(DisplayMessages.notFound)).toBe('unknown');
    expect(linkEnd(null)).toBe('unknown');
  });
});

describe('displayReducer', () => {
  it('shows the board once the session answers', () => {
    expect(displayReducer(starting, { type: 'session', session, regular: true })).toEqual(showing);
  });

  it('ends with the link’s name: the session’s while showing, the one kept from the last start before', () => {
    expect(displayReducer(showing, { type: 'refused', reason: DisplayMessages.revoked })).toEqual({ kind: 'ended', end: 'revoked', name: '华北大屏' });
    expect(displayReducer(starting, { type: 'refused', reason: DisplayMessages.expired })).toEqual({ kind: 'ended', end: 'expired', name: '上次的名字' });
  });

  it('starts a fresh board when an ended link answers again (an expiry moved on)', () => {
    const ended = displayReducer(showing, { type: 'refused', reason: DisplayMessages.expired });
    expect(displayReducer(ended, { type: 'session', session, regular: true })).toEqual({ ...showing, generation: 1 });
  });

  it('restarts a refused board only at the next heartbeat, not on the check its refusal asked for', () => {
    const refused = displayReducer(showing, { type: 'boardRefused' });
    expect(refused).toEqual({ ...showing, refused: true });
    expect(displayReducer(refused, { type: 'session', session, regular: false })).toEqual(refused);
    expect(displayReducer(refused, { type: 'session', session, regular: true })).toEqual({ ...showing, generation: 1 });
  });

  it('keeps the board as it is on a heartbeat while nothing was refused', () => {
    const renamed = { ...session, name: '华北大屏（新）' };
    expect(displayReducer(showing, { type: 'session', session: renamed, regular: true })).toEqual({ ...showing, session: renamed });
  });
});
