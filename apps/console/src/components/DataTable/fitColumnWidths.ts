/**
 * Column widths that fill `available` pixels: the room left over goes to the flexible columns in
 * proportion to their widths, and no column gets narrower than given. Whole pixels, summing to
 * `available` exactly when there is room to spare.
 */
export function fitColumnWidths(widths: readonly number[], flexible: readonly boolean[], available: number): number[] {
  const natural = widths.reduce((sum, width) => sum + width, 0);
  const flexibleTotal = widths.reduce((sum, width, index) => sum + (flexible[index] ? width : 0), 0);
  const spare = Math.floor(available) - natural;
  if (spare <= 0 || flexibleTotal === 0) return [...widths];

  const fitted = widths.map((width, index) => (flexible[index] ? width + Math.floor((spare * width) / flexibleTotal) : width));
  const last = flexible.lastIndexOf(true);
  fitted[last] = fitted[last]! + Math.floor(available) - fitted.reduce((sum, width) => sum + width, 0);
  return fitted;
}
