import { QuarterType, TimeType, chartKeyRange, type PointTrend, type PointTrendBody, type PointTrendDetailsBody } from '@pest/shared';
import { storeChartFilters, type StoreChartFilters } from '../../api/charts.ts';
import type { BarChartData } from '../../components/Chart/index.ts';
import type { FilterParams } from '../../components/FilterForm/index.ts';

/**
 * The month/quarter toggle only means something when the filter chose no time type (console-spec
 * screen 1); before any query the form has none either.
 */
export function showsPeriodToggle(params: FilterParams | undefined): boolean {
  return params?.timeType === undefined;
}

/** Chart 1's request: the store filters, and the filter's time type or else the toggle's month/quarter. */
export function pointTrendBody(params: FilterParams, quarterType: QuarterType): PointTrendBody {
  const filters = storeChartFilters(params);
  return params.timeType === undefined ? { ...filters, quarterType } : { ...filters, type: params.timeType };
}

export function hasPointTrend(trend: PointTrend): boolean {
  return trend.keyList.length > 0 && trend.valueList.length > 0;
}

/** Chart 1: periods along x, one series per point (its positive checks). */
export function pointTrendChart(trend: PointTrend, title: string): BarChartData {
  return {
    title,
    categories: trend.keyList,
    series: trend.valueList.map((point) => ({ name: point.name, data: point.numberList })),
  };
}

/**
 * Chart 2's request for the bar clicked in chart 1: that point (its series) over that period's
 * range, grouped by occurrence (section 7: type 1, the month's '-01' .. '-31'), under the same
 * store filters. Undefined when the click names no point.
 */
export function pointDetailsBody(
  filters: StoreChartFilters,
  trend: PointTrend,
  click: { seriesIndex: number; name: string },
): PointTrendDetailsBody | undefined {
  const pointId = trend.valueList[click.seriesIndex]?.pointIds[0];
  if (pointId === undefined) return undefined;
  return { ...filters, ...chartKeyRange(click.name), pointId, type: TimeType.byOccurrence };
}
