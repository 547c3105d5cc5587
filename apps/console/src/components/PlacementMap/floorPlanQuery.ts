import { queryOptions } from '@tanstack/react-query';
import { StaleTime } from '../../api/query/staleTimes.ts';

export const floorPlanKeys = {
  plan: (url: string) => ['floorPlan', url] as const,
};

/**
 * The image is requested in CORS mode so that a plan served from another origin (object storage
 * that sends CORS headers) does not taint the canvas and the export still works; the gateway serves
 * it same-origin, where CORS mode changes nothing. Aborting drops the download.
 */
function loadImage(url: string, signal: AbortSignal): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`the floor plan did not load: ${url}`));
    signal.addEventListener('abort', () => image.removeAttribute('src'), { once: true });
    image.src = url;
  });
}

/** A decoded floor plan: a signed link always names the same picture, so it never goes stale. */
export const floorPlanQuery = (url: string) =>
  queryOptions({
    queryKey: floorPlanKeys.plan(url),
    queryFn: ({ signal }) => loadImage(url, signal),
    staleTime: StaleTime.immutable,
    // A picture that failed (an expired link) fails again the same way; the map says so at once.
    retry: false,
  });
