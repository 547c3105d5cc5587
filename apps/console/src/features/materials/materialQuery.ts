import type { MaterialKind, MaterialListBody } from '@pest/shared';

/** The search row as the form holds it. */
export interface MaterialFilters {
  keyword?: string;
  types: MaterialKind[];
  withDisabled: boolean;
}

export const MATERIAL_PAGE_SIZE = 20;
export const NO_MATERIAL_FILTERS: MaterialFilters = { types: [], withDisabled: false };
export const FIRST_MATERIAL_PAGE: MaterialListBody = { current: 1, size: MATERIAL_PAGE_SIZE };

/** Page 1 of what the search row asks; empty filters are left out, so the same search is the same cache entry. */
export function materialListBody(filters: MaterialFilters): MaterialListBody {
  const keyword = filters.keyword?.trim();
  return {
    current: 1,
    size: MATERIAL_PAGE_SIZE,
    ...(keyword ? { keyword } : {}),
    ...(filters.types.length ? { types: filters.types } : {}),
    ...(filters.withDisabled ? { withDisabled: true } : {}),
  };
}
