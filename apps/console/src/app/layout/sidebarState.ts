import Cookies from 'js-cookie';
import { SIDEBAR_COOKIE } from '@pest/shared';

/** The `sidebarStatus` cookie: '1' open, '0' collapsed; open when never set. */
export function sidebarOpenedFrom(cookieValue: string | undefined): boolean {
  return cookieValue !== '0';
}

export function readSidebarOpened(): boolean {
  return sidebarOpenedFrom(Cookies.get(SIDEBAR_COOKIE));
}

export function storeSidebarOpened(opened: boolean): void {
  Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0', { expires: 365, sameSite: 'lax' });
}
