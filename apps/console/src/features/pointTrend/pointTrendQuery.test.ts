import { describe, expect, it } from 'vitest';
import { MAX_POINTS, pointTrendBodies } from './pointTrendQuery.ts';

describe('single point trend requests', () => {
  it('asks once per chosen point, by month unless the form says by occurrence', () => {
    expect(pointTrendBodies({ customerId: 2, pointIds: [7, 9], startTime: '2026-01-01', endTime: '2026-06-30' })).toEqual([
      { customerId: 2, pointId: 7, type: 0, startTime: '2026-01-01', endTime: '2026-06-30' },
      { customerId: 2, pointId: 9, type: 0, startTime: '2026-01-01', endTime: '2026-06-30' },
    ]);
    expect(pointTrendBodies({ customerId: 2, pointIds: [7], timeType: 1 })).toEqual([{ customerId: 2, pointId: 7, type: 1 }]);
  });

  it('asks nothing without a point, and at most MAX_POINTS at once', () => {
    expect(pointTrendBodies({ customerId: 2 })).toEqual([]);
    expect(pointTrendBodies({ customerId: 2, pointIds: Array.from({ length: 10 }, (_, i) => i + 1) })).toHaveLength(MAX_POINTS);
  });
});
