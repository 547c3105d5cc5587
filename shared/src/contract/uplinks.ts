import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable, PageNumber } from './common.ts';
import { DecodedReading } from './device-models.ts';
import { DeviceAddBody } from './device-registration.ts';
import { Envelope } from './envelope.ts';

/**
 * What devices sent through the network servers (issue 39): each device's raw uplinks (its
 * 原始数据 tab), and the inbox of devices heard but not registered (待认领设备).
 */
const MOUSE_BOX = '/api/admin/web/mouseBox';
export const UplinkPaths = {
  uplinks: `${MOUSE_BOX}/uplinks`,
  unclaimedList: `${MOUSE_BOX}/unclaimed/list`,
  claim: `${MOUSE_BOX}/unclaimed/claim`,
} as const;

/** Raw uplinks are kept this many days unless UPLINK_RETENTION_DAYS says otherwise. */
export const UPLINK_RETENTION_DAYS = 30;

export const UplinkListBody = Type.Object(
  { id: Id, current: PageNumber, size: Type.Integer({ minimum: 1, maximum: 100 }) },
  { additionalProperties: false },
);
export type UplinkListBody = Static<typeof UplinkListBody>;

export const UplinkSourceSchema = Type.Union(['chirpstack', 'ttn', 'ctwing', 'onenet'].map((source) => Type.Literal(source)));

export const UplinkRecord = Type.Object({
  id: Type.Integer(),
  /** yyyy-MM-dd HH:mm:ss, Beijing time. */
  receivedAt: Type.String(),
  source: UplinkSourceSchema,
  integrationName: Nullable(Type.String()),
  fPort: Nullable(Type.Integer()),
  fCnt: Nullable(Type.Integer()),
  /** The payload's bytes as hex. */
  payloadHex: Nullable(Type.String()),
  decoded: Nullable(DecodedReading),
  /** Why the payload could not be read (the codec's error, its time or memory limit). */
  error: Nullable(Type.String()),
  rssi: Nullable(Type.Integer()),
  snr: Nullable(Type.Number()),
  gateway: Nullable(Type.String()),
});
export type UplinkRecord = Static<typeof UplinkRecord>;
export const UplinkListResponse = Envelope(Type.Object({ total: Type.Integer(), records: Type.Array(UplinkRecord) }));

export const UnclaimedListBody = Type.Object(
  { current: PageNumber, size: Type.Integer({ minimum: 1, maximum: 100 }) },
  { additionalProperties: false },
);
export type UnclaimedListBody = Static<typeof UnclaimedListBody>;

export const UnclaimedDevice = Type.Object({
  id: Type.Integer(),
  /** The DevEUI (16 hex digits) or the IMEI (15 digits). */
  devEui: Nullable(Type.String()),
  imei: Nullable(Type.String()),
  integrationName: Nullable(Type.String()),
  source: UplinkSourceSchema,
  firstSeenAt: Type.String(),
  lastSeenAt: Type.String(),
  uplinks: Type.Integer(),
  lastPayloadHex: Nullable(Type.String()),
});
export type UnclaimedDevice = Static<typeof UnclaimedDevice>;
export const UnclaimedListResponse = Envelope(Type.Object({ total: Type.Integer(), records: Type.Array(UnclaimedDevice) }));

/**
 * Registers a device heard through an integration in one step: 新增设备's fields but its DevEUI or
 * IMEI, which come from the inbox; its last uplink is recorded as its first reading.
 */
export const ClaimDeviceBody = Type.Object(
  { unclaimedId: Id, ...Type.Omit(DeviceAddBody, ['devEui', 'imei']).properties },
  { additionalProperties: false },
);
export type ClaimDeviceBody = Static<typeof ClaimDeviceBody>;

export const IngestMessages = {
  unclaimedNotFound: '待认领设备不存在或已被认领',
  decodeFailed: '解码失败',
  noCodec: '设备型号没有解码脚本，载荷未解码',
  outOfTime: '上行时间超出范围（早于7天或晚于当前时间5分钟），未记录',
} as const;
