import { TimeType, type PointTrendDetailsBody } from '@pest/shared';
import { storeChartFilters } from '../../api/charts.ts';
import type { FilterParams } from '../../components/FilterForm/index.ts';

/** A point's trend chart is one call per point; more than this at once is no longer readable as separate charts. */
export const MAX_POINTS = 6;

/**
 * One request per chosen point: its catches over the service period under the store filters, by
 * month unless the form says by occurrence. The other chosen points are left out of each request,
 * so each chart is its own point only.
 */
export function pointTrendBodies(params: FilterParams): PointTrendDetailsBody[] {
  const { pointIds, ...filters } = storeChartFilters(params);
  const type = params.timeType ?? TimeType.byMonth;
  return (pointIds ?? []).slice(0, MAX_POINTS).map((pointId) => ({ ...filters, pointId, type }));
}
