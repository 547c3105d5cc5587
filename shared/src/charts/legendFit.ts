import type { ChartOption } from './chartOption.ts';

/** Room below the plot for a legend of one line (scrolling when it holds more). */
export const LEGEND_SPACE = 32;
/** A legend at the right may leave the plot no less than this share of the chart's width. */
const MIN_PLOT_SHARE = 0.5;

type LegendOption = Record<string, unknown> & { orient?: string };
type GridOption = Record<string, unknown> & { right?: unknown; bottom?: unknown; outerBounds?: Record<string, unknown> };

const single = <T>(value: T | T[] | undefined): T | undefined => (Array.isArray(value) ? value[0] : value);
const pixels = (value: unknown) => (typeof value === 'number' ? value : 0);

/**
 * A legend standing at the right (many series, one a line) where the chart is wide; on a narrow
 * one (a phone: 260 px of legend in a 330 px chart left the plot nothing) it moves under the plot,
 * one line that scrolls, and the plot takes the width back. Every position key is given either
 * way, so a merge after a resize leaves nothing of the other place behind.
 */
export function fitLegend(option: ChartOption, width: number): ChartOption {
  const legend = single(option.legend as LegendOption | LegendOption[] | undefined);
  const grid = single(option.grid as GridOption | GridOption[] | undefined);
  if (legend?.orient !== 'vertical' || !grid) return option;
  const outerBounds = grid.outerBounds ?? {};
  const side = pixels(outerBounds.right);
  const plot = width - pixels(grid.left) - pixels(grid.right);
  if (plot >= width * MIN_PLOT_SHARE) return { ...option, legend: { ...legend, left: 'auto' } as ChartOption['legend'] };
  return {
    ...option,
    legend: { ...legend, orient: 'horizontal', left: 'center', right: 'auto', top: 'auto', bottom: 0, width: 'auto' } as ChartOption['legend'],
    grid: {
      ...grid,
      right: pixels(grid.right) - side,
      bottom: pixels(grid.bottom) + LEGEND_SPACE,
      outerBounds: { ...outerBounds, right: 0, bottom: pixels(outerBounds.bottom) + LEGEND_SPACE },
    } as ChartOption['grid'],
  };
}
