import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * Each page keeps its own scroll position in the layout's one scroll container: a page shown again
 * is where the user left it, a page never shown (or whose tag closed) starts at the top.
 */
export function usePageScroll(container: RefObject<HTMLElement | null>, page: string, openPages: readonly string[]): void {
  const [positions] = useState(() => new Map<string, number>());
  const shown = useRef(page);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    // Recorded as the user scrolls: once the page has changed, the old one's content is hidden and
    // the browser has already clamped the container to the new one's height.
    const remember = () => positions.set(shown.current, element.scrollTop);
    element.addEventListener('scroll', remember, { passive: true });
    return () => element.removeEventListener('scroll', remember);
  }, [container, positions]);

  useEffect(() => {
    for (const path of positions.keys()) if (!openPages.includes(path)) positions.delete(path);
  }, [openPages, positions]);

  // Before paint, so the page shows at its place rather than jumping there.
  useLayoutEffect(() => {
    shown.current = page;
    container.current?.scrollTo({ top: positions.get(page) ?? 0 });
  }, [container, page, positions]);
}
