import type { ChartOption } from './chartOption.ts';
import { LEGEND_SPACE } from './legendFit.ts';
import { distinctLegendNames } from './legendNames.ts';
import { axisTopAbove, markedOver, thresholdLine, type BarThreshold } from './threshold.ts';
import { TITLE_SPACE } from './toolbox.ts';
import { OTHER_SERIES_ID, limitSeries, type SeriesLimit } from './topSeries.ts';

export interface BarSeries {
  /** What a click reports as `seriesId`; the series' index in `series` when absent. */
  id?: string;
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
  /** The axes' titles: what the categories are, and what the values count with their unit (数量（只）). */
  axisNames?: { x: string; y: string };
  /** Counts only: beyond `count` series, the smaller ones are summed into one (其他). */
  seriesLimit?: SeriesLimit;
  /** A small multiple keeps its legend below however many series, so its plot keeps the width. */
  legendBelow?: boolean;
  /** A limit drawn across the plot, the bars over it in red (the audit pack's trend charts). */
  threshold?: BarThreshold;
  /** Room above the plot for the console's toolbox (`withToolbox`); false for a chart only drawn, like the audit pack's. */
  toolboxRoom?: boolean;
}

/** Whether a chart would have anything to draw: no categories, or no series, is the empty state. */
export function hasBars({ categories, series }: Pick<BarChartData, 'categories' | 'series'>): boolean {
  return categories.length > 0 && series.length > 0;
}

/** Room above the plot for the toolbox, under the title (`TITLE_SPACE`). */
const TOOLBOX_SPACE = 28;
/**
 * From this many series the legend stands at the right, one series a line, so a limited chart's
 * every series (points have long names: store and code) shows at once rather than on pages.
 */
const SIDE_LEGEND_FROM = 5;
const SIDE_LEGEND_WIDTH = 260;
/** A legend name longer than this is cut, its full text on hover (a point's store and code fit). */
const LEGEND_NAME_WIDTH = 230;
/** 其他 in a neutral grey, so no palette colour is shared with a point of its own. */
const OTHER_COLOUR = '#a9aeb8';

/** Room at the right of the plot for the 其他 axis' labels. */
const OTHER_AXIS_SPACE = 40;

function legendOf(seriesNames: readonly string[], top: number, below: boolean): Pick<ChartOption, 'legend'> & { right: number; bottom: number } {
  const count = seriesNames.length;
  if (count < 2) return { legend: undefined, right: 0, bottom: 0 };
  const shown = distinctLegendNames(seriesNames, LEGEND_NAME_WIDTH);
  const names = {
    formatter: (name: string) => shown.get(name) ?? name,
    textStyle: { width: LEGEND_NAME_WIDTH, overflow: 'truncate' as const },
    tooltip: { show: true },
  };
  if (below || count < SIDE_LEGEND_FROM) return { legend: { type: 'scroll', bottom: 0, ...names }, right: 0, bottom: LEGEND_SPACE };
  return {
    legend: { type: 'scroll', orient: 'vertical', right: 0, top: top + 20, bottom: 8, width: SIDE_LEGEND_WIDTH, ...names },
    right: SIDE_LEGEND_WIDTH + 8,
    bottom: 0,
  };
}

/**
 * The bar chart of the console and of the audit pack: categories along x, one bar per series (at most `seriesLimit` and
 * 其他), a legend when there are several (below, or at the right for many; a name too long is cut where it still tells
 * the entries apart), titled axes, a threshold line when given,
 * and room at the top for the title and the toolbox. The grid's outer bounds keep labels and axis titles inside the chart (ECharts
 * 6 shrinks the plot to fit them); how each category label is shown is decided for the drawn
 * width (`readableAxis.ts`). 其他 sums the rest, so at an organisation's scale it dwarfs the ten points drawn (150
 * against 2–4): it is a line on an axis of its own at the right, and the points' bars keep their scale.
 */
export function barOption({ categories, series, title, unit = '', axisNames, seriesLimit, legendBelow = false, threshold, toolboxRoom = true }: BarChartData): ChartOption {
  const drawn = seriesLimit ? limitSeries(series, seriesLimit).series : series.map((one, index) => ({ ...one, id: one.id ?? String(index) }));
  const top = (title ? TITLE_SPACE : 0) + (toolboxRoom ? TOOLBOX_SPACE : 0);
  const { legend, right, bottom } = legendOf(drawn.map((one) => one.name), top, legendBelow);
  const otherApart = drawn.some((one) => one.id === OTHER_SERIES_ID);
  const valueAxis = {
    type: 'value' as const,
    minInterval: unit ? undefined : 1,
    axisLabel: { formatter: `{value}${unit}` },
    name: axisNames?.y,
    nameLocation: 'end' as const,
    nameTextStyle: { align: 'left' as const },
    ...(threshold ? { max: axisTopAbove(threshold) } : {}),
  };
  return {
    title: title ? { text: title, left: 'center', textStyle: { fontSize: 14 } } : undefined,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (value) => (value == null ? '-' : `${String(value)}${unit}`) },
    // Absent, not undefined, for one series: ECharts warns of a legend it was not built with (the audit pack's).
    ...(legend ? { legend } : {}),
    grid: { left: 56, right: right + 32 + (otherApart ? OTHER_AXIS_SPACE : 0), top: top + 20, bottom: bottom + 8, outerBounds: { left: 0, right, top, bottom } },
    xAxis: {
      type: 'category',
      data: [...categories],
      name: axisNames?.x,
      nameLocation: 'middle',
      nameGap: 28,
    },
    yAxis: otherApart
      ? [
          valueAxis,
          {
            type: 'value',
            minInterval: valueAxis.minInterval,
            axisLabel: { ...valueAxis.axisLabel, color: OTHER_COLOUR },
            // What it counts, named after 其他 (the legend's entry keeps the bare name): 其他 · 数量（只）.
            name: [seriesLimit?.otherName, axisNames?.y].filter(Boolean).join(' · '),
            nameLocation: 'end',
            // Ending at the axis: the chart's right edge is just beyond it.
            nameTextStyle: { align: 'right' },
            position: 'right',
            splitLine: { show: false },
          },
        ]
      : valueAxis,
    series: drawn.map((one, index) => ({
      type: 'bar',
      id: one.id,
      name: one.name,
      data: threshold ? markedOver(one.data, threshold) : [...one.data],
      barMaxWidth: 40,
      ...(one.id === OTHER_SERIES_ID ? { type: 'line', yAxisIndex: 1, itemStyle: { color: OTHER_COLOUR }, lineStyle: { color: OTHER_COLOUR, type: 'dashed' } } : {}),
      // The line belongs to the plot, not to a series: drawn once, with the first.
      ...(threshold && index === 0 ? { markLine: thresholdLine(threshold) } : {}),
    })),
  };
}
