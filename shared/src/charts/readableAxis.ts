import { categoryLabelLayout, type CategoryLabelLayout } from './categoryLabels.ts';
import type { ChartOption } from './chartOption.ts';

/** ECharts' axis labels: 12 px in a 16 px line. */
export const AXIS_LABEL_FONT = '12px sans-serif';
const LINE_HEIGHT = 16;
/** A turned label may take this share of the chart's height below the axis. */
const DEPTH_SHARE = 0.25;
/** The pan bar under a windowed axis, and the gap above it. */
export const PAN_BAR_HEIGHT = 16;
const PAN_BAR_ROOM = PAN_BAR_HEIGHT + 12;

export interface ChartBox {
  width: number;
  height: number;
  /** A label's drawn width in pixels (the canvas' measureText in the browser). */
  measure(text: string): number;
}

type AxisOption = Record<string, unknown> & { type?: string; data?: unknown[]; axisLabel?: Record<string, unknown> };
type GridOption = Record<string, unknown> & { left?: unknown; right?: unknown; outerBounds?: Record<string, unknown> };

const single = <T>(value: T | T[] | undefined): T | undefined => (Array.isArray(value) ? value[0] : value);
const pixels = (value: unknown) => (typeof value === 'number' ? value : 0);
const labelOf = (item: unknown) => (typeof item === 'object' && item !== null && 'value' in item ? String(item.value) : String(item));

/** The category axis' length: the chart's width less the grid's sides. */
function axisWidthOf(option: ChartOption, width: number): number {
  const grid = single(option.grid as GridOption | GridOption[] | undefined);
  return width - pixels(grid?.left) - pixels(grid?.right);
}

/** The label decision for the chart's x axis, or undefined when it is not a category axis with labels. */
export function xLabelLayout(option: ChartOption, { width, height, measure }: ChartBox): CategoryLabelLayout | undefined {
  const axis = single(option.xAxis as AxisOption | AxisOption[] | undefined);
  if (axis?.type !== 'category' || !axis.data?.length) return undefined;
  return categoryLabelLayout({
    widths: axis.data.map((item) => measure(labelOf(item))),
    axisWidth: axisWidthOf(option, width),
    lineHeight: LINE_HEIGHT,
    maxDepth: Math.round(height * DEPTH_SHARE),
  });
}

/**
 * The parts of an option a label decision changes: the x axis' labels (every one, turned and cut
 * as decided, the full text as the label's tooltip), and for a windowed axis the pan bar and the
 * room it takes at the bottom. Given to ECharts as a merge, so a line/bar switch or a selected
 * bar survives a resize.
 */
export function readableAxisParts(option: ChartOption, layout: CategoryLabelLayout): ChartOption {
  const axis = single(option.xAxis as AxisOption | AxisOption[] | undefined) ?? {};
  const grid = single(option.grid as GridOption | GridOption[] | undefined) ?? {};
  const outerBounds = grid.outerBounds ?? {};
  const truncated = layout.truncateAt !== undefined;
  return {
    xAxis: {
      ...axis,
      axisLabel: {
        ...axis.axisLabel,
        interval: 0,
        hideOverlap: false,
        rotate: layout.rotate,
        ...(truncated ? { width: layout.truncateAt, overflow: 'truncate' } : { width: undefined, overflow: 'none' }),
      },
      tooltip: { show: truncated },
    } as ChartOption['xAxis'],
    grid: layout.window
      ? ({ ...grid, outerBounds: { ...outerBounds, bottom: pixels(outerBounds.bottom) + PAN_BAR_ROOM } } as ChartOption['grid'])
      : (grid as ChartOption['grid']),
    dataZoom: layout.window
      ? [
          {
            type: 'slider',
            xAxisIndex: 0,
            startValue: 0,
            endValue: layout.window - 1,
            // A wider window would crowd the labels again: the window pans, it does not grow.
            zoomLock: true,
            height: PAN_BAR_HEIGHT,
            bottom: pixels(outerBounds.bottom) + 4,
            showDetail: false,
            brushSelect: false,
          },
        ]
      : [],
  };
}

/** The option with every category label legible in a chart of this size. */
export function withReadableAxis(option: ChartOption, box: ChartBox): ChartOption {
  const layout = xLabelLayout(option, box);
  return layout ? { ...option, ...readableAxisParts(option, layout) } : option;
}
