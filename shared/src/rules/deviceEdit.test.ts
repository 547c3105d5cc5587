import { describe, expect, it } from 'vitest';
import { deviceEditFieldProblem, deviceEditProblem } from './deviceEdit.ts';

describe('deviceEditProblem', () => {
  it('accepts a name, support and remark within their limits', () => {
    expect(deviceEditProblem({ deviceName: '后厨1号鼠盒', technicalSupport: '张工', remark: '' })).toBeNull();
    expect(deviceEditProblem({ deviceName: 'x'.repeat(50), technicalSupport: 'y'.repeat(50), remark: 'z'.repeat(200) })).toBeNull();
  });

  it('refuses an empty or blank name', () => {
    expect(deviceEditProblem({ deviceName: '' })).toBe('设备名称不能为空');
    expect(deviceEditProblem({ deviceName: '   ' })).toBe('设备名称不能为空');
  });

  it('counts the name after trimming', () => {
    expect(deviceEditProblem({ deviceName: `  ${'x'.repeat(50)}  ` })).toBeNull();
    expect(deviceEditProblem({ deviceName: 'x'.repeat(51) })).toBe('设备名称不能超过50个字符');
  });

  it('names the field that is too long', () => {
    expect(deviceEditProblem({ deviceName: 'a', technicalSupport: 'y'.repeat(51) })).toBe('技术支持不能超过50个字符');
    expect(deviceEditProblem({ deviceName: 'a', remark: 'z'.repeat(201) })).toBe('备注不能超过200个字符');
  });
});

describe('deviceEditFieldProblem', () => {
  it('checks one field as the whole edit does', () => {
    expect(deviceEditFieldProblem('deviceName', undefined)).toBe('设备名称不能为空');
    expect(deviceEditFieldProblem('deviceName', ' 鼠盒 ')).toBeNull();
    expect(deviceEditFieldProblem('technicalSupport', undefined)).toBeNull();
    expect(deviceEditFieldProblem('remark', 'z'.repeat(201))).toBe('备注不能超过200个字符');
  });
});
