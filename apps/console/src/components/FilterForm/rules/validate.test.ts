import { describe, expect, it } from 'vitest';
import {
  ChartBasis,
  ChartCustomerType,
  ChartRiskBasis,
  ChartWorkType,
  TimeType,
  defineFilterConfig,
  type FilterFormState,
} from '@pest/shared';
import { validateQuery } from './validate.ts';

describe('validateQuery: organisation/store', () => {
  const config = defineFilterConfig({ fields: ['organisation', 'plan'], requireOrganisation: true });
  it('refuses without an organisation, with the spec’s info, and sends nothing', () => {
    const check = validateQuery({ servicePlanId: 5 }, config);
    expect(check).toEqual({ ok: false, level: 'info', message: '请先筛选【组织架构/门店】' });
    expect(check).not.toHaveProperty('params');
  });
  it('passes with a customerId or a non-empty customerIds', () => {
    expect(validateQuery({ customerId: 1 }, config)).toEqual({ ok: true, params: { customerId: 1 } });
    const multiple = defineFilterConfig({
      fields: ['organisation'],
      organisationMode: 'multiple',
      requireOrganisation: true,
    });
    expect(validateQuery({ customerIds: [] }, multiple)).toMatchObject({
      ok: false,
      message: '请先筛选【组织架构/门店】',
    });
    expect(validateQuery({ customerIds: [1, 2] }, multiple)).toEqual({ ok: true, params: { customerIds: [1, 2] } });
  });
  it('does not require one on screens that do not ask for it', () => {
    expect(validateQuery({}, defineFilterConfig({ fields: ['organisation'] }))).toEqual({ ok: true, params: {} });
  });
});

describe('validateQuery: customer / region type', () => {
  const config = defineFilterConfig({
    fields: ['customerType', 'organisation', 'area'],
    organisationMode: 'multiple',
    areaMode: 'multiple',
  });
  it('refuses until the type is chosen', () => {
    expect(validateQuery({}, config)).toEqual({ ok: false, level: 'info', message: '请先选择【大区/客户】' });
  });
  it('customer type needs a store: warning', () => {
    expect(validateQuery({ customerType: ChartCustomerType.customer, customerIds: [] }, config)).toEqual({
      ok: false,
      level: 'warning',
      message: '若【大区/客户】为客户 ,则必须筛选【门店】字段',
    });
  });
  it('customer type passes with customerIds, or customerId on a single-choice form', () => {
    expect(validateQuery({ customerType: ChartCustomerType.customer, customerIds: [1] }, config)).toEqual({
      ok: true,
      params: { customerType: ChartCustomerType.customer, customerIds: [1] },
    });
    const single = defineFilterConfig({ fields: ['customerType', 'organisation', 'area'] });
    expect(validateQuery({ customerType: ChartCustomerType.customer, customerId: 1 }, single).ok).toBe(true);
  });
  it('region type needs regions: info', () => {
    expect(validateQuery({ customerType: ChartCustomerType.region, areaIds: [] }, config)).toEqual({
      ok: false,
      level: 'info',
      message: '若【大区/客户】为大区 ,则必须筛选【大区】字段',
    });
  });
  it('region type passes with areaIds', () => {
    expect(validateQuery({ customerType: ChartCustomerType.region, areaIds: [3] }, config)).toEqual({
      ok: true,
      params: { customerType: ChartCustomerType.region, areaIds: [3] },
    });
  });
  it('does not apply to forms without the type', () => {
    expect(validateQuery({}, defineFilterConfig({ fields: ['organisation'] })).ok).toBe(true);
  });
});

describe('validateQuery: statistic basis risk', () => {
  const config = defineFilterConfig({ fields: ['basis', 'riskBasis', 'pests'] });
  const message = '若【统计口径】为 风险 ,则必须选择 【风险选择】字段 筛选';
  it('refuses a risk basis without a risk choice', () => {
    expect(validateQuery({ type: ChartBasis.risk }, config)).toEqual({ ok: false, level: 'info', message });
  });
  it('refuses a risk choice that names nothing, as the server would', () => {
    expect(validateQuery({ type: ChartBasis.risk, riskType: ChartRiskBasis.byRiskType }, config)).toEqual({ ok: false, level: 'info', message });
    expect(validateQuery({ type: ChartBasis.risk, riskType: ChartRiskBasis.byIssue, riskTypeNames: ['鼠迹'] }, config)).toEqual({
      ok: false,
      level: 'info',
      message,
    });
  });
  it('passes once the risk choice names what to chart, or on a pest basis', () => {
    expect(validateQuery({ type: ChartBasis.risk, riskType: ChartRiskBasis.byRiskType, riskTypeNames: ['鼠迹'] }, config)).toEqual({
      ok: true,
      params: { type: ChartBasis.risk, riskType: ChartRiskBasis.byRiskType, riskTypeNames: ['鼠迹'] },
    });
    expect(validateQuery({ type: ChartBasis.pest, petIds: [7] }, config)).toEqual({
      ok: true,
      params: { type: ChartBasis.pest, petIds: [7] },
    });
  });
});

