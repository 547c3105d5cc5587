import { describe, expect, it } from 'vitest';
import { categoryLabelLayout } from './categoryLabels.ts';

const space = { lineHeight: 16, maxDepth: 80 };
const widths = (count: number, width: number) => Array.from({ length: count }, () => width);

describe('categoryLabelLayout', () => {
  it('keeps labels level when each fits its slot with a gap', () => {
    expect(categoryLabelLayout({ ...space, widths: widths(12, 44), axisWidth: 1200 })).toEqual({ rotate: 0 });
  });

  it('slants twelve months on a third of the screen rather than skipping every other one', () => {
    // /dashboard at 1440 px: three charts of ~380 px, 2026-01 … 2026-12 at ~44 px each.
    expect(categoryLabelLayout({ ...space, widths: widths(12, 44), axisWidth: 380 })).toEqual({ rotate: 45 });
  });

  it('stands labels upright when slanted neighbours would touch, and cuts the longest to the depth allowed', () => {
    // 31 days on 600 px: slots of ~19 px, 13.7 px apart slanted, more than a line apart upright.
    expect(categoryLabelLayout({ ...space, widths: widths(31, 66), axisWidth: 600 })).toEqual({ rotate: 90 });
    expect(categoryLabelLayout({ ...space, widths: [30, 200, 40], axisWidth: 60 })).toEqual({ rotate: 90, truncateAt: 80 });
    expect(categoryLabelLayout({ ...space, widths: [30, 200, 40], axisWidth: 400 })).toEqual({ rotate: 45, truncateAt: 113 });
  });

  it('shows a window of as many upright labels as fit when even upright they would touch', () => {
    expect(categoryLabelLayout({ ...space, widths: widths(200, 60), axisWidth: 800 })).toEqual({ rotate: 90, window: 50 });
  });

  it('has nothing to decide without labels or room', () => {
    expect(categoryLabelLayout({ ...space, widths: [], axisWidth: 800 })).toEqual({ rotate: 0 });
    expect(categoryLabelLayout({ ...space, widths: [10], axisWidth: 0 })).toEqual({ rotate: 0 });
  });
});
