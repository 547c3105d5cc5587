import type { ChartOption } from './echarts.ts';

export interface BarSeries {
  name: string;
  /** One value per category; null is a gap (e.g. a rate where nothing was checked). */
  data: readonly (number | null)[];
}

export interface BarChartData {
  /** The x axis. */
  categories: readonly string[];
  series: readonly BarSeries[];
  title?: string;
  /** Appended to values in the tooltip and on the y axis ('%' for rates). */
  unit?: string;
}

/** Whether a chart would have anything to draw: no categories, or no series, is the empty state. */
export function hasBars({ categories, series }: Pick<BarChartData, 'categories' | 'series'>): boolean {
  return categories.length > 0 && series.length > 0;
}

/**
 * The console's bar chart: categories along x, one bar per series, a legend when there are
 * several, and room at the top for the title and the toolbox.
 */
export function barOption({ categories, series, title, unit = '' }: BarChartData): ChartOption {
  const legend = series.length > 1;
  return {
    title: title ? { text: title, left: 'center', textStyle: { fontSize: 14 } } : undefined,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (value) => (value == null ? '-' : `${String(value)}${unit}`) },
    legend: legend ? { type: 'scroll', bottom: 0 } : undefined,
    grid: { left: 48, right: 24, top: title ? 56 : 40, bottom: legend ? 64 : 32, containLabel: true },
    xAxis: { type: 'category', data: [...categories], axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', minInterval: unit ? undefined : 1, axisLabel: { formatter: `{value}${unit}` } },
    series: series.map((one) => ({ type: 'bar', name: one.name, data: [...one.data], barMaxWidth: 40 })),
  };
}
