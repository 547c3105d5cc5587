import { describe, expect, it } from 'vitest';
import { barOption } from './barOption.ts';
import { withReadableAxis } from './readableAxis.ts';

/** 6 px a character: the Chinese labels' widths are not what is tested. */
const box = (width: number, height = 450) => ({ width, height, measure: (text: string) => text.length * 6 });
const months = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);

type Axis = { axisLabel: Record<string, unknown>; tooltip: { show: boolean } };

describe('withReadableAxis', () => {
  it('shows every category label and turns them when the chart is narrow', () => {
    const option = barOption({ categories: months, series: [{ name: '数量', data: months.map(() => 1) }] });
    const wide = withReadableAxis(option, box(1400)).xAxis as Axis;
    expect(wide.axisLabel).toMatchObject({ interval: 0, rotate: 0 });
    const narrow = withReadableAxis(option, box(420)).xAxis as Axis;
    expect(narrow.axisLabel).toMatchObject({ interval: 0, rotate: 45, hideOverlap: false });
    expect(narrow.tooltip.show).toBe(false);
  });

  it('cuts long labels with an ellipsis and their full text as the tooltip', () => {
    const names = ['一个名字非常非常非常非常非常非常非常非常长的区域', '后厨', '仓库'];
    const option = barOption({ categories: names, series: [{ name: '数量', data: [1, 2, 3] }] });
    const axis = withReadableAxis(option, box(400, 300)).xAxis as Axis;
    expect(axis.axisLabel).toMatchObject({ rotate: 45, overflow: 'truncate', width: Math.floor(75 / Math.SQRT1_2) });
    expect(axis.tooltip.show).toBe(true);
  });

  it('pans a window of upright labels, with room for the pan bar, when too many categories for the width', () => {
    const days = Array.from({ length: 120 }, (_, i) => `d${i}`);
    const option = barOption({ categories: days, series: [{ name: '数量', data: days.map(() => 1) }] });
    const readable = withReadableAxis(option, box(600));
    expect(readable.dataZoom).toEqual([expect.objectContaining({ type: 'slider', startValue: 0, endValue: 31, zoomLock: true })]);
    expect((readable.grid as { outerBounds: { bottom: number } }).outerBounds.bottom).toBeGreaterThan(0);
    expect(withReadableAxis(option, box(4000)).dataZoom).toEqual([]);
  });

  it('leaves a chart without a category axis as it is', () => {
    const pie = { series: [{ type: 'pie' as const, data: [{ name: 'a', value: 1 }] }] };
    expect(withReadableAxis(pie, box(400))).toBe(pie);
  });
});
