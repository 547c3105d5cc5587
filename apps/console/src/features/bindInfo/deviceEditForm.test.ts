import { describe, expect, it } from 'vitest';
import type { DeviceInfo } from '@pest/shared';
import { editBody, editValuesOf, fieldRule } from './deviceEditForm.ts';

describe('editBody', () => {
  it('sends every field trimmed, with the picture', () => {
    expect(
      editBody({ id: 7, version: 3 }, { deviceName: '  后厨鼠盒 ', technicalSupport: ' 张工 ', remark: '靠近冷库', imageUrl: 'http://h/oss/u/1.png' }),
    ).toStrictEqual({ id: 7, version: 3, deviceName: '后厨鼠盒', technicalSupport: '张工', remark: '靠近冷库', imageUrl: 'http://h/oss/u/1.png' });
  });

  it('sends emptied fields and a removed picture, so they are cleared', () => {
    expect(editBody({ id: 7, version: 3 }, { deviceName: '鼠盒', technicalSupport: undefined, remark: '', imageUrl: null })).toStrictEqual({
      id: 7,
      version: 3,
      deviceName: '鼠盒',
      technicalSupport: '',
      remark: '',
      imageUrl: null,
    });
  });
});

describe('fieldRule', () => {
  const verdict = (field: Parameters<typeof fieldRule>[0], value: string | undefined) => {
    let message: string | undefined = 'not called';
    fieldRule(field).validator(value, (error) => (message = error));
    return message;
  };

  it('refuses a blank name and over-long fields with the shared messages, under the field', () => {
    expect(verdict('deviceName', '   ')).toBe('设备名称不能为空');
    expect(verdict('deviceName', undefined)).toBe('设备名称不能为空');
    expect(verdict('deviceName', 'x'.repeat(51))).toBe('设备名称不能超过50个字符');
    expect(verdict('remark', 'r'.repeat(201))).toBe('备注不能超过200个字符');
  });

  it('passes a field within its rule', () => {
    expect(verdict('deviceName', ' 鼠盒 ')).toBeUndefined();
    expect(verdict('technicalSupport', undefined)).toBeUndefined();
  });
});

describe('editValuesOf', () => {
  it('fills the form from the device, a missing remark as empty', () => {
    const device = { deviceName: 'A', technicalSupport: 'B', remark: null, imageUrl: null } as DeviceInfo;
    expect(editValuesOf(device)).toStrictEqual({ deviceName: 'A', technicalSupport: 'B', remark: '', imageUrl: null });
  });
});
