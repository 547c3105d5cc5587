import { describe, expect, it } from 'vitest';
import { ChartBasis, ChartCustomerType, ChartRiskBasis, ChartWorkType } from '../../contract/charts/index.ts';
import { lastFullQuarter, TimeType } from '../dateRange.ts';
import { defineFilterConfig } from './config.ts';
import { initialFilterState } from './state.ts';

describe('filter value codes', () => {
  it('match the spec', () => {
    expect(ChartCustomerType).toEqual({ region: 0, customer: 1 });
    expect(ChartBasis).toEqual({ pest: 0, risk: 1 });
    expect(ChartWorkType).toEqual({ trend: 0, comparison: 1 });
    expect(ChartRiskBasis).toEqual({ byRiskType: 0, byIssue: 1 });
  });
});

describe('initialFilterState', () => {
  it('is empty for a form without defaulted fields', () => {
    expect(initialFilterState(defineFilterConfig({ fields: ['organisation', 'plan', 'dateRange'] }))).toEqual({});
  });
  it('defaults the statistic basis to risk and the report type to comparison when shown', () => {
    expect(initialFilterState(defineFilterConfig({ fields: ['basis', 'workType'] }))).toEqual({
      type: ChartBasis.risk,
      workType: ChartWorkType.comparison,
    });
  });
  it('defaults the time type to by month when the form has the field and the default is enabled', () => {
    expect(initialFilterState(defineFilterConfig({ fields: ['timeType'], defaultTimeType: true }))).toEqual({
      timeType: TimeType.byMonth,
    });
  });
  it('leaves the time type unset when the default is not enabled', () => {
    expect(initialFilterState(defineFilterConfig({ fields: ['timeType'] }))).toEqual({});
  });
  it('opens on the default period of a form that has one, from the moment it opens', () => {
    const config = defineFilterConfig({ fields: ['organisation', 'dateRange'], defaultDateRange: lastFullQuarter });
    expect(initialFilterState(config, new Date('2026-11-24T08:00:00Z'))).toEqual({ dateRange: ['2026-07-01', '2026-09-30'] });
    expect(initialFilterState(defineFilterConfig({ fields: ['organisation'], defaultDateRange: lastFullQuarter }))).toEqual({});
  });
  it('leaves the time type unset when the form lacks the field', () => {
    expect(initialFilterState(defineFilterConfig({ fields: ['dateRange'], defaultTimeType: true }))).toEqual({});
  });
});
