import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, DEFAULT_THEME_PALETTE, parseSettings } from './settings.ts';

const teal = ['230,255,251', '181,242,234', '134,229,219', '90,216,207', '50,203,196', '19,194,194', '10,145,153', '3,102,115', '0,64,77', '0,31,38'];

describe('parseSettings', () => {
  it('defaults to the spec theme colour #409EFF with every option on', () => {
    expect(parseSettings(null)).toEqual({
      themeColor: '#409EFF',
      themePalette: DEFAULT_THEME_PALETTE,
      tagsView: true,
      fixedHeader: true,
      sidebarLogo: true,
    });
  });

  it('reads stored choices', () => {
    const stored = JSON.stringify({ themeColor: '#13c2c2', themePalette: teal, tagsView: false, fixedHeader: false, sidebarLogo: false });
    expect(parseSettings(stored)).toEqual({ themeColor: '#13c2c2', themePalette: teal, tagsView: false, fixedHeader: false, sidebarLogo: false });
  });

  it('keeps colour and palette together: one without the other means the default theme', () => {
    expect(parseSettings(JSON.stringify({ themeColor: '#13c2c2' }))).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings(JSON.stringify({ themeColor: '#13c2c2', themePalette: teal.slice(1) }))).toEqual(DEFAULT_SETTINGS);
  });

  it('ignores mistyped values and unreadable storage', () => {
    expect(parseSettings(JSON.stringify({ themeColor: 'red; background: url(x)', themePalette: teal, tagsView: 'no' }))).toEqual(
      DEFAULT_SETTINGS,
    );
    expect(parseSettings('{not json')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('42')).toEqual(DEFAULT_SETTINGS);
  });
});
