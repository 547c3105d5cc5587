import { describe, expect, it } from 'vitest';
import { DeviceKind } from '@pest/shared';
import { deviceAddBody, newDeviceValues } from './deviceAddForm.ts';

describe('deviceAddBody', () => {
  const filled = { ...newDeviceValues(), deviceNo: ' RB-NB-1 ', deviceName: '后厨鼠盒', deviceType: DeviceKind.nbIotRodentBox, store: { id: 30, label: '徐汇店' } };

  it('sends the trimmed fields, empty ones as null', () => {
    expect(deviceAddBody({ ...filled, imei: ' 869000000000001 ' })).toEqual({
      ok: true,
      body: { deviceNo: 'RB-NB-1', deviceName: '后厨鼠盒', deviceType: 1, imei: '869000000000001', devEui: null, modelId: null, imsi: null, iccid: null, customerId: 30, supplierId: null, technicalSupport: '', remark: null },
    });
  });

  it('asks for a type and a store, then the server’s rule', () => {
    expect(deviceAddBody({ ...filled, deviceType: undefined })).toEqual({ ok: false, problem: '请选择设备类型' });
    expect(deviceAddBody({ ...filled, store: null })).toEqual({ ok: false, problem: '请选择门店' });
    expect(deviceAddBody({ ...filled, imei: '12' })).toEqual({ ok: false, problem: 'IMEI须为15位数字' });
    expect(deviceAddBody({ ...filled, devEui: '70B3D57ED00001' })).toEqual({ ok: false, problem: 'DevEUI须为16位十六进制数字' });
  });

  it("sends a LoRa box's DevEUI as typed (the server normalises it) and its model", () => {
    const lora = { ...filled, deviceType: DeviceKind.loraRodentBox, devEui: ' 70-B3-D5-7E-D0-00-AA-01 ', modelId: 4 };
    expect(deviceAddBody(lora)).toMatchObject({ ok: true, body: { devEui: '70-B3-D5-7E-D0-00-AA-01', modelId: 4 } });
  });
});
