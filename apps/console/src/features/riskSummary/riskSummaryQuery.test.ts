import { describe, expect, it } from 'vitest';
import { riskSummaryBody, riskSummaryExportBody, riskSummaryFilters } from './riskSummaryQuery.ts';

describe('riskSummaryFilters', () => {
  it('sends the service period as the visits’ actual times, with the status and 超期', () => {
    expect(riskSummaryFilters({ customerId: 3, riskTypeIds: [2], startTime: '2026-01-01', endTime: '2026-03-31' }, { status: 8, overdue: false })).toStrictEqual({
      customerId: 3,
      riskTypeIds: [2],
      realityStartTime: '2026-01-01',
      realityEndTime: '2026-03-31',
      status: 8,
      overdue: false,
    });
  });

  it('leaves out a period and a status that were not chosen', () => {
    expect(riskSummaryFilters({ customerId: 3 }, {})).toStrictEqual({ customerId: 3 });
  });
});

describe('risk summary bodies', () => {
  const filters = riskSummaryFilters({ customerId: 3, servicePlanId: 4 }, { status: 1 });

  it('puts the page with the filters', () => {
    expect(riskSummaryBody(filters, 3, 30)).toEqual({ current: 3, size: 30, customerId: 3, servicePlanId: 4, status: 1 });
  });

  it('exports every row from page 1', () => {
    expect(riskSummaryExportBody(filters, 57)).toEqual({ current: 1, size: 57, customerId: 3, servicePlanId: 4, status: 1 });
  });
});
