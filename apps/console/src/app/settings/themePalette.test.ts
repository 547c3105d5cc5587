import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME_PALETTE } from './settings.ts';
import { primaryPalette } from './themePalette.ts';

describe('primaryPalette', () => {
  it('makes ten shades with the chosen colour as shade 6', () => {
    const palette = primaryPalette('#13C2C2');
    expect(palette).toHaveLength(10);
    expect(palette[5]).toBe('19,194,194');
  });

  it('matches the default palette kept in settings', () => {
    expect(primaryPalette('#409EFF')).toEqual(DEFAULT_THEME_PALETTE);
  });
});
