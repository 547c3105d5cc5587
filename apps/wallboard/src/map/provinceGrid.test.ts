import { describe, expect, it } from 'vitest';
import { GRID_SIZE, PROVINCE_TILES, shortPlaceName } from './provinceGrid.ts';

describe('PROVINCE_TILES', () => {
  it('places all 34 province-level divisions on distinct cells inside the grid', () => {
    const cells = Object.values(PROVINCE_TILES).map(([col, row]) => `${col},${row}`);
    expect(cells).toHaveLength(34);
    expect(new Set(cells).size).toBe(34);
    for (const [col, row] of Object.values(PROVINCE_TILES)) {
      expect(col).toBeGreaterThanOrEqual(0);
      expect(col).toBeLessThan(GRID_SIZE);
      expect(row).toBeGreaterThanOrEqual(0);
      expect(row).toBeLessThan(GRID_SIZE);
    }
  });
});

describe('shortPlaceName', () => {
  it('drops the administrative suffix', () => {
    expect(shortPlaceName('广西壮族自治区')).toBe('广西');
    expect(shortPlaceName('北京市')).toBe('北京');
    expect(shortPlaceName('广东省')).toBe('广东');
    expect(shortPlaceName('香港特别行政区')).toBe('香港');
    expect(shortPlaceName('深圳市')).toBe('深圳');
  });
});
