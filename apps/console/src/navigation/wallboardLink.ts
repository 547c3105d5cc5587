import { DISPLAY_URL_PARAM } from '@pest/shared';

/** The wallboard's address with `params` added to its query, keeping the query and hash it has. */
function withQuery(wallboardUrl: string, params: Record<string, string>): string {
  const [withoutHash = '', hash] = wallboardUrl.split('#', 2);
  const query = new URLSearchParams(params).toString();
  const separator = withoutHash.includes('?') ? '&' : '?';
  return `${withoutHash}${separator}${query}${hash === undefined ? '' : `#${hash}`}`;
}

/**
 * The big-screen address with the session in its query (console-spec section 1): the wallboard
 * reads `token` and `phone` (the account) from its URL, then removes them from the address bar.
 */
export function wallboardLink(wallboardUrl: string, token: string, account: string): string {
  return withQuery(wallboardUrl, { token, phone: account });
}

/**
 * A display link's address for a TV (issue 20), absolute so it can be copied to another machine:
 * the wallboard takes `display` out of the address bar before its first request.
 */
export function displayLinkUrl(wallboardUrl: string, origin: string, token: string): string {
  return new URL(withQuery(wallboardUrl, { [DISPLAY_URL_PARAM]: token }), origin).href;
}

/** The wallboard's own address, absolute and without a query: where a TV types a display link's short code. */
export function wallboardAddress(wallboardUrl: string, origin: string): string {
  const url = new URL(wallboardUrl, origin);
  url.search = '';
  url.hash = '';
  return url.href;
}
