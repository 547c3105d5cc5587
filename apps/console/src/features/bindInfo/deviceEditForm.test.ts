import { describe, expect, it } from 'vitest';
import type { DeviceInfo } from '@pest/shared';
import { editBody, editValuesOf } from './deviceEditForm.ts';

describe('editBody', () => {
  it('sends every field trimmed, with the picture', () => {
    expect(
      editBody(7, { deviceName: '  后厨鼠盒 ', technicalSupport: ' 张工 ', remark: '靠近冷库', imageUrl: 'http://h/oss/u/1.png' }),
    ).toStrictEqual({
      ok: true,
      body: { id: 7, deviceName: '后厨鼠盒', technicalSupport: '张工', remark: '靠近冷库', imageUrl: 'http://h/oss/u/1.png' },
    });
  });

  it('sends emptied fields and a removed picture, so they are cleared', () => {
    expect(editBody(7, { deviceName: '鼠盒', technicalSupport: undefined, remark: '', imageUrl: null })).toStrictEqual({
      ok: true,
      body: { id: 7, deviceName: '鼠盒', technicalSupport: '', remark: '', imageUrl: null },
    });
  });

  it('refuses a blank name and over-long fields with the shared messages', () => {
    expect(editBody(7, { deviceName: '   ' })).toStrictEqual({ ok: false, message: '设备名称不能为空' });
    expect(editBody(7, { deviceName: 'x'.repeat(51) })).toStrictEqual({ ok: false, message: '设备名称不能超过50个字符' });
    expect(editBody(7, { deviceName: 'ok', remark: 'r'.repeat(201) })).toStrictEqual({ ok: false, message: '备注不能超过200个字符' });
  });
});

describe('editValuesOf', () => {
  it('fills the form from the device, a missing remark as empty', () => {
    const device = { deviceName: 'A', technicalSupport: 'B', remark: null, imageUrl: null } as DeviceInfo;
    expect(editValuesOf(device)).toStrictEqual({ deviceName: 'A', technicalSupport: 'B', remark: '', imageUrl: null });
  });
});
