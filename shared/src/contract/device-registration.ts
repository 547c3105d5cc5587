import { Type, type Static } from '@sinclair/typebox';
import { EditVersion, Id, Nullable, Text } from './common.ts';
import { DeviceKind, DeviceSecret } from './devices.ts';
import { Envelope } from './envelope.ts';

/**
 * Devices put in by the provider (issue 38): registered at a store (and, if given, a point of one of
 * its plans) with a secret shown this once, bound to a point and unbound, moved to another store,
 * retired with their history kept. A retired device leaves the lists and its reports are refused.
 */
const MOUSE_BOX = '/api/admin/web/mouseBox';
export const DeviceRegistrationPaths = {
  add: `${MOUSE_BOX}/add`,
  bind: `${MOUSE_BOX}/bind`,
  unbind: `${MOUSE_BOX}/unbind`,
  move: `${MOUSE_BOX}/move`,
  retire: `${MOUSE_BOX}/retire`,
  connectivity: `${MOUSE_BOX}/connectivity`,
} as const;

export const DeviceRegistrationLimits = { deviceNo: 32, deviceName: 50, technicalSupport: 50, remark: 200 } as const;
const KindSchema = Type.Union(Object.values(DeviceKind).map((kind) => Type.Literal(kind)));

export const DeviceAddBody = Type.Object(
  {
    deviceNo: Text(200),
    deviceName: Text(200),
    deviceType: KindSchema,
    /** NB-IoT devices: 15 digits, unique. */
    imei: Type.Optional(Nullable(Text(200))),
    /** LoRaWAN devices: the DevEUI, 16 hex digits, unique; its uplinks through a network server are matched by it. */
    devEui: Type.Optional(Nullable(Text(200))),
    /** The device model (设备型号), whose codec decodes its uplinks and whose report interval judges it offline. */
    modelId: Type.Optional(Nullable(Id)),
    imsi: Type.Optional(Nullable(Text(200))),
    iccid: Type.Optional(Nullable(Text(200))),
    /** The store it is installed at. */
    customerId: Id,
    /** A point of one of the store's plans, without a device, of the device's type. */
    pointId: Type.Optional(Nullable(Id)),
    /** A supplier of the dictionary (type 18). */
    supplierId: Type.Optional(Nullable(Id)),
    technicalSupport: Type.Optional(Nullable(Text(1000))),
    remark: Type.Optional(Nullable(Text(1000))),
  },
  { additionalProperties: false },
);
export type DeviceAddBody = Static<typeof DeviceAddBody>;

/** The registered device's id, and its secret with the headers its reports carry: shown this once. */
export const DeviceAdded = Type.Composite([Type.Object({ id: Type.Integer() }), DeviceSecret]);
export type DeviceAdded = Static<typeof DeviceAdded>;
export const DeviceAddResponse = Envelope(DeviceAdded);

export const DeviceBindBody = Type.Object({ id: Id, pointId: Id, version: Type.Optional(EditVersion) }, { additionalProperties: false });
export type DeviceBindBody = Static<typeof DeviceBindBody>;
export const DeviceMoveBody = Type.Object({ id: Id, customerId: Id, version: Type.Optional(EditVersion) }, { additionalProperties: false });
export type DeviceMoveBody = Static<typeof DeviceMoveBody>;
/** How network servers name a LoRaWAN device (its DevEUI) and which model decodes it; null clears either. */
export const DeviceConnectivityBody = Type.Object(
  { id: Id, version: Type.Optional(EditVersion), devEui: Nullable(Text(200)), modelId: Nullable(Id) },
  { additionalProperties: false },
);
export type DeviceConnectivityBody = Static<typeof DeviceConnectivityBody>;
export const DeviceIdVersionBody = Type.Object({ id: Id, version: Type.Optional(EditVersion) }, { additionalProperties: false });
export type DeviceIdVersionBody = Static<typeof DeviceIdVersionBody>;
export const DeviceChangedResponse = Envelope(Type.Object({ id: Type.Integer() }));

export const DeviceRegistrationMessages = {
  deviceNoTaken: '设备编号已存在',
  imeiTaken: 'IMEI已存在',
  imeiFormat: 'IMEI须为15位数字',
  devEuiTaken: 'DevEUI已存在',
  devEuiFormat: 'DevEUI须为16位十六进制数字',
  modelNotFound: '设备型号不存在',
  modelNotYours: '更换设备型号（modelId）需要“设备型号与接入”权限',
  modelKindMismatch: '设备型号的设备类型与设备不符',
  imsiFormat: 'IMSI须为15位数字',
  iccidFormat: 'ICCID须为19或20位数字或字母',
  deviceNoFormat: '设备编号只能包含字母、数字、-和_',
  storeNotFound: '门店不存在',
  storeOnly: '设备只能安装在门店',
  storeSuspended: '门店已停用，不能安装设备',
  supplierNotFound: '供应商不存在',
  pointNotFound: '点位不存在',
  pointElsewhere: '点位不属于该门店',
  pointTaken: '点位已绑定其他设备',
  pointTypeMismatch: '点位的设备类型与设备不符',
  notFound: '设备不存在',
  retired: '设备已停用',
  notBound: '设备未绑定点位',
} as const;
