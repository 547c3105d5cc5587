import { describe, expect, it } from 'vitest';
import { OTHER_SERIES_ID, limitSeries } from './topSeries.ts';

const limit = { count: 2, otherName: '其他' };

describe('limitSeries', () => {
  it('keeps the series with the greatest totals in their order and sums the rest, per category, as 其他', () => {
    const { series, folded } = limitSeries(
      [
        { name: 'A', data: [1, 0] },
        { name: 'B', data: [5, 5] },
        { name: 'C', data: [2, null] },
        { name: 'D', data: [0, 4] },
      ],
      limit,
    );
    expect(series).toEqual([
      { id: '1', name: 'B', data: [5, 5] },
      { id: '3', name: 'D', data: [0, 4] },
      { id: OTHER_SERIES_ID, name: '其他', data: [3, 0] },
    ]);
    expect(folded).toBe(2);
  });

  it('breaks ties by the earlier series and keeps a gap where every folded series has one', () => {
    const { series } = limitSeries(
      [
        { id: 'p1', name: 'A', data: [1, null] },
        { id: 'p2', name: 'B', data: [1, null] },
        { id: 'p3', name: 'C', data: [1, null] },
        { id: 'p4', name: 'D', data: [null, null] },
      ],
      limit,
    );
    expect(series.map((one) => one.id)).toEqual(['p1', 'p2', OTHER_SERIES_ID]);
    expect(series[2]!.data).toEqual([1, null]);
  });

  it('folds nothing when one more series than the limit would be all 其他 holds', () => {
    const three = [
      { name: 'A', data: [1] },
      { name: 'B', data: [2] },
      { name: 'C', data: [3] },
    ];
    expect(limitSeries(three, limit)).toEqual({ series: three.map((one, index) => ({ ...one, id: String(index) })), folded: 0 });
  });
});
