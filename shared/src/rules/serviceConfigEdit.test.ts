import { describe, expect, it } from 'vitest';
import { pointProblem, servicePlanProblem, serviceRegionProblem } from './serviceConfigEdit.ts';

describe('service configuration rules', () => {
  const plan = { name: '常规虫控', startDate: '2026-01-01', endDate: '2026-12-31', visitsPerMonth: 2 };

  it('takes a plan with a name, a period in order and 1 to 31 visits a month', () => {
    expect(servicePlanProblem(plan)).toBeNull();
    expect(servicePlanProblem({ ...plan, name: ' ' })).toBe('计划名称不能为空');
    expect(servicePlanProblem({ ...plan, name: '计'.repeat(51) })).toBe('计划名称不能超过50个字符');
    expect(servicePlanProblem({ ...plan, endDate: '2025-12-31' })).toBe('结束日期不能早于开始日期');
    expect(servicePlanProblem({ ...plan, startDate: '2026-12-31' })).toBeNull();
    expect(servicePlanProblem({ ...plan, visitsPerMonth: 0 })).toBe('每月服务次数须在1到31之间');
    expect(servicePlanProblem({ ...plan, visitsPerMonth: 32 })).toBe('每月服务次数须在1到31之间');
  });

  it('names a region and a point, and keeps a point on the floor plan', () => {
    expect(serviceRegionProblem({ name: '后厨' })).toBeNull();
    expect(serviceRegionProblem({ name: '' })).toBe('区域名称不能为空');
    expect(pointProblem({ code: 'A-001', x: 0, y: 650 })).toBeNull();
    expect(pointProblem({ code: '  ', x: 1, y: 1 })).toBe('点位编码不能为空');
    expect(pointProblem({ code: 'A'.repeat(21), x: 1, y: 1 })).toBe('点位编码不能超过20个字符');
    expect(pointProblem({ code: 'A-1', x: 801, y: 1 })).toBe('点位坐标须在平面图内（0–800, 0–650）');
    expect(pointProblem({ code: 'A-1', x: 1, y: -1 })).toBe('点位坐标须在平面图内（0–800, 0–650）');
  });
});
