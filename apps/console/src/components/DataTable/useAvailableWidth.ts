import { useCallback, useEffect, useState } from 'react';

/** The width a vertical scrollbar takes on this system (0 where scrollbars overlay the content). */
function scrollbarWidth(): number {
  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;top:-9999px;width:100px;height:100px;overflow:scroll';
  document.body.append(probe);
  const width = probe.offsetWidth - probe.clientWidth;
  probe.remove();
  return width;
}

/**
 * The inner width of an element, kept current as it resizes, less a vertical scrollbar: the room a
 * scrolling table body has for its columns. Attach the returned ref to the element.
 */
export function useAvailableWidth<T extends HTMLElement>(): [(element: T | null) => void, number] {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    if (!element) return;
    const scrollbar = scrollbarWidth();
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(0, (entry?.contentRect.width ?? 0) - scrollbar)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);

  return [useCallback((node: T | null) => setElement(node), []), width];
}
