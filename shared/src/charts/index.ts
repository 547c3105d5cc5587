export type { ChartOption } from './chartOption.ts';
export { barOption, hasBars, type BarChartData, type BarSeries } from './barOption.ts';
export { OVER_THRESHOLD_COLOUR, type BarThreshold } from './threshold.ts';
export { limitSeries, OTHER_SERIES_ID, type SeriesLimit } from './topSeries.ts';
export { pieOption, slicesOf, type PieSlice } from './pieOption.ts';
export { fitLegend } from './legendFit.ts';
export { withReadableAxis, xLabelLayout, AXIS_LABEL_FONT, type ChartBox } from './readableAxis.ts';
export { withToolbox, type ToolboxLabels } from './toolbox.ts';
export { withSelectableBars } from './selectableBars.ts';
