import { describe, expect, it } from 'vitest';
import { summaryExportBody, summaryFilters, summaryPageBody } from './summaryQuery.ts';

describe('summaryFilters', () => {
  it('keeps the fields a summary narrows by', () => {
    expect(
      summaryFilters({
        customerId: 7,
        servicePlanId: 3,
        regionIds: [1, 2],
        deviceTypeIds: [4],
        pointIds: [9],
        petIds: [5],
        riskTypeIds: [6],
        startTime: '2026-01-01',
        endTime: '2026-01-31',
      }),
    ).toEqual({
      customerId: 7,
      servicePlanId: 3,
      regionIds: [1, 2],
      deviceTypeIds: [4],
      pointIds: [9],
      petIds: [5],
      riskTypeIds: [6],
      startTime: '2026-01-01',
      endTime: '2026-01-31',
    });
  });

  it('drops what the summary contract does not take, and empty lists', () => {
    const filters = summaryFilters({ customerIds: [1, 2], timeType: 0, areaId: 4, contactNameList: ['张三'], regionIds: [] });
    expect(filters).toStrictEqual({ customerIds: [1, 2] });
  });

  it('copies lists, so the body never shares the form’s arrays', () => {
    const regionIds = [1];
    expect(summaryFilters({ customerId: 1, regionIds }).regionIds).not.toBe(regionIds);
  });
});

describe('summary bodies', () => {
  it('puts the page with the filters', () => {
    expect(summaryPageBody({ customerId: 1 }, 2, 20)).toEqual({ current: 2, size: 20, customerId: 1 });
  });

  it('exports every row from page 1, whatever page is on screen', () => {
    expect(summaryExportBody({ customerId: 1, petIds: [3] }, 137)).toEqual({ current: 1, size: 137, customerId: 1, petIds: [3] });
  });
});
