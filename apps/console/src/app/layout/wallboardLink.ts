/**
 * The big-screen address with the session in its query (console-spec section 1): the wallboard
 * reads `token` and `phone` (the account) from its URL, then removes them from the address bar.
 */
export function wallboardLink(wallboardUrl: string, token: string, account: string): string {
  const [withoutHash = '', hash] = wallboardUrl.split('#', 2);
  const query = new URLSearchParams({ token, phone: account }).toString();
  const separator = withoutHash.includes('?') ? '&' : '?';
  return `${withoutHash}${separator}${query}${hash === undefined ? '' : `#${hash}`}`;
}
