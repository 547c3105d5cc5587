import { LiveClient } from '@pest/shared/live-client';
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
  if (!connection && token) connection = new LiveClient(window.location.origin, token);
  return connection;
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
