import { describe, expect, it } from 'vitest';
import { riskChartBody, riskDetailsBody, riskDetailsExportBody, riskDetailsFilters, RiskTab, statusOfTab } from './riskTrendQuery.ts';

describe('screen 12 requests', () => {
  it('sends the chart the store, plan, regions, risk types, period and time type as type', () => {
    expect(
      riskChartBody({ customerId: 5, servicePlanId: 2, regionIds: [7], riskTypeIds: [3], timeType: 0, startTime: '2026-01-01', endTime: '2026-03-31', petIds: [1] }),
    ).toEqual({ customerId: 5, servicePlanId: 2, regionIds: [7], riskTypeIds: [3], type: 0, startTime: '2026-01-01', endTime: '2026-03-31' });
  });

  it('maps the tabs to status 1, 0 and null', () => {
    expect(statusOfTab(RiskTab.unresolved)).toBe(1);
    expect(statusOfTab(RiskTab.resolved)).toBe(0);
    expect(statusOfTab(RiskTab.all)).toBeNull();
  });

  it('lists the clicked risk type under the chart’s filters, with the rectification dates and the page', () => {
    const filters = riskDetailsFilters({ customerId: 5, type: 0 }, '虫害入侵', RiskTab.resolved, ['2026-02-01', '2026-02-28']);
    expect(riskDetailsBody(filters, 2, 10)).toEqual({
      customerId: 5,
      type: 0,
      riskTypeNames: ['虫害入侵'],
      status: 0,
      rectifyStartTime: '2026-02-01',
      rectifyEndTime: '2026-02-28',
      pageNum: 2,
      pageSize: 10,
    });
    expect(riskDetailsExportBody(riskDetailsFilters({ customerId: 5 }, 'x', RiskTab.all, undefined), 10)).toEqual({
      customerId: 5,
      riskTypeNames: ['x'],
      status: null,
      pageNum: 1,
      pageSize: 10,
    });
  });
});
