import { describe, expect, it } from 'vitest';
import { TimeType } from '@pest/shared';
import { defineFilterConfig } from './config.ts';
import { CustomerType, RiskBasis, StatisticBasis, WorkType, initialFilterState } from './state.ts';

describe('filter value codes', () => {
  it('match the spec', () => {
    expect(CustomerType).toEqual({ region: 0, customer: 1 });
    expect(StatisticBasis).toEqual({ pest: 0, risk: 1 });
    expect(WorkType).toEqual({ trend: 0, comparison: 1 });
    expect(RiskBasis).toEqual({ byRiskType: 0, byIssue: 1 });
  });
});

describe('initialFilterState', () => {
  it('is empty for a form without defaulted fields', () => {
    expect(initialFilterState(defineFilterConfig({ fields: ['organisation', 'plan', 'dateRange'] }))).toEqual({});
  });
  it('defaults the statistic basis to risk and the report type to comparison when shown', () => {
    expect(initialFilterState(defineFilterConfig({ fields: ['basis', 'workType'] }))).toEqual({
      type: StatisticBasis.risk,
      workType: WorkType.comparison,
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
  it('leaves the time type unset when the form lacks the field', () => {
    expect(initialFilterState(defineFilterConfig({ fields: ['dateRange'], defaultTimeType: true }))).toEqual({});
  });
});
