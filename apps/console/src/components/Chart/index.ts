export { Chart, type ChartProps } from './Chart.tsx';
export { ChartPanel } from './ChartPanel.tsx';
export { useChart, RESIZE_DEBOUNCE_MS, type BarClick } from './useChart.ts';
export { barOption, hasBars, type BarChartData, type BarSeries } from './barOption.ts';
export { limitSeries, OTHER_SERIES_ID, type SeriesLimit } from './topSeries.ts';
export { pieOption, slicesOf, type PieSlice } from './pieOption.ts';
export type { ChartOption } from './echarts.ts';
