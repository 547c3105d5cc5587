import { describe, expect, it } from 'vitest';
import { splitAtWholeMonths, wholeMonths } from './service-rollups.ts';

describe('splitAtWholeMonths', () => {
  it('splits a year from a day into its eleven whole months and the two cut ones', () => {
    expect(splitAtWholeMonths({ from: '2025-11-25', to: '2026-11-24' })).toEqual({
      months: { from: '2025-12-01', to: '2026-10-01' },
      edges: [
        { from: '2025-11-25', to: '2025-11-30' },
        { from: '2026-11-01', to: '2026-11-24' },
      ],
    });
  });

  it('has no edges when both ends are whole months, across a year and a leap February', () => {
    expect(splitAtWholeMonths({ from: '2023-12-01', to: '2024-02-29' })).toEqual({ months: { from: '2023-12-01', to: '2024-02-01' }, edges: [] });
  });

  it('keeps an edge on one side only', () => {
    expect(splitAtWholeMonths({ from: '2026-01-01', to: '2026-03-15' })).toEqual({
      months: { from: '2026-01-01', to: '2026-02-01' },
      edges: [{ from: '2026-03-01', to: '2026-03-15' }],
    });
    expect(splitAtWholeMonths({ from: '2026-01-31', to: '2026-03-31' })).toEqual({
      months: { from: '2026-02-01', to: '2026-03-01' },
      edges: [{ from: '2026-01-31', to: '2026-01-31' }],
    });
  });

  it('is all edge when no whole month lies inside', () => {
    expect(splitAtWholeMonths({ from: '2026-01-10', to: '2026-02-20' })).toEqual({ months: null, edges: [{ from: '2026-01-10', to: '2026-02-20' }] });
    expect(splitAtWholeMonths({ from: '2026-03-02', to: '2026-03-30' })).toEqual({ months: null, edges: [{ from: '2026-03-02', to: '2026-03-30' }] });
  });

  it('leaves an open end open, without an edge on that side', () => {
    expect(splitAtWholeMonths({ to: '2026-03-15' })).toEqual({ months: { from: undefined, to: '2026-02-01' }, edges: [{ from: '2026-03-01', to: '2026-03-15' }] });
    expect(splitAtWholeMonths({ from: '2026-01-31' })).toEqual({ months: { from: '2026-02-01', to: undefined }, edges: [{ from: '2026-01-31', to: '2026-01-31' }] });
    expect(splitAtWholeMonths({})).toEqual({ months: { from: undefined, to: undefined }, edges: [] });
  });
});

describe('wholeMonths', () => {
  it('is the months of a range of whole months, and null for one that cuts a month', () => {
    expect(wholeMonths({ from: '2026-01-01', to: '2026-03-31' })).toEqual({ from: '2026-01-01', to: '2026-03-01' });
    expect(wholeMonths({ from: '2026-01-02', to: '2026-03-31' })).toBeNull();
    expect(wholeMonths({ from: '2026-01-01', to: '2026-03-30' })).toBeNull();
  });
});
