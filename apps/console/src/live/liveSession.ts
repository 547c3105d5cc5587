import { SessionEndpoints } from '@pest/shared';
import { LiveClient } from '@pest/shared/live-client';
import { call } from '../api/http.ts';
import { getToken, subscribeToken } from '../api/token.ts';

let connection: LiveClient | null = null;
let connectionToken: string | undefined;
const changeListeners = new Set<() => void>();

/** The live connection of the current token, opened on first use; none when signed out. */
export function liveConnection(): LiveClient | null {
  const token = getToken();
  if (token !== connectionToken) {
    connection?.close();
    connection = null;
    connectionToken = token;
  }
  if (!connection && token) {
    const opened = new LiveClient(window.location.origin, token);
    let asked = false;
    opened.listen(() => {
      if (asked || opened.getState().status !== 'unauthorized') return;
      asked = true;
      askWhetherSignedIn();
    });
    connection = opened;
  }
  return connection;
}

/**
 * The hub refused the token: the session may have ended elsewhere (signed out, the account
 * disabled or its password reset; the gateway cuts those sockets within a second). One light call
 * asks the server: if the session is gone its 401 drops the token and the guard sends the page to
 * the login, at once rather than at the user's next click. A session still valid answers and
 * nothing changes. Quiet, not silent: silent would skip the handling of the 401 this is for.
 */
function askWhetherSignedIn(): void {
  call(SessionEndpoints.userInfo, undefined, { skipLoading: true, quiet: true }).catch(() => undefined);
}

/** Sign-in, sign-out and a new token replace the connection; components watching it re-subscribe. */
export function onLiveConnectionChange(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

subscribeToken(() => {
  if (getToken() === connectionToken) return;
  connection?.close();
  connection = null;
  connectionToken = undefined;
  for (const listener of changeListeners) listener();
});
