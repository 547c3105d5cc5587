import { QuarterType, TimeType, chartKeyRange, type PointTrend, type PointTrendBody, type PointTrendDetailsBody } from '@pest/shared';
import { limitSeries, type BarChartData, type SeriesLimit } from '@pest/shared/charts';
import { storeChartFilters, type StoreChartFilters } from '../../api/charts.ts';
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

/** A store or an organisation has tens to hundreds of points: chart 1 draws this many, and 其他. */
export const TOP_POINTS = 10;

export interface PointTrendTexts {
  title: string;
  otherName: string;
  axisNames: { x: string; y: string };
}

const pointSeries = (trend: PointTrend) =>
  trend.valueList.map((point, index) => ({ id: String(index), name: point.name, data: point.numberList }));
const pointLimit = (otherName: string): SeriesLimit => ({ count: TOP_POINTS, otherName });

/**
 * Chart 1: periods along x, one series per point (its positive checks), the `TOP_POINTS` with
 * the most and the rest summed as 其他. A series' id is its point's index in the answer.
 */
export function pointTrendChart(trend: PointTrend, { title, otherName, axisNames }: PointTrendTexts): BarChartData {
  return { title, categories: trend.keyList, series: pointSeries(trend), seriesLimit: pointLimit(otherName), axisNames };
}

/** How many points chart 1 sums into 其他. */
export function foldedPoints(trend: PointTrend): number {
  return limitSeries(pointSeries(trend), pointLimit('')).folded;
}

/**
 * Chart 2's request for the bar clicked in chart 1: that point (its series' id) over that
 * period's range, grouped by occurrence (section 7: type 1, the month's '-01' .. '-31'), under
 * the same store filters. Undefined when the click names no point (其他 sums many).
 */
export function pointDetailsBody(
  filters: StoreChartFilters,
  trend: PointTrend,
  click: { seriesId: string; name: string },
): PointTrendDetailsBody | undefined {
  if (!/^\d+$/.test(click.seriesId)) return undefined;
  const pointId = trend.valueList[Number(click.seriesId)]?.pointIds[0];
  if (pointId === undefined) return undefined;
  return { ...filters, ...chartKeyRange(click.name), pointId, type: TimeType.byOccurrence };
}
