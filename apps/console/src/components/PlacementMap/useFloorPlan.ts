import { useEffect, useState } from 'react';

export interface FloorPlan {
  state: 'loading' | 'ready' | 'failed';
  image: HTMLImageElement | null;
}

/**
 * Loads the floor plan for drawing. The image is requested in CORS mode so that a plan served from
 * another origin (object storage that sends CORS headers) does not taint the canvas and the export
 * still works; the gateway serves it same-origin, where CORS mode changes nothing.
 */
export function useFloorPlan(url: string): FloorPlan {
  const [plan, setPlan] = useState<FloorPlan>({ state: 'loading', image: null });

  useEffect(() => {
    let current = true;
    setPlan({ state: 'loading', image: null });
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.onload = () => current && setPlan({ state: 'ready', image });
    image.onerror = () => current && setPlan({ state: 'failed', image: null });
    image.src = url;
    return () => {
      current = false;
    };
  }, [url]);

  return plan;
}
