import { describe, expect, it } from 'vitest';
import { DeviceKind, type DeviceModel, type UnclaimedDevice } from '@pest/shared';
import { modelsOfKind } from '../../api/deviceModels.ts';
import { claimBody, claimKinds, newClaimValues } from './claimForm.ts';

const heard = { id: 7, integrationName: 'TTS', source: 'ttn', firstSeenAt: '', lastSeenAt: '', uplinks: 1, lastPayloadHex: null } as const;
const lora: UnclaimedDevice = { ...heard, devEui: '70B3D57ED0000001', imei: null };
const nb: UnclaimedDevice = { ...heard, source: 'ctwing', devEui: null, imei: '869000000000001' };
const store = { id: 30, label: '徐汇店' };

describe('claimForm', () => {
  it('offers an IMEI row the NB-IoT box only, a DevEUI row a LoRa box or gateway', () => {
    expect(claimKinds(nb)).toEqual([DeviceKind.nbIotRodentBox]);
    expect(claimKinds(lora)).toEqual([DeviceKind.loraRodentBox, DeviceKind.loraGateway]);
    expect(newClaimValues(nb)).toMatchObject({ deviceNo: '869000000000001', deviceType: DeviceKind.nbIotRodentBox, store: null });
    expect(newClaimValues(lora)).toMatchObject({ deviceNo: '70B3D57ED0000001', deviceType: DeviceKind.loraRodentBox });
  });

  it('sends the trimmed fields, empty ones as null, then the server’s rule', () => {
    expect(claimBody(7, { ...newClaimValues(lora), deviceName: ' 后厨鼠盒 ', modelId: 3, store })).toEqual({
      ok: true,
      body: { unclaimedId: 7, deviceNo: '70B3D57ED0000001', deviceName: '后厨鼠盒', deviceType: 2, modelId: 3, customerId: 30, remark: null },
    });
    expect(claimBody(7, { ...newClaimValues(lora), deviceName: '', store })).toEqual({ ok: false, problem: '设备名称不能为空' });
    expect(claimBody(7, { ...newClaimValues(lora), deviceNo: 'a b', deviceName: 'x', store })).toEqual({ ok: false, problem: '设备编号只能包含字母、数字、-和_' });
  });

  it('lists the models of the chosen kind', () => {
    const models = [{ id: 1, deviceType: 2 }, { id: 2, deviceType: 3 }] as DeviceModel[];
    expect(modelsOfKind(models, DeviceKind.loraGateway).map((model) => model.id)).toEqual([2]);
  });
});
