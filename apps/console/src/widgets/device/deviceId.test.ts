import { describe, expect, it } from 'vitest';
import { deviceIdFromSearch } from './deviceId.ts';

describe('deviceIdFromSearch', () => {
  it('reads a positive integer id', () => {
    expect(deviceIdFromSearch(new URLSearchParams('id=42'))).toBe(42);
  });

  it('refuses anything else', () => {
    for (const search of ['', 'id=', 'id=0', 'id=-3', 'id=4.5', 'id=abc', 'id=99999999999999999999']) {
      expect(deviceIdFromSearch(new URLSearchParams(search))).toBeUndefined();
    }
  });
});
