import { useEffect, useEffectEvent, useRef } from 'react';
import { init, type ChartOption, type ECharts } from './echarts.ts';

/** Console-spec section 9: a chart follows its box's size after 100 ms of quiet. */
export const RESIZE_DEBOUNCE_MS = 100;

/** The bar (or line point, after switching) the user clicked: enough to drill down. */
export interface BarClick {
  /** The category: the x-axis label under the bar. */
  name: string;
  dataIndex: number;
  seriesIndex: number;
  seriesName: string;
  value: unknown;
}

/**
 * One ECharts instance on the returned element: created on mount, given each new option in place
 * (nothing merged from the previous one; `undefined` clears it), resized when its box changes —
 * window, sidebar or dialog alike — and disposed on unmount.
 */
export function useChart(option: ChartOption | undefined, onBarClick?: (click: BarClick) => void) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  // An effect event, so a screen's new closure is used without re-binding the chart's events.
  const clickBar = useEffectEvent((click: BarClick) => onBarClick?.(click));

  useEffect(() => {
    const box = element.current;
    if (!box) return;
    const instance = init(box);
    chart.current = instance;
    instance.on('click', 'series', (event) => {
      clickBar({
        name: event.name,
        dataIndex: event.dataIndex,
        seriesIndex: event.seriesIndex ?? 0,
        seriesName: event.seriesName ?? '',
        value: event.value,
      });
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => instance.resize(), RESIZE_DEBOUNCE_MS);
    });
    observer.observe(box);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    if (option) instance.setOption(option, { notMerge: true });
    else instance.clear();
  }, [option]);

  return element;
}
