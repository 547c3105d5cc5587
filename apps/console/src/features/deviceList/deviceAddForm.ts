import { deviceAddProblem, type DeviceAddBody, type DeviceKind } from '@pest/shared';

/** The registration dialog's fields as it holds them. */
export interface DeviceAddValues {
  deviceNo: string;
  deviceName: string;
  deviceType?: DeviceKind;
  imei: string;
  /** LoRa devices: matched to their uplinks by it. */
  devEui: string;
  /** Its 设备型号, whose codec decodes its uplinks. */
  modelId?: number;
  imsi: string;
  iccid: string;
  store: { id: number; label: string } | null;
  supplierId?: number;
  technicalSupport: string;
  remark: string;
}

export const newDeviceValues = (): DeviceAddValues => ({ deviceNo: '', deviceName: '', imei: '', devEui: '', imsi: '', iccid: '', store: null, technicalSupport: '', remark: '' });

/** The registration's body, or the first problem in the server's own words. */
export function deviceAddBody(values: DeviceAddValues): { ok: true; body: DeviceAddBody } | { ok: false; problem: string } {
  if (values.deviceType === undefined) return { ok: false, problem: '请选择设备类型' };
  if (values.store === null) return { ok: false, problem: '请选择门店' };
  const optional = (text: string) => text.trim() || null;
  const body: DeviceAddBody = {
    deviceNo: values.deviceNo.trim(),
    deviceName: values.deviceName.trim(),
    deviceType: values.deviceType,
    imei: optional(values.imei),
    devEui: optional(values.devEui),
    modelId: values.modelId ?? null,
    imsi: optional(values.imsi),
    iccid: optional(values.iccid),
    customerId: values.store.id,
    supplierId: values.supplierId ?? null,
    technicalSupport: values.technicalSupport.trim(),
    remark: optional(values.remark),
  };
  const problem = deviceAddProblem(body);
  return problem ? { ok: false, problem } : { ok: true, body };
}
