import { DISPLAY_CODE_PARAM, DISPLAY_URL_PARAM } from '@pest/shared';

/**
 * What the board signs in with: a staff member's session, handed over by the console's big-screen
 * link (`?token=…&phone=…`), or a display link made for a TV (`?display=<token>`, issue 20), or
 * that link's short code still to be traded for its token (`?code=…`).
 */
export type Credentials =
  | { kind: 'staff'; token: string; phone: string }
  | { kind: 'code'; code: string }
  | {
      kind: 'display';
      token: string;
      /** Names this screen to the server, which counts the screens of a link. */
      screenId: string;
      /** The link's name when this screen last saw it, so a TV restarted after a revocation can still name it. */
      lastName: string | null;
    };

const TOKEN_KEY = 'wallboard.token';
const PHONE_KEY = 'wallboard.phone';
const DISPLAY_KEY = 'wallboard.display';
const DISPLAY_NAME_KEY = 'wallboard.displayName';
const SCREEN_KEY = 'wallboard.screen';
const HANDED_OVER = ['token', 'phone', DISPLAY_URL_PARAM, DISPLAY_CODE_PARAM];

interface AddressBar {
  readonly href: string;
}
interface HistoryLike {
  readonly state: unknown;
  replaceState(data: unknown, unused: string, url?: string | URL | null): void;
}
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
export interface Stores {
  /** The tab's: a staff session ends with the tab, as it would in the console. */
  session: KeyValueStore;
  /** The browser's: a TV keeps its display link across an F5 and a restart. */
  local: KeyValueStore;
}

/**
 * Takes the hand-over out of the address bar at once (before any request can carry it in a URL or
 * a Referer) and keeps it, so a reload of the cleaned URL still works. A token in the URL replaces
 * a kept one of either kind: it is the newer hand-over. A short code is answered as it is, to be
 * traded for its token (keepDisplayToken then keeps that).
 */
export function takeCredentials(location: AddressBar, history: HistoryLike, stores: Stores, newScreenId: () => string): Credentials | null {
  const url = new URL(location.href);
  const token = url.searchParams.get('token');
  const phone = url.searchParams.get('phone');
  const display = url.searchParams.get(DISPLAY_URL_PARAM);
  const code = url.searchParams.get(DISPLAY_CODE_PARAM);
  if (HANDED_OVER.some((name) => url.searchParams.has(name))) {
    for (const name of HANDED_OVER) url.searchParams.delete(name);
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  if (display) {
    keepDisplayToken(stores, display);
  } else if (token) {
    stores.session.setItem(TOKEN_KEY, token);
    if (phone) stores.session.setItem(PHONE_KEY, phone);
    else stores.session.removeItem(PHONE_KEY);
    stores.local.removeItem(DISPLAY_KEY);
    stores.local.removeItem(DISPLAY_NAME_KEY);
  } else if (code) {
    return { kind: 'code', code };
  }
  return keptCredentials(stores, newScreenId);
}

/** A display link's token, from the URL or traded for its short code, kept for this screen in place of anything kept before. */
export function keepDisplayToken(stores: Stores, token: string): void {
  stores.local.setItem(DISPLAY_KEY, token);
  stores.local.removeItem(DISPLAY_NAME_KEY);
  stores.session.removeItem(TOKEN_KEY);
  stores.session.removeItem(PHONE_KEY);
}

/** What the screen keeps: a staff session for this tab, else a display link with this screen's id. */
export function keptCredentials(stores: Stores, newScreenId: () => string): Credentials | null {
  const staffToken = stores.session.getItem(TOKEN_KEY);
  if (staffToken) return { kind: 'staff', token: staffToken, phone: stores.session.getItem(PHONE_KEY) ?? '' };
  const displayToken = stores.local.getItem(DISPLAY_KEY);
  if (!displayToken) return null;
  let screenId = stores.local.getItem(SCREEN_KEY);
  if (!screenId) {
    screenId = newScreenId();
    stores.local.setItem(SCREEN_KEY, screenId);
  }
  return { kind: 'display', token: displayToken, screenId, lastName: stores.local.getItem(DISPLAY_NAME_KEY) };
}

/** Remembers the link's name for the next start (see Credentials.lastName). */
export function keepDisplayName(local: KeyValueStore, name: string): void {
  local.setItem(DISPLAY_NAME_KEY, name);
}

/**
 * A random screen id. getRandomValues rather than randomUUID: a TV often opens the board over plain
 * http on the LAN, where randomUUID (secure contexts only) is missing.
 */
export function randomScreenId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
