import { useCallback, useEffect, useReducer, useRef } from 'react';
import { DISPLAY_HEARTBEAT_MS } from '@pest/shared';
import { fetchDisplaySession } from '../api/displayApi.ts';
import { TokenRejected } from '../api/http.ts';
import { keepDisplayName, type Credentials } from '../intake/credentials.ts';
import { displayReducer, type DisplayView } from './displayView.ts';

export type DisplayCredentials = Extract<Credentials, { kind: 'display' }>;

/**
 * The display link's session: asked at start and every DISPLAY_HEARTBEAT_MS (the heartbeat the
 * server counts screens by, and how a revocation reaches the screen), and at once when the board
 * is refused. It keeps beating while the link is ended, so a link whose expiry is moved on comes back.
 */
export function useDisplaySession({ token, screenId, lastName }: DisplayCredentials): { view: DisplayView; boardRefused(): void } {
  const [view, dispatch] = useReducer(displayReducer, { kind: 'starting', lastName });
  const checkNow = useRef(() => {});

  useEffect(() => {
    let stopped = false;
    const beat = (regular: boolean) =>
      fetchDisplaySession({ token, screenId }).then(
        (session) => {
          if (stopped) return;
          keepDisplayName(window.localStorage, session.name);
          dispatch({ type: 'session', session, regular });
        },
        (error: unknown) => {
          // Anything but a refusal (network, gateway restarting) leaves the screen as it is until the next beat.
          if (!stopped && error instanceof TokenRejected) dispatch({ type: 'refused', reason: error.reason });
        },
      );
    void beat(true);
    const timer = setInterval(() => void beat(true), DISPLAY_HEARTBEAT_MS);
    checkNow.current = () => void beat(false);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [token, screenId]);

  const boardRefused = useCallback(() => {
    dispatch({ type: 'boardRefused' });
    checkNow.current();
  }, []);
  return { view, boardRefused };
}