describe('validateQuery: comparison report type', () => {
  const config = defineFilterConfig({ fields: ['workType', 'timeType', 'dateRange', 'comparisonRange'] });
  const message = '若【报表类型】为 对比 ,则必须选择 【对比时间,服务时间】 筛选';
  it('refuses a comparison without both times and without a time type', () => {
    for (const state of [
      { workType: ChartWorkType.comparison },
      { workType: ChartWorkType.comparison, dateRange: ['2024-01-01', '2024-01-31'] },
      { workType: ChartWorkType.comparison, comparisonRange: ['2023-01-01', '2023-01-31'] },
      { workType: ChartWorkType.comparison, dateRange: ['2024-01-01', ''], comparisonRange: ['2023-01-01', '2023-01-31'] },
    ] as FilterFormState[]) {
      expect(validateQuery(state, config)).toEqual({ ok: false, level: 'info', message });
    }
  });
  it('sends both ranges as bounds once complete', () => {
    const state: FilterFormState = {
      workType: ChartWorkType.comparison,
      dateRange: ['2024-01-01', '2024-01-31'],
      comparisonRange: ['2023-01-01', '2023-01-31'],
    };
    expect(validateQuery(state, config)).toEqual({
      ok: true,
      params: {
        workType: 1,
        startTime: '2024-01-01',
        endTime: '2024-01-31',
        comparisonStartTime: '2023-01-01',
        comparisonEndTime: '2023-01-31',
      },
    });
  });
  it('lets a time type stand for the times (comparison time or time type, as the spec says)', () => {
    expect(validateQuery({ workType: ChartWorkType.comparison, timeType: TimeType.byMonth }, config)).toEqual({
      ok: true,
      params: { workType: ChartWorkType.comparison, timeType: TimeType.byMonth },
    });
  });
  it('does not ask for times on a trend report', () => {
    expect(validateQuery({ workType: ChartWorkType.trend }, config)).toEqual({
      ok: true,
      params: { workType: ChartWorkType.trend },
    });
  });
});

describe('validateQuery: rule order', () => {
  it('reports the first failing rule only', () => {
    const config = defineFilterConfig({
      fields: ['organisation', 'customerType', 'basis', 'riskBasis', 'workType', 'comparisonRange'],
      requireOrganisation: true,
    });
    expect(validateQuery({ type: ChartBasis.risk, workType: ChartWorkType.comparison }, config)).toMatchObject({
      message: '请先筛选【组织架构/门店】',
    });
    expect(
      validateQuery({ customerId: 1, type: ChartBasis.risk, workType: ChartWorkType.comparison }, config),
    ).toMatchObject({ message: '请先选择【大区/客户】' });
  });
});

describe('validateQuery: params', () => {
  it('sends only the fields the form shows, without empty values', () => {
    const config = defineFilterConfig({ fields: ['organisation', 'contacts', 'pests', 'timeType'] });
    const state: FilterFormState = {
      customerId: 1,
      customerIds: [2],
      contactNameList: [],
      petIds: [3],
      timeType: TimeType.byMonth,
      servicePlanId: 9,
      riskTypeIds: [4],
    };
    expect(validateQuery(state, config)).toEqual({ ok: true, params: { customerId: 1, petIds: [3], timeType: 0 } });
  });
  it('maps every field to its request key', () => {
    const config = defineFilterConfig({
      fields: [
        'organisation',
        'area',
        'areaCascader',
        'contacts',
        'plan',
        'serviceRegion',
        'riskType',
        'deviceType',
        'device',
        'deviceKind',
        'basis',
        'riskBasis',
        'pests',
        'timeType',
        'dateRange',
      ],
      areaMode: 'multiple',
    });
    const state: FilterFormState = {
      customerId: 1,
      areaIds: [2],
      provinceId: 110000,
      cityId: 110100,
      districtId: 110101,
      contactNameList: ['王五'],
      servicePlanId: 3,
      regionIds: [4],
      riskTypeIds: [5],
      deviceTypeIds: [6],
      pointIds: [7],
      deviceType: 2,
      type: ChartBasis.pest,
      riskType: ChartRiskBasis.byIssue,
      riskTypeNames: ['鼠迹'],
      issueDescNames: ['门缝'],
      petIds: [8],
      timeType: TimeType.byOccurrence,
      dateRange: ['2024-02-01', '2024-02-29'],
    };
    expect(validateQuery(state, config)).toEqual({
      ok: true,
      params: {
        customerId: 1,
        areaIds: [2],
        provinceId: 110000,
        cityId: 110100,
        districtId: 110101,
        contactNameList: ['王五'],
        servicePlanId: 3,
        regionIds: [4],
        riskTypeIds: [5],
        deviceTypeIds: [6],
        pointIds: [7],
        deviceType: 2,
        type: 0,
        riskType: 1,
        riskTypeNames: ['鼠迹'],
        issueDescNames: ['门缝'],
        petIds: [8],
        timeType: 1,
        startTime: '2024-02-01',
        endTime: '2024-02-29',
      },
    });
  });
  it('takes the organisation and region key of the form’s mode', () => {
    const single = defineFilterConfig({ fields: ['organisation', 'area'] });
    const multiple = defineFilterConfig({
      fields: ['organisation', 'area'],
      organisationMode: 'multiple',
      areaMode: 'multiple',
    });
    const state: FilterFormState = { customerId: 1, customerIds: [2], areaId: 3, areaIds: [4] };
    expect(validateQuery(state, single)).toEqual({ ok: true, params: { customerId: 1, areaId: 3 } });
    expect(validateQuery(state, multiple)).toEqual({ ok: true, params: { customerIds: [2], areaIds: [4] } });
  });
  it('expands a month range by the month rule', () => {
    const config = defineFilterConfig({ fields: ['timeType', 'dateRange'] });
    expect(validateQuery({ timeType: TimeType.byMonth, dateRange: ['2024-01', '2024-02'] }, config)).toEqual({
      ok: true,
      params: { timeType: 0, startTime: '2024-01-01', endTime: '2024-02-31' },
    });
  });
  it('leaves an unset date range absent', () => {
    expect(validateQuery({}, defineFilterConfig({ fields: ['dateRange'] }))).toEqual({ ok: true, params: {} });
  });
});
