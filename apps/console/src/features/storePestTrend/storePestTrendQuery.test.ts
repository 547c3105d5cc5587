import { describe, expect, it } from 'vitest';
import type { PestWorkItem } from '@pest/shared';
import { pestDensitySlices, pestTrendChart, pestWorkBody } from './storePestTrendQuery.ts';

const item: PestWorkItem = {
  name: '德国小蠊',
  petId: 5,
  timeList: ['2026-01', '2026-02'],
  valueList: [4, 0],
  nameList: ['后厨', '前厅'],
  numberList: [3, 1],
};

describe('screen 9 requests and charts', () => {
  it('sends the store filters with the time type as type, and nothing the contract refuses', () => {
    expect(pestWorkBody({ customerId: 8, servicePlanId: 2, regionIds: [4], petIds: [5], timeType: 1, riskTypeIds: [3], startTime: '2026-01-01' })).toEqual({
      customerId: 8,
      servicePlanId: 2,
      regionIds: [4],
      petIds: [5],
      type: 1,
      startTime: '2026-01-01',
    });
    expect(pestWorkBody({ customerId: 8 })).toEqual({ customerId: 8 });
  });

  it('draws a pest’s trend by period and its density by region', () => {
    expect(pestTrendChart(item, '数量', { x: '时段', y: '数量（只）' })).toEqual({
      title: '德国小蠊',
      categories: ['2026-01', '2026-02'],
      series: [{ name: '数量', data: [4, 0] }],
      axisNames: { x: '时段', y: '数量（只）' },
    });
    expect(pestDensitySlices(item)).toEqual([
      { name: '后厨', value: 3 },
      { name: '前厅', value: 1 },
    ]);
  });
});
