export { Chart, type ChartProps } from './Chart.tsx';
export { useChart, RESIZE_DEBOUNCE_MS, type BarClick } from './useChart.ts';
export type { ChartOption } from './echarts.ts';
