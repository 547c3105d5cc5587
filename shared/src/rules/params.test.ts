import { describe, expect, it } from 'vitest';
import { compactParams } from './params.ts';

describe('compactParams', () => {
  it('drops empty strings, nulls, undefined and empty arrays', () => {
    expect(compactParams({ a: '', b: null, c: undefined, d: [], e: 'x', f: 0, g: false, h: [1] })).toEqual({
      e: 'x',
      f: 0,
      g: false,
      h: [1],
    });
  });
  it('keeps whitespace-only strings (trimming is the form’s job)', () => {
    expect(compactParams({ a: ' ' })).toEqual({ a: ' ' });
  });
});
