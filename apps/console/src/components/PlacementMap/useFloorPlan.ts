import { useQuery } from '@tanstack/react-query';
import { floorPlanQuery } from './floorPlanQuery.ts';

export interface FloorPlan {
  state: 'loading' | 'ready' | 'failed';
  image: HTMLImageElement | null;
}

/** The floor plan for drawing, decoded once per link however often the map is opened. */
export function useFloorPlan(url: string): FloorPlan {
  const query = useQuery(floorPlanQuery(url));
  if (query.data) return { state: 'ready', image: query.data };
  return { state: query.isError ? 'failed' : 'loading', image: null };
}
