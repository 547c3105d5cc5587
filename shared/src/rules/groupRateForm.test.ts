import { describe, expect, it } from 'vitest';
import { ApiMessages } from '../contract/api-messages.ts';
import { ChartBasis, ChartMessages } from '../contract/charts/index.ts';
import { groupRateFormProblem, workTypeOf } from './groupRateForm.ts';

const times = { startTime: '2026-01-01', endTime: '2026-03-31', comparisonStartTime: '2025-01-01', comparisonEndTime: '2025-03-31' };

describe('groupRateFormProblem', () => {
  it('asks for the customer type first', () => {
    expect(groupRateFormProblem({ customerIds: [1], ...times }, ChartBasis.pest)).toBe(ChartMessages.customerTypeRequired);
  });
  it('needs stores for the customer type and areas for the region type', () => {
    expect(groupRateFormProblem({ customerType: 1, areaIds: [1], ...times }, ChartBasis.pest)).toBe(ApiMessages.organisationRequired);
    expect(groupRateFormProblem({ customerType: 0, customerIds: [1], ...times }, ChartBasis.pest)).toBe(ChartMessages.areaRequired);
    expect(groupRateFormProblem({ customerType: 0, areaIds: [1], ...times }, ChartBasis.pest)).toBeNull();
  });
  it('needs a risk choice with names for the risk basis', () => {
    const form = { customerType: 1 as const, customerIds: [1], ...times };
    expect(groupRateFormProblem(form, ChartBasis.risk)).toBe(ChartMessages.riskChoiceRequired);
    expect(groupRateFormProblem({ ...form, riskType: 0 }, ChartBasis.risk)).toBe(ChartMessages.riskChoiceRequired);
    expect(groupRateFormProblem({ ...form, riskType: 0, riskTypeNames: ['虫害风险'] }, ChartBasis.risk)).toBeNull();
    expect(groupRateFormProblem({ ...form, riskType: 1, riskTypeNames: ['虫害风险'] }, ChartBasis.risk)).toBe(ChartMessages.riskChoiceRequired);
    expect(groupRateFormProblem({ ...form, riskType: 1, issueDescNames: ['门缝过大'] }, ChartBasis.risk)).toBeNull();
  });
  it('needs both periods for a comparison, which is the default report type', () => {
    const form = { customerType: 1 as const, customerIds: [1], startTime: '2026-01-01', endTime: '2026-03-31' };
    expect(groupRateFormProblem(form, ChartBasis.pest)).toBe(ChartMessages.comparisonTimeRequired);
    expect(groupRateFormProblem({ ...form, workType: 1 }, ChartBasis.pest)).toBe(ChartMessages.comparisonTimeRequired);
    expect(groupRateFormProblem({ ...form, workType: 0 }, ChartBasis.pest)).toBeNull();
    expect(workTypeOf({})).toBe(1);
  });
});
