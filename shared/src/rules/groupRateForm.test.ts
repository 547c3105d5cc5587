import { describe, expect, it } from 'vitest';
import { comparedIds, workTypeOf } from './groupRateForm.ts';

describe('comparedIds', () => {
  it('takes the customers for the customer type and the areas for the region type, single choice first, once each', () => {
    const form = { customerId: 3, customerIds: [1, 3], areaId: 9, areaIds: [8, 9] };
    expect(comparedIds({ ...form, customerType: 1 })).toEqual([3, 1]);
    expect(comparedIds({ ...form, customerType: 0 })).toEqual([9, 8]);
  });
});

describe('workTypeOf', () => {
  it('is a comparison unless trend is chosen', () => {
    expect(workTypeOf({})).toBe(1);
    expect(workTypeOf({ workType: 1 })).toBe(1);
    expect(workTypeOf({ workType: 0 })).toBe(0);
  });
});
