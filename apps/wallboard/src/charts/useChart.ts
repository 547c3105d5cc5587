import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { chartPixelRatio } from '../screen/fitScale.ts';
import { useStageScale } from '../screen/Stage.tsx';
import { echarts } from './echarts.ts';

/**
 * One ECharts instance for the element, created once (again only if the screen's scale changes,
 * since the pixel ratio is fixed at creation) and disposed on unmount. Each new option is merged
 * in with setOption, so series update in place and animate. The canvas renders at the stage
 * scale times the device ratio: scaled up by CSS alone it would blur on a 4K screen.
 */
export function useChart(option: EChartsCoreOption | null): { ref: RefObject<HTMLDivElement | null>; chart: RefObject<EChartsType | null> } {
  const ref = useRef<HTMLDivElement | null>(null);
  const chart = useRef<EChartsType | null>(null);
  // The option of the render that (re)creates the instance, without re-creating it on every option.
  const currentOption = useEffectEvent(() => option);
  const scale = useStageScale();

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const instance = echarts.init(element, null, { renderer: 'canvas', devicePixelRatio: chartPixelRatio(window.devicePixelRatio || 1, scale) });
    chart.current = instance;
    const initial = currentOption();
    if (initial) instance.setOption(initial);
    return () => {
      chart.current = null;
      instance.dispose();
    };
  }, [scale]);

  useEffect(() => {
    if (option) chart.current?.setOption(option);
  }, [option]);

  return { ref, chart };
}
