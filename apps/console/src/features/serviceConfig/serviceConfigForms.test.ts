import { describe, expect, it } from 'vitest';
import type { ServicePlanDetail } from '@pest/shared';
import { droppedAt, newPlanValues, planBody, planValuesOf, pointBody, regionBody, regionOptions } from './serviceConfigForms.ts';

const plan: ServicePlanDetail = {
  id: 7,
  version: 2,
  customerId: 30,
  customerName: '徐汇店',
  name: '常规虫控',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  visitsPerMonth: 2,
  pestIds: [1, 2],
  riskGroupId: 1,
  riskGroupName: '餐饮',
  regionCount: 3,
  pointCount: 10,
  visitCount: 0,
  contractId: null,
  contractName: null,
  transactionType: 1,
  reportTemplateType: 2,
};

describe('service configuration forms', () => {
  it('sends a plan back as shown, with its version and risk group', () => {
    expect(planBody(30, planValuesOf(plan), plan)).toEqual({
      ok: true,
      body: { id: 7, version: 2, customerId: 30, name: '常规虫控', startDate: '2026-01-01', endDate: '2026-12-31', visitsPerMonth: 2, pestIds: [1, 2], riskGroupId: 1 },
    });
  });

  it('starts a plan for a year from today and names a blank one', () => {
    expect(newPlanValues('2026-11-28').period).toEqual(['2026-11-28', '2027-11-28']);
    expect(planBody(30, newPlanValues('2026-11-28'))).toEqual({ ok: false, problem: '计划名称不能为空' });
    expect(planBody(30, { ...planValuesOf(plan), period: [] })).toEqual({ ok: false, problem: '请选择服务期' });
  });

  it('gives a type only to a top region', () => {
    expect(regionBody(7, { parentId: null }, { name: ' 后厨 ', regionType: 'kitchen' })).toEqual({ ok: true, body: { planId: 7, parentId: null, name: '后厨', regionType: 'kitchen' } });
    expect(regionBody(7, { parentId: 3 }, { name: '洗碗间', regionType: 'front' })).toEqual({ ok: true, body: { planId: 7, parentId: 3, name: '洗碗间' } });
  });

  it('asks for a region and a device type before a point is saved', () => {
    expect(pointBody(7, { code: 'A-1', x: 1, y: 1 })).toEqual({ ok: false, problem: '请选择服务区域' });
    expect(pointBody(7, { code: 'A-1', regionId: 3, x: 1, y: 1 })).toEqual({ ok: false, problem: '请选择设备类型' });
    expect(pointBody(7, { code: 'A-1', regionId: 3, deviceTypeId: 2, x: 1, y: 1 }, { id: 9, version: 4 })).toEqual({
      ok: true,
      body: { id: 9, version: 4, planId: 7, regionId: 3, deviceTypeId: 2, code: 'A-1', x: 1, y: 1 },
    });
  });

  it('keeps a dropped point on the floor plan, in whole pixels', () => {
    expect(droppedAt(-5.2, 700)).toEqual({ x: 0, y: 650 });
    expect(droppedAt(400.6, 100.4)).toEqual({ x: 401, y: 100 });
  });

  it('lists regions with their path, depth first', () => {
    expect(regionOptions([{ id: 1, name: '后厨', level: 1, subList: [{ id: 2, name: '洗碗间', level: 2 }] }, { id: 3, name: '外围', level: 1 }])).toEqual([
      { value: 1, label: '后厨' },
      { value: 2, label: '后厨 / 洗碗间' },
      { value: 3, label: '外围' },
    ]);
  });
});
