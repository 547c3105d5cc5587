import { useEffect, useEffectEvent, useRef } from 'react';
import { fitLegend, withReadableAxis, xLabelLayout, type ChartBox, type ChartOption } from '@pest/shared/charts';
import { init, type ECharts } from './echarts.ts';
import { measureLabel } from './measureLabel.ts';

/** Console-spec section 9: a chart follows its box's size after 100 ms of quiet. */
export const RESIZE_DEBOUNCE_MS = 100;

/**
 * How near the screen a chart's box must come before it draws its option. A screen of 12–24
 * charts (组合趋势, 单店虫害对比) drew them all on 查询, half a second of main thread for charts
 * nobody had scrolled to (bench/screens); the rest now draw as they are scrolled near.
 */
const NEAR_SCREEN = '300px';

/** The bar (or line point, after switching) the user clicked: enough to drill down. */
export interface BarClick {
  /** The category: the x-axis label under the bar. */
  name: string;
  dataIndex: number;
  seriesIndex: number;
  /** The series' id (barOption gives each series one; the other series of a limited chart is `OTHER_SERIES_ID`). */
  seriesId: string;
  seriesName: string;
  value: unknown;
}

const boxOf = (element: HTMLElement): ChartBox => ({ width: element.clientWidth, height: element.clientHeight, measure: measureLabel });

/** The option fitted to the box: the legend's place, then the category labels; and the key of those decisions. */
function fitted(option: ChartOption, box: ChartBox): { option: ChartOption; layout: string } {
  const placed = fitLegend(option, box.width);
  const legend = placed.legend as { orient?: string } | undefined;
  return {
    // No enter animation: a chart answers 查询, and a second of bars growing is a second the
    // user waits for numbers (bench/screens measured ~1 s of animation on every chart screen, and
    // seconds of main-thread work on screens with 12–24 charts).
    option: { ...withReadableAxis(placed, box), animation: false },
    layout: JSON.stringify({ labels: xLabelLayout(placed, box) ?? null, legend: legend?.orient ?? null }),
  };
}

/**
 * One ECharts instance on the returned element: created on mount, given each new option in place
 * (nothing merged from the previous one; `undefined` clears it) once its box is near the screen
 * (NEAR_SCREEN; at once when it already is), resized when its box changes —
 * window, sidebar or dialog alike — and disposed on unmount. Category labels are laid out for the
 * box's width (`@pest/shared/charts`: `readableAxis.ts`) after the legend has found its place
 * (`legendFit.ts`), again whenever a resize changes those decisions. The clicked bar stays selected
 * (drawn in its `select` style) until another is clicked or a new option comes.
 */
export function useChart(option: ChartOption | undefined, onBarClick?: (click: BarClick) => void) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const drawn = useRef<{ option: ChartOption; layout: string } | undefined>(undefined);
  const selected = useRef<{ seriesIndex: number; dataIndex: number } | undefined>(undefined);
  /** Whether the box is near the screen, and the option's drawing waiting for it to be. */
  const near = useRef(false);
  const pending = useRef<(() => void) | undefined>(undefined);
  // An effect event, so a screen's new closure is used without re-binding the chart's events.
  const clickBar = useEffectEvent((click: BarClick) => onBarClick?.(click));

  useEffect(() => {
    const box = element.current;
    if (!box) return;
    const instance = init(box);
    chart.current = instance;
    instance.on('click', 'series', (event) => {
      // ECharts toggles the clicked item's selection after this handler, so a bar clicked twice
      // would lose it: once that is done, the clicked bar is selected and the previous one not.
      const previous = selected.current;
      const clicked = { seriesIndex: event.seriesIndex ?? 0, dataIndex: event.dataIndex };
      selected.current = clicked;
      queueMicrotask(() => {
        if (instance.isDisposed()) return;
        if (previous && (previous.seriesIndex !== clicked.seriesIndex || previous.dataIndex !== clicked.dataIndex)) {
          instance.dispatchAction({ type: 'unselect', ...previous });
        }
        instance.dispatchAction({ type: 'select', ...clicked });
      });
      clickBar({
        name: event.name,
        dataIndex: event.dataIndex,
        seriesIndex: event.seriesIndex ?? 0,
        seriesId: event.seriesId ?? '',
        seriesName: event.seriesName ?? '',
        value: event.value,
      });
    });
    const relayLabels = () => {
      const current = drawn.current;
      if (!current) return;
      const fit = fitted(current.option, boxOf(box));
      if (fit.layout === current.layout) return;
      drawn.current = { option: current.option, layout: fit.layout };
      const { xAxis, grid, dataZoom, legend } = fit.option;
      instance.setOption({ xAxis, grid, dataZoom: dataZoom ?? [], legend }, { replaceMerge: ['dataZoom'] });
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        instance.resize();
        relayLabels();
      }, RESIZE_DEBOUNCE_MS);
    });
    observer.observe(box);
    const nearness = new IntersectionObserver(
      (entries) => {
        near.current = entries.some((entry) => entry.isIntersecting);
        if (!near.current) return;
        const draw = pending.current;
        pending.current = undefined;
        draw?.();
      },
      { rootMargin: NEAR_SCREEN },
    );
    nearness.observe(box);
    return () => {
      observer.disconnect();
      nearness.disconnect();
      clearTimeout(timer);
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = chart.current;
    const box = element.current;
    if (!instance || !box) return;
    selected.current = undefined;
    delete box.dataset.firstFrameAt;
    delete box.dataset.drawnAt;
    if (!option) {
      drawn.current = undefined;
      instance.clear();
      return;
    }
    // When this option reached the screen (first frame) and when it stands complete, animations
    // done (ECharts' `finished`), on the page's clock: bench/screens and the browser tests read them.
    const firstFrame = () => {
      box.dataset.firstFrameAt = performance.now().toFixed(1);
      instance.off('rendered', firstFrame);
    };
    const finished = () => {
      box.dataset.drawnAt = performance.now().toFixed(1);
      instance.off('finished', finished);
    };
    const draw = () => {
      const fit = fitted(option, boxOf(box));
      drawn.current = { option, layout: fit.layout };
      instance.on('rendered', firstFrame);
      instance.on('finished', finished);
      instance.setOption(fit.option, { notMerge: true });
    };
    // The previous option's drawing, if it never came near the screen, is forgotten.
    pending.current = undefined;
    if (near.current) draw();
    else pending.current = draw;
    return () => {
      pending.current = undefined;
      if (instance.isDisposed()) return;
      instance.off('rendered', firstFrame);
      instance.off('finished', finished);
    };
  }, [option]);

  return element;
}
