import { chartKeyRange, type PestsBody, type RegionPests, type RegionPestsBody, type TimeType, type YearPestsBody } from '@pest/shared';
import type { StoreChartFilters } from '../../api/charts.ts';

/** Chart 1's request: the store filters over the whole chosen year, in the filter's time type. */
export function yearPestsBody(filters: StoreChartFilters, year: string, timeType: TimeType | undefined): YearPestsBody {
  const body: YearPestsBody = { ...filters, startTime: `${year}-01-01`, endTime: `${year}-12-31` };
  if (timeType !== undefined) body.type = timeType;
  return body;
}

/** Chart 2's request: the same filters over the period whose bar was clicked in chart 1. */
export function regionPestsBody(filters: StoreChartFilters, period: string): RegionPestsBody {
  return { ...filters, ...chartKeyRange(period) };
}

/**
 * Chart 3's request: chart 2's, narrowed to the regions behind the clicked bar (a bar is every
 * region of that name, so it carries several ids). Undefined when the click names no bar.
 */
export function pestsBody(regionBody: RegionPestsBody, regions: RegionPests, dataIndex: number): PestsBody | undefined {
  const regionIds = regions.regionIdsList[dataIndex];
  return regionIds ? { ...regionBody, regionIds: [...regionIds] } : undefined;
}
