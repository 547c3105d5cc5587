import { DeviceKind, DeviceModelLimits, type CodecExample, type DecodedReading, type DeviceModel, type DeviceModelSaveBody, type DeviceReportEvent } from '@pest/shared';
import { editedIdentity } from '../../api/editedRecord.ts';
import { base64ToHex, parsePayload } from '../../widgets/deviceUplinks/payloadBytes.ts';

/** One example payload as the dialog holds it: the bytes in hex (what people read), the expected reading's fields. */
export interface ExampleValues {
  /** Keeps a row's inputs on that row when one above it is removed. */
  key: number;
  label: string;
  fPort: number;
  payloadHex: string;
  battery?: number;
  temperature?: number;
  event?: DeviceReportEvent;
}

export interface DeviceModelValues {
  name: string;
  vendor: string;
  deviceType: DeviceKind;
  reportIntervalMinutes?: number;
  codec: string;
  examples: ExampleValues[];
}

/** LoRaWAN application ports run 1–223; most boxes report on 1. */
const DEFAULT_FPORT = 1;
/** A box that reports hourly: the usual heartbeat of the LoRa boxes sold today. */
const DEFAULT_INTERVAL_MINUTES = 60;

let nextKey = 0;
export const newExample = (): ExampleValues => ({ key: ++nextKey, label: '', fPort: DEFAULT_FPORT, payloadHex: '' });

export const newDeviceModelValues = (): DeviceModelValues => ({
  name: '',
  vendor: '',
  deviceType: DeviceKind.loraRodentBox,
  reportIntervalMinutes: DEFAULT_INTERVAL_MINUTES,
  codec: '',
  examples: [],
});

export function deviceModelValuesOf(model: DeviceModel): DeviceModelValues {
  return {
    name: model.name,
    vendor: model.vendor,
    deviceType: model.deviceType,
    reportIntervalMinutes: model.reportIntervalMinutes,
    codec: model.codec ?? '',
    examples: model.examples.map((example) => ({
      key: ++nextKey,
      label: example.label,
      fPort: example.fPort,
      payloadHex: base64ToHex(example.bytesBase64),
      ...example.expected,
    })),
  };
}

/** What the dialog checks before asking the server (which checks it all again, and the codec). */
export type DeviceModelProblem =
  | { key: 'nameRequired' | 'vendorRequired' | 'exampleLabelRequired' }
  | { key: 'intervalRange'; min: number; max: number }
  | { key: 'examplePayload'; label: string };

function expectedOf(example: ExampleValues): DecodedReading {
  return {
    ...(example.battery !== undefined ? { battery: example.battery } : {}),
    ...(example.temperature !== undefined ? { temperature: example.temperature } : {}),
    ...(example.event !== undefined ? { event: example.event } : {}),
  };
}

/**
 * The save body of the form, or its first problem. An empty codec is sent as null: a model whose
 * network server decodes, or a gateway. An edit carries the version it loaded, so a change made
 * meanwhile by someone else is refused (409) rather than overwritten.
 */
export function deviceModelBody(values: DeviceModelValues, editing?: DeviceModel): { ok: true; body: DeviceModelSaveBody } | { ok: false; problem: DeviceModelProblem } {
  const { min, max } = DeviceModelLimits.reportIntervalMinutes;
  if (values.name.trim() === '') return { ok: false, problem: { key: 'nameRequired' } };
  if (values.vendor.trim() === '') return { ok: false, problem: { key: 'vendorRequired' } };
  const interval = values.reportIntervalMinutes;
  if (interval === undefined || !Number.isInteger(interval) || interval < min || interval > max) return { ok: false, problem: { key: 'intervalRange', min, max } };
  const examples: CodecExample[] = [];
  for (const example of values.examples) {
    const label = example.label.trim();
    if (label === '') return { ok: false, problem: { key: 'exampleLabelRequired' } };
    const payload = parsePayload(example.payloadHex, DeviceModelLimits.payloadBytes);
    if (!payload.ok || payload.format !== 'hex') return { ok: false, problem: { key: 'examplePayload', label } };
    examples.push({ label, fPort: example.fPort, bytesBase64: payload.base64, expected: expectedOf(example) });
  }
  const codec = values.codec.trim() === '' ? null : values.codec;
  return {
    ok: true,
    body: { ...editedIdentity(editing), name: values.name.trim(), vendor: values.vendor.trim(), deviceType: values.deviceType, reportIntervalMinutes: interval, codec, examples },
  };
}
