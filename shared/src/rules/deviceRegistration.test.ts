import { describe, expect, it } from 'vitest';
import { deviceAddProblem } from './deviceRegistration.ts';

const box = { deviceNo: 'RB-NB-0100001', deviceName: '后厨1号鼠盒', imei: '860000000000001', imsi: '460110000000001', iccid: '89861100000000000001' };

describe('deviceAddProblem', () => {
  it('takes a device with its number, name and SIM identities', () => {
    expect(deviceAddProblem(box)).toBeNull();
    expect(deviceAddProblem({ deviceNo: ' 70B3D50000000001 ', deviceName: 'LoRa鼠盒' })).toBeNull();
  });

  it('names what is wrong, field by field', () => {
    expect(deviceAddProblem({ ...box, deviceNo: ' ' })).toBe('设备编号不能为空');
    expect(deviceAddProblem({ ...box, deviceNo: 'RB 01' })).toBe('设备编号只能包含字母、数字、-和_');
    expect(deviceAddProblem({ ...box, deviceNo: 'R'.repeat(33) })).toBe('设备编号不能超过32个字符');
    expect(deviceAddProblem({ ...box, deviceName: '' })).toBe('设备名称不能为空');
    expect(deviceAddProblem({ ...box, imei: '86000000000000' })).toBe('IMEI须为15位数字');
    expect(deviceAddProblem({ ...box, imsi: '46011000000000X' })).toBe('IMSI须为15位数字');
    expect(deviceAddProblem({ ...box, iccid: '8986' })).toBe('ICCID须为19或20位数字或字母');
    expect(deviceAddProblem({ ...box, remark: '备'.repeat(201) })).toBe('备注不能超过200个字符');
  });
});
