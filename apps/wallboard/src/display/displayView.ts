import { DisplayMessages, type DisplaySession } from '@pest/shared';

/** Why a display link no longer shows: the server's reason, or any other refusal (a link deleted, a token mistyped). */
export type LinkEnd = 'revoked' | 'expired' | 'unknown';

/** What a display screen shows: nothing yet, the board (`generation` remounts it), or why the link ended. */
export type DisplayView =
  | { kind: 'starting'; lastName: string | null }
  | { kind: 'showing'; session: DisplaySession; generation: number; refused: boolean }
  | { kind: 'ended'; end: LinkEnd; name: string | null };

export type DisplayEvent =
  /** The session answered; `regular` for the heartbeat, not a check asked for after a refusal. */
  | { type: 'session'; session: DisplaySession; regular: boolean }
  /** The session call was refused. */
  | { type: 'refused'; reason: string | null }
  /** The board was refused (a call or the live socket): the session is asked at once why. */
  | { type: 'boardRefused' };

export function linkEnd(reason: string | null): LinkEnd {
  if (reason === DisplayMessages.revoked) return 'revoked';
  if (reason === DisplayMessages.expired) return 'expired';
  return 'unknown';
}

const knownName = (view: DisplayView): string | null =>
  view.kind === 'showing' ? view.session.name : view.kind === 'ended' ? view.name : view.lastName;

export function displayReducer(view: DisplayView, event: DisplayEvent): DisplayView {
  switch (event.type) {
    case 'session':
      if (view.kind !== 'showing') return { kind: 'showing', session: event.session, generation: view.kind === 'ended' ? 1 : 0, refused: false };
      // A board refused while its link is fine starts again at the next heartbeat, not at once: a
      // scope the server keeps refusing would otherwise reload the whole board in a loop.
      if (view.refused && event.regular) return { kind: 'showing', session: event.session, generation: view.generation + 1, refused: false };
      return { ...view, session: event.session };
    case 'refused':
      return { kind: 'ended', end: linkEnd(event.reason), name: knownName(view) };
    case 'boardRefused':
      return view.kind === 'showing' ? { ...view, refused: true } : view;
  }
}
