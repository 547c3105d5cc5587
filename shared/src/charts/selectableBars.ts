import type { ChartOption, SeriesOption } from './chartOption.ts';

/** The selected bar's outline: the theme's darkest text colour, visible on every palette colour. */
const SELECTED_OUTLINE = '#1d2129';

/**
 * A chart whose bars drill down shows which one was clicked: each bar or line series may have one
 * item selected, drawn outlined (the console's click handling, `components/Chart/useChart.ts`, keeps one across series).
 */
export function withSelectableBars(option: ChartOption): ChartOption {
  const { series } = option;
  if (!series) return option;
  const list = (Array.isArray(series) ? series : [series]) as SeriesOption[];
  return {
    ...option,
    series: list.map((one) =>
      one.type === 'bar' || one.type === 'line'
        ? ({ ...one, selectedMode: 'single', select: { itemStyle: { borderColor: SELECTED_OUTLINE, borderWidth: 2 } } } as SeriesOption)
        : one,
    ),
  };
}
