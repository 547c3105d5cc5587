import { describe, expect, it } from 'vitest';
import { barOption } from './barOption.ts';
import { fitLegend } from './legendFit.ts';

const many = barOption({
  categories: ['2026-01', '2026-02'],
  series: Array.from({ length: 8 }, (_, i) => ({ id: String(i), name: `门店 ${i} · P${i}`, data: [1, 2] })),
});

describe('fitLegend', () => {
  it('keeps a legend of many series at the right of a wide chart', () => {
    const fitted = fitLegend(many, 1200);
    expect(fitted.legend).toMatchObject({ orient: 'vertical', right: 0, left: 'auto' });
    expect(fitted.grid).toEqual(many.grid);
  });

  it('moves it under the plot on a phone, and gives the plot the width back', () => {
    const fitted = fitLegend(many, 326);
    expect(fitted.legend).toMatchObject({ type: 'scroll', orient: 'horizontal', left: 'center', right: 'auto', top: 'auto', bottom: 0 });
    const grid = fitted.grid as { left: number; right: number; bottom: number; outerBounds: { right: number; bottom: number } };
    expect(326 - grid.left - grid.right).toBeGreaterThan(326 / 2);
    expect(grid.outerBounds.right).toBe(0);
    expect(grid.bottom).toBeGreaterThan((many.grid as { bottom: number }).bottom);
  });

  it('leaves a legend that is already below alone', () => {
    const few = barOption({ categories: ['a'], series: [{ id: '0', name: 'x', data: [1] }, { id: '1', name: 'y', data: [2] }] });
    expect(fitLegend(few, 326)).toBe(few);
  });
});
