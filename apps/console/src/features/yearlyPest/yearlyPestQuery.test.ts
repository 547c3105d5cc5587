import { describe, expect, it } from 'vitest';
import { TimeType } from '@pest/shared';
import { pestsBody, regionPestsBody, yearPestsBody } from './yearlyPestQuery.ts';

describe('screen 2 requests', () => {
  it('asks chart 1 for the whole year, with the time type when there is one', () => {
    expect(yearPestsBody({ customerId: 4, startTime: '2020-01-01' }, '2026', undefined)).toEqual({
      customerId: 4,
      startTime: '2026-01-01',
      endTime: '2026-12-31',
    });
    expect(yearPestsBody({ customerId: 4 }, '2026', TimeType.byOccurrence)).toMatchObject({ type: 1 });
  });

  it('drills from a month or an occurrence day into chart 2, and from a region into chart 3', () => {
    const month = regionPestsBody({ customerId: 4, regionIds: [1] }, '2026-02');
    expect(month).toEqual({ customerId: 4, regionIds: [1], startTime: '2026-02-01', endTime: '2026-02-31' });
    expect(regionPestsBody({ customerId: 4 }, '2026-03-05')).toMatchObject({ startTime: '2026-03-05', endTime: '2026-03-06' });
    const regions = { nameList: ['后厨', '前厅'], numberList: [5, 2], regionIdsList: [[7, 9], [8]] };
    expect(pestsBody(month, regions, 0)).toEqual({ ...month, regionIds: [7, 9] });
    expect(pestsBody(month, regions, 2)).toBeUndefined();
  });
});
