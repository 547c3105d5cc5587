import Cookies from 'js-cookie';
import { TOKEN_COOKIE } from '@pest/shared';

/**
 * The session token lives in the `Admin-Token` cookie (console-spec section 6). Listeners let the
 * route guard react when anything — login, logout, an HTTP 401 — changes it.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let current: string | undefined = Cookies.get(TOKEN_COOKIE);

function publish(next: string | undefined): void {
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

export function getToken(): string | undefined {
  return current;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'lax' });
  publish(token);
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE);
  publish(undefined);
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
