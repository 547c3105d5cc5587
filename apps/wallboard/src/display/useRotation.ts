import { useEffect, useState } from 'react';

/**
 * The index of the scope on screen: each stays `dwellMs` from the moment it is shown, then the
 * next, round again after the last. One scope never moves.
 */
export function useRotation(count: number, dwellMs: number): number {
  const [index, setIndex] = useState(0);
  const shown = count > 1 ? index % count : 0;
  useEffect(() => {
    if (count <= 1) return;
    const timer = setTimeout(() => setIndex((shown + 1) % count), dwellMs);
    return () => clearTimeout(timer);
  }, [shown, count, dwellMs]);
  return shown;
}
