import { describe, expect, it } from 'vitest';
import { fitWithin } from './resizeImage.ts';

describe('a photo made to fit', () => {
  it('scales the longer side down to the limit, keeping the shape', () => {
    expect(fitWithin(4032, 3024, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032, 1600)).toEqual({ width: 1200, height: 1600 });
  });

  it('never enlarges a small one', () => {
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
  });
});
