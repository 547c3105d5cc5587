import { describe, expect, it } from 'vitest';
import { fitColumnWidths } from './fitColumnWidths.ts';

describe('fitColumnWidths', () => {
  it('keeps the widths when they already fill or overflow the room', () => {
    expect(fitColumnWidths([100, 200], [true, true], 300)).toEqual([100, 200]);
    expect(fitColumnWidths([100, 200], [true, true], 250)).toEqual([100, 200]);
  });

  it('shares the spare room among flexible columns by width, to the pixel', () => {
    const fitted = fitColumnWidths([40, 100, 200, 120], [false, true, true, false], 561);
    expect(fitted[0]).toBe(40);
    expect(fitted[3]).toBe(120);
    expect(fitted[1]).toBe(100 + 33);
    expect(fitted.reduce((a, b) => a + b, 0)).toBe(561);
  });

  it('leaves the widths alone without a flexible column', () => {
    expect(fitColumnWidths([100, 100], [false, false], 500)).toEqual([100, 100]);
  });

  it('rounds a fractional room down', () => {
    expect(fitColumnWidths([100], [true], 150.7)).toEqual([150]);
  });
});
