import type { PestWorkBody, PestWorkItem } from '@pest/shared';
import { slicesOf, type BarChartData, type PieSlice } from '@pest/shared/charts';
import { storeChartFilters } from '../../api/charts.ts';
import type { FilterParams } from '../../components/FilterForm/index.ts';

/** The store, plan, regions, pests and service period, with the form's time type as `type`. */
export function pestWorkBody(params: FilterParams): PestWorkBody {
  const body: PestWorkBody = storeChartFilters(params);
  if (params.timeType !== undefined) body.type = params.timeType;
  return body;
}

/** A pest's trend: its catches per period. */
export function pestTrendChart(item: PestWorkItem, seriesName: string, axisNames: BarChartData['axisNames']): BarChartData {
  return { title: item.name, categories: item.timeList, series: [{ name: seriesName, data: item.valueList }], axisNames };
}

/** A pest's density: its catches per service region over the whole range. */
export function pestDensitySlices(item: PestWorkItem): PieSlice[] {
  return slicesOf(item.nameList, item.numberList);
}
