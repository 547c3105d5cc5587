import { describe, expect, it } from 'vitest';
import { barOption, hasBars } from './barOption.ts';
import { legendTextWidth } from './legendNames.ts';
import { pieOption, slicesOf } from './pieOption.ts';

describe('barOption', () => {
  it('puts the categories on x and one bar series per series, with a legend only for several', () => {
    const one = barOption({ categories: ['2026-01', '2026-02'], series: [{ name: 'A', data: [1, 2] }] });
    expect(one.xAxis).toMatchObject({ type: 'category', data: ['2026-01', '2026-02'] });
    expect(one.series).toEqual([{ type: 'bar', id: '0', name: 'A', data: [1, 2], barMaxWidth: 40 }]);
    expect(one.legend).toBeUndefined();
    const two = barOption({ categories: ['x'], series: [{ name: 'A', data: [1] }, { name: 'B', data: [null] }], title: '鼠阳性率', unit: '%' });
    expect(two.legend).toBeDefined();
    expect(two.title).toMatchObject({ text: '鼠阳性率' });
    expect(two.yAxis).toMatchObject({ axisLabel: { formatter: '{value}%' } });
    expect((two.series as { data: unknown[] }[])[1]?.data).toEqual([null]);
  });

  it('titles the axes, the value axis with its unit', () => {
    const option = barOption({ categories: ['x'], series: [{ name: 'A', data: [1] }], axisNames: { x: '区域', y: '数量（只）' } });
    expect(option.xAxis).toMatchObject({ name: '区域', nameLocation: 'middle' });
    expect(option.yAxis).toMatchObject({ name: '数量（只）', nameLocation: 'end' });
  });

  it('draws at most the limit’s series and 其他, each with the id a click reports', () => {
    const series = Array.from({ length: 30 }, (_, i) => ({ id: `p${i}`, name: `P${i}`, data: [i] }));
    const option = barOption({ categories: ['x'], series, seriesLimit: { count: 10, otherName: '其他' } });
    const drawn = option.series as { id: string; name: string }[];
    expect(drawn).toHaveLength(11);
    expect(drawn[0]).toMatchObject({ id: 'p20', name: 'P20' });
    expect(drawn[10]).toMatchObject({ id: 'other', name: '其他' });
    // Eleven series: the legend at the right, one a line, the plot narrowed by its width.
    expect(option.legend).toMatchObject({ type: 'scroll', orient: 'vertical', right: 0 });
    // The legend's 268 px, and 40 for the 其他 axis' labels.
    expect(option.grid).toMatchObject({ right: 340, outerBounds: { right: 268 } });
    expect(drawn[10]).toMatchObject({ itemStyle: { color: '#a9aeb8' } });
    const small = barOption({ categories: ['x'], series, seriesLimit: { count: 10, otherName: '其他' }, legendBelow: true });
    expect(small.legend).toMatchObject({ type: 'scroll', bottom: 0 });
    expect(small.legend).not.toHaveProperty('orient');
  });

  it('draws 其他 apart: a line on an axis of its own, so the points drawn keep their scale', () => {
    const series = Array.from({ length: 30 }, (_, i) => ({ id: `p${i}`, name: `P${i}`, data: [i % 4] }));
    const option = barOption({ categories: ['x'], series, seriesLimit: { count: 10, otherName: '其他' }, axisNames: { x: '周期', y: '数量（只）' } });
    const drawn = option.series as { id: string; type: string; yAxisIndex?: number }[];
    expect(drawn.filter((one) => one.id !== 'other').every((one) => one.type === 'bar' && one.yAxisIndex === undefined)).toBe(true);
    expect(drawn.find((one) => one.id === 'other')).toMatchObject({ type: 'line', yAxisIndex: 1, data: [expect.any(Number)] });
    expect(option.yAxis).toMatchObject([{ name: '数量（只）' }, { name: '其他 · 数量（只）', position: 'right' }]);
    // Nothing folded: one axis, every series a bar.
    const few = barOption({ categories: ['x'], series: series.slice(0, 5), seriesLimit: { count: 10, otherName: '其他' } });
    expect(Array.isArray(few.yAxis)).toBe(false);
    expect((few.series as { type: string }[]).every((one) => one.type === 'bar')).toBe(true);
  });

  it('cuts long legend names where they still tell the entries apart', () => {
    const store = '润香小馆（北京朝阳大悦城购物中心店）';
    const series = [1, 2, 3].map((n) => ({ name: `${store} ${n}号点 RB-00${n}`, data: [n] }));
    const formatter = (barOption({ categories: ['x'], series }).legend as { formatter: (name: string) => string }).formatter;
    const shown = series.map((one) => formatter(one.name));
    expect(new Set(shown).size).toBe(3);
    for (const [index, text] of shown.entries()) {
      expect(text).toContain(`${index + 1}号点`);
      expect(legendTextWidth(text)).toBeLessThanOrEqual(230);
    }
    expect(formatter('A')).toBe('A');
  });

  it('draws a threshold as a labelled dashed line once, the bars over it red, the axis reaching above it', () => {
    const option = barOption({
      categories: ['01-05', '02-03', '03-02'],
      series: [
        { name: '鼠', data: [2, 3, 4] },
        { name: '蟑螂', data: [null, 5, 0] },
      ],
      threshold: { value: 3, label: '阈值 3' },
    });
    const [rats, roaches] = option.series as { data: unknown[]; markLine?: unknown }[];
    expect(rats?.data).toEqual([2, 3, { value: 4, itemStyle: { color: '#d03050' } }]);
    expect(roaches?.data).toEqual([null, { value: 5, itemStyle: { color: '#d03050' } }, 0]);
    expect(rats?.markLine).toMatchObject({ lineStyle: { type: 'dashed' }, label: { formatter: '阈值 3' }, data: [{ yAxis: 3 }] });
    expect(roaches).not.toHaveProperty('markLine');
    const top = (option.yAxis as { max: (extent: { max: number }) => number }).max;
    expect([top({ max: 2 }), top({ max: 9 })]).toEqual([4, 9]);
    expect(barOption({ categories: ['x'], series: [{ name: 'A', data: [9] }] }).yAxis).not.toHaveProperty('max');
  });

  it('leaves the toolbox’s room out of a chart only drawn', () => {
    const data = { categories: ['x'], series: [{ name: 'A', data: [1] }], title: '鼠' };
    expect(barOption(data).grid).toMatchObject({ top: 84, outerBounds: { top: 64 } });
    expect(barOption({ ...data, toolboxRoom: false }).grid).toMatchObject({ top: 56, outerBounds: { top: 36 } });
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
