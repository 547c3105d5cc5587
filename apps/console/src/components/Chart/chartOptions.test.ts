import { describe, expect, it } from 'vitest';
import { barOption, hasBars } from './barOption.ts';
import { pieOption, slicesOf } from './pieOption.ts';

describe('barOption', () => {
  it('puts the categories on x and one bar series per series, with a legend only for several', () => {
    const one = barOption({ categories: ['2026-01', '2026-02'], series: [{ name: 'A', data: [1, 2] }] });
    expect(one.xAxis).toMatchObject({ type: 'category', data: ['2026-01', '2026-02'] });
    expect(one.series).toEqual([{ type: 'bar', name: 'A', data: [1, 2], barMaxWidth: 40 }]);
    expect(one.legend).toBeUndefined();
    const two = barOption({ categories: ['x'], series: [{ name: 'A', data: [1] }, { name: 'B', data: [null] }], title: '鼠阳性率', unit: '%' });
    expect(two.legend).toBeDefined();
    expect(two.title).toMatchObject({ text: '鼠阳性率' });
    expect(two.yAxis).toMatchObject({ axisLabel: { formatter: '{value}%' } });
    expect((two.series as { data: unknown[] }[])[1]?.data).toEqual([null]);
  });

  it('calls nothing to draw empty', () => {
    expect(hasBars({ categories: [], series: [{ name: 'A', data: [] }] })).toBe(false);
    expect(hasBars({ categories: ['x'], series: [] })).toBe(false);
    expect(hasBars({ categories: ['x'], series: [{ name: 'A', data: [0] }] })).toBe(true);
  });
});

describe('pieOption', () => {
  it('pairs names with numbers and leaves out empty slices', () => {
    expect(slicesOf(['后厨', '前厅', '仓库'], [3, 0, 1])).toEqual([
      { name: '后厨', value: 3 },
      { name: '仓库', value: 1 },
    ]);
    const option = pieOption([{ name: '后厨', value: 3 }], '鼠');
    expect((option.series as { type: string; data: unknown[] }[])[0]).toMatchObject({ type: 'pie', data: [{ name: '后厨', value: 3 }] });
  });
});
