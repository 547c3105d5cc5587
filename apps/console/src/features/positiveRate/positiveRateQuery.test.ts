import { describe, expect, it } from 'vitest';
import { ChartBasis, ChartCustomerType, ChartRiskBasis, ChartWorkType } from '@pest/shared';
import { positiveRateChart, positiveRateRequest, positiveRateTitle } from './positiveRateQuery.ts';

describe('screen 8 requests', () => {
  it('sends a pest basis to the pest call with the pests and without risk choices', () => {
    const request = positiveRateRequest({
      customerType: ChartCustomerType.customer,
      customerIds: [3, 4],
      type: ChartBasis.pest,
      petIds: [1],
      riskTypeIds: [9],
      workType: ChartWorkType.trend,
      timeType: 0,
      startTime: '2026-01-01',
      endTime: '2026-06-30',
    });
    expect(request).toEqual({
      basis: 0,
      body: { customerType: 1, customerIds: [3, 4], type: 0, petIds: [1], workType: 0, timeType: 0, startTime: '2026-01-01', endTime: '2026-06-30' },
    });
  });

  it('sends a risk basis to the risk call with the risk choice, both periods of a comparison, and no pests', () => {
    const request = positiveRateRequest({
      customerType: ChartCustomerType.region,
      areaIds: [2],
      contactNameList: ['张三'],
      type: ChartBasis.risk,
      riskType: ChartRiskBasis.byIssue,
      issueDescNames: ['门缝过大'],
      petIds: [1],
      workType: ChartWorkType.comparison,
      startTime: '2026-03-01',
      endTime: '2026-03-31',
      comparisonStartTime: '2026-02-01',
      comparisonEndTime: '2026-02-28',
    });
    expect(request).toEqual({
      basis: 1,
      body: {
        customerType: 0,
        areaIds: [2],
        contactNameList: ['张三'],
        type: 1,
        riskType: 1,
        issueDescNames: ['门缝过大'],
        workType: 1,
        startTime: '2026-03-01',
        endTime: '2026-03-31',
        comparisonStartTime: '2026-02-01',
        comparisonEndTime: '2026-02-28',
      },
    });
  });

  it('titles a pest chart <pest>阳性率 and a risk chart by its name, rates in %', () => {
    expect(positiveRateTitle(ChartBasis.pest, '老鼠')).toBe('老鼠阳性率');
    expect(positiveRateTitle(ChartBasis.risk, '门窗密闭')).toBe('门窗密闭');
    const chart = positiveRateChart(ChartBasis.pest, {
      name: '老鼠',
      nameList: ['A店', 'B店'],
      timeList: ['2026-01', '2026-02'],
      valueList: [
        { name: 'A店', numberList: [12.5, null] },
        { name: 'B店', numberList: [0, 50] },
      ],
    });
    expect(chart).toEqual({
      title: '老鼠阳性率',
      categories: ['2026-01', '2026-02'],
      series: [
        { name: 'A店', data: [12.5, null] },
        { name: 'B店', data: [0, 50] },
      ],
      unit: '%',
      axisNames: { x: '时段', y: '阳性率（%）' },
      legendBelow: true,
    });
  });
});
