import { describe, expect, it } from 'vitest';
import { planOptions } from './planOptions.ts';

const plan = (id: number, customerId: number, customerName: string) => ({
  id,
  name: '2026年度虫害防治服务方案',
  riskId: 2,
  customerId,
  customerName,
  contractId: null,
  contractName: null,
});

describe('planOptions', () => {
  it('names plans alone when they are one store’s', () => {
    expect(planOptions([plan(1, 9, '徐汇店'), { ...plan(2, 9, '徐汇店'), name: '季度巡检' }])).toEqual([
      { value: 1, label: '2026年度虫害防治服务方案' },
      { value: 2, label: '季度巡检' },
    ]);
  });
  it('adds the store to each plan when the plans span several stores', () => {
    expect(planOptions([plan(1, 9, '徐汇店'), plan(2, 10, '静安店')]).map((option) => option.label)).toEqual([
      '2026年度虫害防治服务方案（徐汇店）',
      '2026年度虫害防治服务方案（静安店）',
    ]);
  });
});
