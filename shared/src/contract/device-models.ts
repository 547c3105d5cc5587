import { Type, type Static } from '@sinclair/typebox';
import { EditVersion, Id, Nullable, Text } from './common.ts';
import { DeviceReportEvent } from './device-report.ts';
import { DeviceKind } from './devices.ts';
import { Envelope } from './envelope.ts';

/**
 * 设备型号 (issue 39): a vendor's box or gateway, how often it reports, and the payload codec that
 * turns its uplink's bytes into a reading. The codec is JavaScript in the LoRa Alliance TS013 shape,
 * `function decodeUplink(input) { return { data, errors?, warnings? } }` with `input.bytes` (numbers
 * 0–255) and `input.fPort`, run isolated (QuickJS in WebAssembly) with a time and a memory limit.
 */
const DEVICE_MODEL = '/api/admin/web/deviceModel';
export const DeviceModelPaths = {
  save: `${DEVICE_MODEL}/save`,
  list: `${DEVICE_MODEL}/list`,
  testDecode: `${DEVICE_MODEL}/testDecode`,
} as const;

export const DeviceModelLimits = {
  name: 50,
  vendor: 50,
  /** Enough for any vendor's decoder; a codec is source text, not a bundle. */
  codecChars: 65_536,
  examples: 20,
  exampleLabel: 50,
  /** An uplink's FRMPayload is at most 242 bytes in LoRaWAN; NB-IoT payloads run larger. */
  payloadBytes: 1_024,
  /** A day: a box that reports less often is not a smart box. */
  reportIntervalMinutes: { min: 1, max: 1_440 },
} as const;

/**
 * One call of a codec: at most timeMs and this much memory, then that uplink fails. A call that runs
 * out of time is tried once more with retryTimeMs before it fails (a busy machine can stall any
 * call), and loading a codec has loadTimeMs (the engine's first run of new code is slow).
 */
export const CODEC_LIMITS = { timeMs: 50, retryTimeMs: 250, loadTimeMs: 1_000, memoryBytes: 16 * 1024 * 1024, stackBytes: 200 * 1024 } as const;

const KindSchema = Type.Union(Object.values(DeviceKind).map((kind) => Type.Literal(kind)));
const EventSchema = Type.Union(Object.values(DeviceReportEvent).map((event) => Type.Literal(event)));

/** What a codec's `data` must be: the fields of a device's report, each optional. */
export const DecodedReading = Type.Object(
  {
    battery: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    temperature: Type.Optional(Type.Number({ minimum: -60, maximum: 150 })),
    event: Type.Optional(EventSchema),
  },
  { additionalProperties: false },
);
export type DecodedReading = Static<typeof DecodedReading>;

const FPort = Type.Integer({ minimum: 0, maximum: 255 });
/** Base64 of the payload's bytes (the console converts hex). */
const PayloadBase64 = Type.String({ maxLength: Math.ceil(DeviceModelLimits.payloadBytes / 3) * 4, pattern: '^[A-Za-z0-9+/]*={0,2}$' });

/** A payload kept with the model as its test: saving the model decodes each and refuses one that differs. */
export const CodecExample = Type.Object(
  { label: Text(200), fPort: FPort, bytesBase64: PayloadBase64, expected: DecodedReading },
  { additionalProperties: false },
);
export type CodecExample = Static<typeof CodecExample>;

export const DeviceModelSaveBody = Type.Object(
  {
    id: Type.Optional(Id),
    name: Text(200),
    vendor: Text(200),
    deviceType: KindSchema,
    reportIntervalMinutes: Type.Integer({ minimum: 0, maximum: 100_000 }),
    /** None for a model whose network server decodes (ChirpStack's `object`, TTN's `decoded_payload`) or a gateway. */
    codec: Type.Optional(Nullable(Type.String({ maxLength: DeviceModelLimits.codecChars * 2 }))),
    examples: Type.Optional(Type.Array(CodecExample, { maxItems: 100 })),
    version: Type.Optional(EditVersion),
  },
  { additionalProperties: false },
);
export type DeviceModelSaveBody = Static<typeof DeviceModelSaveBody>;

export const DeviceModel = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  vendor: Type.String(),
  deviceType: KindSchema,
  reportIntervalMinutes: Type.Integer(),
  codec: Nullable(Type.String()),
  examples: Type.Array(CodecExample),
  /** Registered devices of this model, retired ones not counted. */
  deviceCount: Type.Integer(),
  /** Uplinks whose decoding failed (an error, the time or the memory limit), and the last failure. */
  decodeFailures: Type.Integer(),
  lastDecodeError: Nullable(Type.String()),
  lastDecodeErrorAt: Nullable(Type.String()),
  version: Type.Integer(),
});
export type DeviceModel = Static<typeof DeviceModel>;
export const DeviceModelListResponse = Envelope(Type.Array(DeviceModel));

export const TestDecodeBody = Type.Object(
  { codec: Type.String({ maxLength: DeviceModelLimits.codecChars * 2 }), fPort: FPort, bytesBase64: PayloadBase64 },
  { additionalProperties: false },
);
export type TestDecodeBody = Static<typeof TestDecodeBody>;

/** The reading a codec made of the bytes (null when it failed), its errors and warnings. */
export const DecodeResult = Type.Object({
  data: Nullable(DecodedReading),
  errors: Type.Array(Type.String()),
  warnings: Type.Array(Type.String()),
});
export type DecodeResult = Static<typeof DecodeResult>;
export const TestDecodeResponse = Envelope(DecodeResult);

export const DeviceModelMessages = {
  nameTaken: '该厂商的型号名称已存在',
  notFound: '设备型号不存在',
  codecTooLong: `解码脚本不能超过${DeviceModelLimits.codecChars}个字符`,
  codecMissing: '解码脚本须定义 decodeUplink 函数',
  codecTimeout: `解码超时（超过${CODEC_LIMITS.retryTimeMs}毫秒）`,
  codecOutOfMemory: '解码超出内存限制',
  codecBadData: '解码结果不是有效读数',
  reportInterval: `上报间隔须为${DeviceModelLimits.reportIntervalMinutes.min}至${DeviceModelLimits.reportIntervalMinutes.max}分钟`,
  payloadTooLong: `载荷不能超过${DeviceModelLimits.payloadBytes}字节`,
  examplesTooMany: `示例不能超过${DeviceModelLimits.examples}个`,
  exampleMismatch: (label: string) => `示例「${label}」的解码结果与预期不符`,
  gatewayNoCodec: 'LoRa网关没有载荷，不需要解码脚本',
  nameRequired: '请输入型号名称',
  vendorRequired: '请输入厂商',
  staffOnly: '仅服务商员工可管理设备型号与接入',
} as const;
