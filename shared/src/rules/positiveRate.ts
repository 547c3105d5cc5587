/**
 * The positive rate of the pest and device-type summaries: positive point checks over point
 * checks made, in percent with one decimal ('12.5%'). Half a tenth rounds up, on the integer
 * per mille so that binary fractions (such as 1.005) cannot tip it the wrong way. Nothing
 * checked has no rate: '-'.
 */
export function positiveRate(positive: number, checked: number): string {
  if (checked <= 0) return '-';
  return `${(Math.round((positive * 1000) / checked) / 10).toFixed(1)}%`;
}
