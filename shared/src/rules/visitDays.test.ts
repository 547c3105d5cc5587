import { describe, expect, it } from 'vitest';
import { proposeVisitDays } from './visitDays.ts';

describe('proposeVisitDays', () => {
  it('puts each visit in the middle of its share of the month', () => {
    // December 2026: the 1st is a Tuesday.
    expect(proposeVisitDays('2026-12', 2)).toEqual(['2026-12-08', '2026-12-23']);
    expect(proposeVisitDays('2026-12', 1)).toEqual(['2026-12-16']);
  });

  it('moves a Sunday to the nearest other day of its share, the earlier on a tie', () => {
    // The fourth share's middle, the 27th, is a Sunday: Saturday the 26th and Monday the 28th are as near.
    expect(proposeVisitDays('2026-12', 4)).toEqual(['2026-12-04', '2026-12-11', '2026-12-19', '2026-12-26']);
    // February 2027: the 14th is a Sunday; with Saturdays avoided too, Monday the 15th is nearer than Friday the 12th.
    expect(proposeVisitDays('2027-02', 1)).toEqual(['2027-02-13']);
    expect(proposeVisitDays('2027-02', 1, { avoid: [] })).toEqual(['2027-02-14']);
    expect(proposeVisitDays('2027-02', 1, { avoid: [0, 6] })).toEqual(['2027-02-15']);
  });

  it('keeps a day when its whole share is avoided', () => {
    const every = proposeVisitDays('2026-12', 31);
    expect(every).toHaveLength(31);
    expect(new Set(every).size).toBe(31);
  });

  it("gives a plan that starts or ends within the month the visits of the days it covers, spread over them", () => {
    // From the 16th: 16 of 31 days, one of two visits; to the 15th: 15 of 31, two of four.
    expect(proposeVisitDays('2026-12', 2, { planStart: '2026-12-16' })).toEqual(['2026-12-23']);
    expect(proposeVisitDays('2026-12', 4, { planEnd: '2026-12-15' })).toEqual(['2026-12-04', '2026-12-11']);
    // A single day covered still gets its visit.
    expect(proposeVisitDays('2026-12', 1, { planEnd: '2026-12-01' })).toEqual(['2026-12-01']);
  });

  it('proposes nothing outside the plan or without visits', () => {
    expect(proposeVisitDays('2026-12', 2, { planEnd: '2026-11-30' })).toEqual([]);
    expect(proposeVisitDays('2026-12', 2, { planStart: '2027-01-01' })).toEqual([]);
    expect(proposeVisitDays('2026-12', 0)).toEqual([]);
  });
});
