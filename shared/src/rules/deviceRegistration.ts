import { DeviceRegistrationLimits, DeviceRegistrationMessages, type DeviceAddBody } from '../contract/device-registration.ts';

const DEVICE_NO = /^[A-Za-z0-9_-]+$/;
const FIFTEEN_DIGITS = /^\d{15}$/;
const ICCID = /^[0-9A-Za-z]{19,20}$/;
/** LoRaWAN's DevEUI: 16 hex digits, any case, with or without separators as labels print them. */
const DEV_EUI = /^[0-9a-f]{16}$/;
/** A DevEUI as kept (normaliseDevEui): 16 lower-case hex digits. */
export const isDevEui = (normalised: string) => DEV_EUI.test(normalised);

/** A DevEUI as stored and matched: lower case, no separators; '' stays ''. */
export const normaliseDevEui = (value: string): string => value.trim().toLowerCase().replace(/[-:\s]/g, '');

const tooLong = (label: string, max: number) => `${label}不能超过${max}个字符`;

/**
 * The first problem of a device's registration fields (trimmed), or null: the console's form, the
 * import's dry run and the server say the same. What only the database knows (a number taken, a
 * point occupied) the server adds.
 */
export function deviceAddProblem(body: Pick<DeviceAddBody, 'deviceNo' | 'deviceName' | 'imei' | 'imsi' | 'iccid' | 'devEui' | 'technicalSupport' | 'remark'>): string | null {
  const deviceNo = body.deviceNo.trim();
  const deviceName = body.deviceName.trim();
  if (deviceNo === '') return '设备编号不能为空';
  if (deviceNo.length > DeviceRegistrationLimits.deviceNo) return tooLong('设备编号', DeviceRegistrationLimits.deviceNo);
  if (!DEVICE_NO.test(deviceNo)) return DeviceRegistrationMessages.deviceNoFormat;
  if (deviceName === '') return '设备名称不能为空';
  if (deviceName.length > DeviceRegistrationLimits.deviceName) return tooLong('设备名称', DeviceRegistrationLimits.deviceName);
  if (body.imei?.trim() && !FIFTEEN_DIGITS.test(body.imei.trim())) return DeviceRegistrationMessages.imeiFormat;
  if (body.devEui?.trim() && !DEV_EUI.test(normaliseDevEui(body.devEui))) return DeviceRegistrationMessages.devEuiFormat;
  if (body.imsi?.trim() && !FIFTEEN_DIGITS.test(body.imsi.trim())) return DeviceRegistrationMessages.imsiFormat;
  if (body.iccid?.trim() && !ICCID.test(body.iccid.trim())) return DeviceRegistrationMessages.iccidFormat;
  if ((body.technicalSupport ?? '').trim().length > DeviceRegistrationLimits.technicalSupport) return tooLong('技术支持', DeviceRegistrationLimits.technicalSupport);
  if ((body.remark ?? '').trim().length > DeviceRegistrationLimits.remark) return tooLong('备注', DeviceRegistrationLimits.remark);
  return null;
}
