import { describe, expect, it } from 'vitest';
import { keptPagesAfter, type KeptPage } from './keptPages.ts';

const page = (path: string, frame: string): KeptPage<string> => ({ path, frame });

describe('kept pages', () => {
  it('adds the page on screen once, and gives it its new frame', () => {
    const first = keptPagesAfter([], ['/a'], page('/a', 'a1'));
    expect(first).toEqual([page('/a', 'a1')]);
    const second = keptPagesAfter(first, ['/a', '/b'], page('/b', 'b1'));
    expect(second).toEqual([page('/a', 'a1'), page('/b', 'b1')]);
    expect(keptPagesAfter(second, ['/a', '/b'], page('/a', 'a2'))).toEqual([page('/a', 'a2'), page('/b', 'b1')]);
  });

  it('drops a page whose tag closed', () => {
    const pages = [page('/a', 'a1'), page('/b', 'b1')];
    expect(keptPagesAfter(pages, ['/b'], page('/b', 'b1'))).toEqual([page('/b', 'b1')]);
    expect(keptPagesAfter(pages, [], undefined)).toEqual([]);
  });

  it('returns the same array when nothing changed', () => {
    const pages = [page('/a', 'a1'), page('/b', 'b1')];
    expect(keptPagesAfter(pages, ['/a', '/b'], pages[1])).toBe(pages);
    expect(keptPagesAfter(pages, ['/a', '/b'], undefined)).toBe(pages);
  });
});
