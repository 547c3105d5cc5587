import { describe, expect, it } from 'vitest';
import { chartPixelRatio, fitScale } from './fitScale.ts';

describe('fitScale', () => {
  it('fills a 16:9 screen exactly', () => {
    expect(fitScale(1920, 1080)).toEqual({ scale: 1, left: 0, top: 0 });
    expect(fitScale(3840, 2160)).toEqual({ scale: 2, left: 0, top: 0 });
  });

  it('letterboxes 1366×768 (a hair wider than 16:9) with side bars', () => {
    const fit = fitScale(1366, 768);
    expect(fit.scale).toBeCloseTo(768 / 1080, 10);
    expect(fit.top).toBe(0);
    expect(fit.left).toBeCloseTo((1366 - 1920 * (768 / 1080)) / 2, 10);
    expect(1920 * fit.scale + 2 * fit.left).toBeCloseTo(1366, 10);
  });

  it('pillarboxes an ultra-wide 3440×1440 screen by height', () => {
    const fit = fitScale(3440, 1440);
    expect(fit.scale).toBeCloseTo(4 / 3, 10);
    expect(fit.top).toBe(0);
    expect(fit.left).toBeCloseTo(440, 10);
  });

  it('letterboxes a tall screen by width', () => {
    expect(fitScale(1080, 1920)).toEqual({ scale: 0.5625, left: 0, top: (1920 - 1080 * 0.5625) / 2 });
  });

  it('survives a zero-sized viewport (a hidden tab)', () => {
    expect(fitScale(0, 0)).toEqual({ scale: 1, left: 0, top: 0 });
  });
});

describe('chartPixelRatio', () => {
  it('renders scaled-up charts denser so they stay sharp, never below one pixel per pixel', () => {
    expect(chartPixelRatio(1, 2)).toBe(2);
    expect(chartPixelRatio(2, 1.5)).toBe(3);
    expect(chartPixelRatio(1, 768 / 1080)).toBe(1);
  });
});
