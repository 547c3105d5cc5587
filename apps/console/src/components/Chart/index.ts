export { Chart, type ChartProps } from './Chart.tsx';
export { ChartPanel } from './ChartPanel.tsx';
export { useChart, RESIZE_DEBOUNCE_MS, type BarClick } from './useChart.ts';
