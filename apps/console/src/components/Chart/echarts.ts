import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  DataZoomSliderComponent,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  ToolboxComponent,
  TooltipComponent,
} from 'echarts/components';
import { getInstanceByDom, use as registerChartParts, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * The only ECharts parts the console draws with (docs/architecture.md: `echarts/core` with the charts
 * used): those of `ChartOption` (`@pest/shared/charts`), which the option builders make. A screen that
 * needs another series or component adds it to both, so the bundle stays honest.
 */
registerChartParts([
  BarChart,
  LineChart,
  PieChart,
  DataZoomSliderComponent,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  ToolboxComponent,
  TooltipComponent,
  CanvasRenderer,
]);

declare global {
  interface Window {
    /**
     * The live instance behind a chart element. Browser tests read the rendered option and turn
     * data into pixels with it (a bar is clicked where it is drawn), and support can inspect a
     * chart from the dev tools; the bundle's echarts module is otherwise out of reach.
     */
    chartInstanceOf?: (element: HTMLElement) => ECharts | undefined;
  }
}
if (typeof window !== 'undefined') window.chartInstanceOf = getInstanceByDom;

export { init, type ECharts } from 'echarts/core';
