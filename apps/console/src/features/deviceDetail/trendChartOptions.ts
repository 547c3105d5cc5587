import type { AlarmTrend } from '@pest/shared';

/** The legend names of the two charts, in the user's language. */
export interface TrendLabels {
  online: string;
  highTemperature: string;
  battery: string;
  maintain: string;
  alarm: string;
  trigger: string;
  /** The value axis' title: how many times, with the unit (the dates along x speak for themselves). */
  times: string;
}

export interface TrendSeries {
  name: string;
  type: 'line' | 'bar';
  data: number[];
}

/** The part of an ECharts option these charts set (a type alias, so ECharts' open option type accepts it). */
export type TrendChartOption = {
  color: string[];
  tooltip: { trigger: 'axis' };
  legend: { top: number; data: string[] };
  grid: { left: number; right: number; top: number; bottom: number; containLabel: boolean };
  xAxis: { type: 'category'; data: string[]; boundaryGap: boolean };
  yAxis: { type: 'value'; minInterval: number; name: string; nameLocation: 'end' };
  series: TrendSeries[];
};

function option(dates: readonly string[], series: TrendSeries[], color: string[], boundaryGap: boolean, labels: TrendLabels): TrendChartOption {
  return {
    color,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: series.map((s) => s.name) },
    grid: { left: 16, right: 24, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: [...dates], boundaryGap },
    // Counts: no fractional ticks.
    yAxis: { type: 'value', minInterval: 1, name: labels.times, nameLocation: 'end' },
    series,
  };
}

// Straight segments: a smoothed curve of counts would dip below zero between days.
const line = (name: string, data: readonly number[]): TrendSeries => ({ name, type: 'line', data: [...data] });

/** The four-line chart (console-spec screen 7): heartbeats, high-temperature, low-battery and maintenance alarms per day. */
export function deviceTrendOption(trend: AlarmTrend, labels: TrendLabels): TrendChartOption {
  return option(
    trend.dateList,
    [
      line(labels.online, trend.onlineCountList),
      line(labels.highTemperature, trend.highTemperatureCountList),
      line(labels.battery, trend.electricityTrendCountList),
      line(labels.maintain, trend.maintainCountList),
    ],
    ['#00b42a', '#f77234', '#f7ba1e', '#722ed1'],
    false,
    labels,
  );
}

/** Alarms (every kind) and rodent-trap triggers per day, side by side. */
export function alarmTriggerOption(trend: AlarmTrend, labels: TrendLabels): TrendChartOption {
  return option(
    trend.dateList,
    [
      { name: labels.alarm, type: 'bar', data: [...trend.alarmCountList] },
      { name: labels.trigger, type: 'bar', data: [...trend.triggerCountList] },
    ],
    ['#f53f3f', '#165dff'],
    true,
    labels,
  );
}

/** How many values a chart plots: zero means an empty chart, shown as such. */
export function pointCount(option: TrendChartOption): number {
  return option.series.reduce((sum, series) => sum + series.data.length, 0);
}
