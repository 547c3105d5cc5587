import type { BarSeries } from './barOption.ts';

/** The id of the series that sums every series beyond the limit; a click on it names no single series. */
export const OTHER_SERIES_ID = 'other';

export interface SeriesLimit {
  /** At most this many series of their own; the rest are summed into one more. */
  count: number;
  /** The summed series' name (其他). */
  otherName: string;
}

export interface LimitedSeries {
  series: BarSeries[];
  /** How many series were summed into the other one (0: none, and no other series). */
  folded: number;
}

const totalOf = (series: BarSeries) => series.data.reduce<number>((sum, value) => sum + (value ?? 0), 0);

/** Category by category; a gap stays a gap only where every folded series has one. */
function sumOf(series: readonly BarSeries[]): (number | null)[] {
  const length = Math.max(...series.map((one) => one.data.length));
  return Array.from({ length }, (_, index) => {
    const values = series.map((one) => one.data[index] ?? null).filter((value): value is number => value !== null);
    return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0);
  });
}

/**
 * An organisation's hundreds of points as one bar each make hairlines and a legend of a hundred
 * pages: the `count` series with the greatest totals keep their own bar, in their original order
 * (ties go to the earlier one), and the rest become one "other" series after them. Each kept
 * series keeps its id, so a click still names what the screen sent. Counts only: rates do not add up.
 */
export function limitSeries(series: readonly BarSeries[], { count, otherName }: SeriesLimit): LimitedSeries {
  const identified = series.map((one, index) => ({ ...one, id: one.id ?? String(index) }));
  if (identified.length <= count + 1) return { series: identified, folded: 0 };
  const ranked = identified
    .map((one, index) => ({ index, total: totalOf(one) }))
    .sort((a, b) => b.total - a.total || a.index - b.index);
  const kept = new Set(ranked.slice(0, count).map(({ index }) => index));
  const rest = identified.filter((_, index) => !kept.has(index));
  return {
    series: [...identified.filter((_, index) => kept.has(index)), { id: OTHER_SERIES_ID, name: otherName, data: sumOf(rest) }],
    folded: rest.length,
  };
}
