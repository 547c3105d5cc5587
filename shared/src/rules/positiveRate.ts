/**
 * The positive rate of the summaries and the charts: positive point checks over point checks
 * made, in percent with one decimal. Half a tenth rounds up, on the integer per mille so that
 * binary fractions (such as 1.005) cannot tip it the wrong way. Nothing checked has no rate.
 */
export function positiveRatePercent(positive: number, checked: number): number | null {
  if (checked <= 0) return null;
  return Math.round((positive * 1000) / checked) / 10;
}

/** The rate as the summaries show it: '12.5%', or '-' when nothing was checked. */
export function positiveRate(positive: number, checked: number): string {
  const percent = positiveRatePercent(positive, checked);
  return percent === null ? '-' : `${percent.toFixed(1)}%`;
}
