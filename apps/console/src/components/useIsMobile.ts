import { useSyncExternalStore } from 'react';
import { Layout } from '@pest/shared';

// "Below 992px" (console-spec section 9): 991.98 keeps fractional widths on the right side.
const query = `(max-width: ${Layout.mobileBreakpoint - 0.02}px)`;

function subscribe(listener: () => void): () => void {
  const media = window.matchMedia(query);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
