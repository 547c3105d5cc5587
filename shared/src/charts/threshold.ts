/** A limit drawn across a bar chart (a pest's action threshold): the bars above it stand out. */
export interface BarThreshold {
  value: number;
  /** The line's label, in the reader's language (阈值 3). */
  label: string;
}

/** Over the threshold: the bars and the line alike. */
export const OVER_THRESHOLD_COLOUR = '#d03050';

/** A bar's value, coloured when it is over the threshold; the others keep their series' colour. */
export function markedOver(data: readonly (number | null)[], { value: limit }: BarThreshold) {
  return data.map((value) => (value !== null && value > limit ? { value, itemStyle: { color: OVER_THRESHOLD_COLOUR } } : value));
}

/** The threshold as a dashed line across the plot, labelled at its end. */
export function thresholdLine({ value, label }: BarThreshold) {
  return {
    symbol: 'none',
    silent: true,
    lineStyle: { color: OVER_THRESHOLD_COLOUR, type: 'dashed' as const },
    label: { formatter: label, position: 'insideEndTop' as const },
    data: [{ yAxis: value }],
  };
}

/** The value axis' top: at least a step above the threshold, so the line and its label stand inside the plot when no bar reaches it. */
export const axisTopAbove = ({ value }: BarThreshold) => (extent: { max: number }) => Math.max(extent.max, value + 1);
