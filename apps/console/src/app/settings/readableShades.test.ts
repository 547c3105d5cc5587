import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME_PALETTE } from './settings.ts';
import { primaryPalette } from './themePalette.ts';
import { contrastRatio, readableShades } from './readableShades.ts';

const rgb = (triplet: string) => triplet.split(',').map(Number) as [number, number, number];
const WHITE = [255, 255, 255] as const;
const MENU_SELECTED = [242, 243, 245] as const;

describe('readable primary shades', () => {
  it('measures contrast as WCAG does: #409EFF on white is 2.78:1', () => {
    expect(contrastRatio(rgb('64,158,255'), WHITE)).toBeCloseTo(2.78, 2);
    expect(contrastRatio(WHITE, [0, 0, 0])).toBe(21);
  });

  it('keeps the light fills and darkens shade 6 of #409EFF until text reaches 4.5:1 on white, the menu and shade 1', () => {
    const shades = readableShades(DEFAULT_THEME_PALETTE);
    expect(shades.slice(0, 4)).toEqual(DEFAULT_THEME_PALETTE.slice(0, 4));
    const primary = rgb(shades[5]!);
    for (const surface of [WHITE, MENU_SELECTED, rgb(DEFAULT_THEME_PALETTE[0]!)]) {
      expect(contrastRatio(primary, surface)).toBeGreaterThanOrEqual(4.5);
    }
    // Only as dark as needed: between the palette's shades 7 and 8.
    expect(contrastRatio(primary, MENU_SELECTED)).toBeLessThan(5);
    expect(shades[5]).not.toBe(DEFAULT_THEME_PALETTE[5]);
  });

  it('keeps every shade from 5 on readable and darker one after another, for each ready-made theme colour', () => {
    for (const color of ['#409EFF', '#165DFF', '#0FC6C2', '#00B42A', '#722ED1', '#D91AD9', '#F77234', '#F53F3F']) {
      const shades = readableShades(primaryPalette(color)).map(rgb);
      for (const shade of shades.slice(4)) expect(contrastRatio(shade, WHITE), color).toBeGreaterThanOrEqual(4.5);
      const fromSix = shades.slice(5).map((shade) => contrastRatio(shade, WHITE));
      expect(fromSix, color).toEqual([...fromSix].sort((a, b) => a - b));
    }
  });
});
