import { describe, expect, it } from 'vitest';
import { DeviceKind, type DeviceModel } from '@pest/shared';
import { deviceModelBody, deviceModelValuesOf, newDeviceModelValues, newExample, type DeviceModelValues } from './deviceModelForm.ts';

const filled = (patch: Partial<DeviceModelValues> = {}): DeviceModelValues => ({ ...newDeviceModelValues(), name: ' LB-1 ', vendor: 'Acme', ...patch });

const model: DeviceModel = {
  id: 7,
  name: 'LB-1',
  vendor: 'Acme',
  deviceType: DeviceKind.loraRodentBox,
  reportIntervalMinutes: 30,
  codec: 'function decodeUplink(input) { return { data: {} }; }',
  examples: [{ label: 'heartbeat', fPort: 2, bytesBase64: 'AVr/', expected: { battery: 90, event: 'heartbeat' } }],
  deviceCount: 3,
  decodeFailures: 0,
  lastDecodeError: null,
  lastDecodeErrorAt: null,
  version: 4,
};

describe('deviceModelBody', () => {
  it('sends a new model trimmed, an empty codec as none, examples in base64 with only the expected fields given', () => {
    const example = { ...newExample(), label: ' hb ', fPort: 3, payloadHex: '01 5a ff', battery: 80 };
    expect(deviceModelBody(filled({ codec: '  ', examples: [example] }))).toEqual({
      ok: true,
      body: {
        name: 'LB-1',
        vendor: 'Acme',
        deviceType: DeviceKind.loraRodentBox,
        reportIntervalMinutes: 60,
        codec: null,
        examples: [{ label: 'hb', fPort: 3, bytesBase64: 'AVr/', expected: { battery: 80 } }],
      },
    });
  });

  it('round-trips a saved model, with its id and the version it loaded', () => {
    const result = deviceModelBody(deviceModelValuesOf(model), model);
    expect(result).toEqual({
      ok: true,
      body: { id: 7, version: 4, name: 'LB-1', vendor: 'Acme', deviceType: 2, reportIntervalMinutes: 30, codec: model.codec, examples: model.examples },
    });
  });

  it('names the first problem', () => {
    expect(deviceModelBody(filled({ name: ' ' }))).toEqual({ ok: false, problem: { key: 'nameRequired' } });
    expect(deviceModelBody(filled({ vendor: '' }))).toEqual({ ok: false, problem: { key: 'vendorRequired' } });
    expect(deviceModelBody(filled({ reportIntervalMinutes: 0 }))).toEqual({ ok: false, problem: { key: 'intervalRange', min: 1, max: 1440 } });
    expect(deviceModelBody(filled({ reportIntervalMinutes: undefined }))).toMatchObject({ ok: false, problem: { key: 'intervalRange' } });
    expect(deviceModelBody(filled({ examples: [{ ...newExample(), payloadHex: '01' }] }))).toEqual({ ok: false, problem: { key: 'exampleLabelRequired' } });
    // An example's payload is hex only: base64 there would be read as other bytes without a word.
    expect(deviceModelBody(filled({ examples: [{ ...newExample(), label: 'a', payloadHex: 'AQ==' }] }))).toEqual({ ok: false, problem: { key: 'examplePayload', label: 'a' } });
  });
});
