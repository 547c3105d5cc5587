/** A page kept alive behind its tag: its route path and what it last saw of the router. */
export interface KeptPage<Frame> {
  path: string;
  frame: Frame;
}

/**
 * The pages to keep mounted after a render: those whose tag closed are dropped (their state goes
 * with them), the page on screen is added or given its new frame. The same array comes back when
 * nothing changed, so a caller may keep it in state and set it only on a change.
 */
export function keptPagesAfter<Frame>(
  pages: readonly KeptPage<Frame>[],
  openPaths: readonly string[],
  shown: KeptPage<Frame> | undefined,
): readonly KeptPage<Frame>[] {
  const open = pages.filter((page) => openPaths.includes(page.path));
  let next = open.length === pages.length ? pages : open;
  if (!shown) return next;
  const index = next.findIndex((page) => page.path === shown.path);
  if (index === -1) next = [...next, shown];
  else if (next[index]?.frame !== shown.frame) next = next.map((page, i) => (i === index ? shown : page));
  return next;
}
