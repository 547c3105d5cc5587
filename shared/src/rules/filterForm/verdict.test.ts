import { describe, expect, it } from 'vitest';
import { defineFilterConfig } from './config.ts';
import { FilterMessages } from './messages.ts';
import { FILTER_RULE_CASES } from './ruleCases.ts';
import { ScreenFilterForms } from './screenForms.ts';
import { filterFormVerdict } from './verdict.ts';

describe('filterFormVerdict', () => {
  it.each(FILTER_RULE_CASES)('$screen, $name: $rule', ({ screen, params, rule }) => {
    const verdict = filterFormVerdict(params, ScreenFilterForms[screen]);
    expect(verdict).toEqual(rule === null ? { ok: true } : { ok: false, rule, level: expect.any(String), message: FilterMessages[rule] });
  });

  it('covers every rule, refused and passed, on the screens that have it', () => {
    const refused = new Set(FILTER_RULE_CASES.map((one) => one.rule));
    expect([...refused].sort()).toEqual([...Object.keys(FilterMessages), null].sort());
    const screens = new Set(FILTER_RULE_CASES.map((one) => one.screen));
    expect([...screens].sort()).toEqual(Object.keys(ScreenFilterForms).sort());
  });

  it('warns about a missing store and informs about everything else, as the spec asks', () => {
    const form = ScreenFilterForms.positiveRate;
    expect(filterFormVerdict({ customerType: 1, workType: 0 }, form)).toMatchObject({ level: 'warning' });
    expect(filterFormVerdict({ customerType: 0, workType: 0 }, form)).toMatchObject({ level: 'info' });
    expect(filterFormVerdict({}, ScreenFilterForms.pestSummary)).toMatchObject({ level: 'info' });
  });

  it('quotes the spec to the character', () => {
    expect(FilterMessages).toEqual({
      organisationRequired: '请先筛选【组织架构/门店】',
      customerTypeRequired: '请先选择【大区/客户】',
      storeRequiredForCustomerType: '若【大区/客户】为客户 ,则必须筛选【门店】字段',
      areaRequiredForRegionType: '若【大区/客户】为大区 ,则必须筛选【大区】字段',
      riskChoiceRequired: '若【统计口径】为 风险 ,则必须选择 【风险选择】字段 筛选',
      comparisonTimeRequired: '若【报表类型】为 对比 ,则必须选择 【对比时间,服务时间】 筛选',
    });
  });

  it('applies a rule only where the form shows its field', () => {
    expect(filterFormVerdict({}, defineFilterConfig({ fields: ['organisation'] }))).toEqual({ ok: true });
    expect(filterFormVerdict({ type: 1 }, defineFilterConfig({ fields: ['basis', 'pests'] }))).toEqual({ ok: true });
    expect(filterFormVerdict({ workType: 1 }, defineFilterConfig({ fields: ['workType', 'timeType', 'dateRange'] }))).toMatchObject({
      rule: 'comparisonTimeRequired',
    });
    expect(filterFormVerdict({ workType: 1 }, defineFilterConfig({ fields: ['workType'] }))).toEqual({ ok: true });
    expect(filterFormVerdict({ workType: 1, timeType: 0 }, defineFilterConfig({ fields: ['workType', 'dateRange'] }))).toMatchObject({
      rule: 'comparisonTimeRequired',
    });
  });
});
