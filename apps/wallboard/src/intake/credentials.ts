/** What the console's big-screen link hands over in the query (console navbar: `?token=…&phone=…`). */
export interface Credentials {
  token: string;
  phone: string;
}

const TOKEN_KEY = 'wallboard.token';
const PHONE_KEY = 'wallboard.phone';

interface AddressBar {
  readonly href: string;
}
interface HistoryLike {
  readonly state: unknown;
  replaceState(data: unknown, unused: string, url?: string | URL | null): void;
}
type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Takes token and phone out of the address bar at once (before any request can carry them in a
 * URL or a Referer) and keeps them in the tab's session storage, so a reload of the cleaned URL
 * still works. A token in the URL replaces a kept one: it is the newer hand-over.
 */
export function takeCredentials(location: AddressBar, history: HistoryLike, storage: SessionStore): Credentials | null {
  const url = new URL(location.href);
  const token = url.searchParams.get('token');
  const phone = url.searchParams.get('phone');
  if (url.searchParams.has('token') || url.searchParams.has('phone')) {
    url.searchParams.delete('token');
    url.searchParams.delete('phone');
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  if (token) {
    storage.setItem(TOKEN_KEY, token);
    if (phone) storage.setItem(PHONE_KEY, phone);
    else storage.removeItem(PHONE_KEY);
  }
  const kept = storage.getItem(TOKEN_KEY);
  return kept ? { token: kept, phone: storage.getItem(PHONE_KEY) ?? '' } : null;
}
