import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * An element's layout size in design pixels: the stage scales by CSS transform, which a
 * ResizeObserver's content box does not see, so what is drawn here is sized for the design.
 */
export function useElementSize<T extends HTMLElement>(): { ref: RefObject<T | null>; width: number; height: number } {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize((before) => (before.width === width && before.height === height ? before : { width, height }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, ...size };
}
