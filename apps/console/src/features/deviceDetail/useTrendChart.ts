import { useEffect, useRef } from 'react';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { TrendChartOption } from './trendChartOptions.ts';

use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Console-spec section 9: charts follow a resized window after 100 ms. */
const RESIZE_DEBOUNCE_MS = 100;

/**
 * One ECharts instance on the returned element: created once, updated in place with each new
 * option, resized with the window, disposed on unmount. (The chart screens' shared Chart component
 * did not exist yet when this screen was built; this hook is the smallest stand-in.)
 */
export function useTrendChart(option: TrendChartOption | undefined) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const instance = init(element.current);
    chart.current = instance;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => instance.resize(), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      clearTimeout(timer);
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (option) chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return element;
}
