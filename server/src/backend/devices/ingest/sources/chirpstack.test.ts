import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHIRPSTACK_IGNORED_EVENTS, parseChirpStackEvent } from './chirpstack.ts';
import { isIgnored } from './fields.ts';

/** The JSON examples of ChirpStack v4's docs ("Event types"), as recorded there. */
const sample = (name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(`./samples/${name}`, import.meta.url), 'utf8'));
const arrived = new Date('2024-05-01T08:00:00Z');

describe('ChirpStack v4 events', () => {
  it('reads the docs’ up event', () => {
    expect(parseChirpStackEvent('up', sample('chirpstack-up.json'), arrived)).toEqual({
      ok: true,
      uplinks: [
        {
          source: 'chirpstack',
          kind: 'up',
          devEui: '0101010101010101',
          fPort: 1,
          fCnt: 0, // left out of the JSON at its zero value
          payload: Buffer.from([0xaa]),
          rssi: -36,
          snr: 10.5,
          gateway: '0016c001f153a14c',
          at: new Date('2022-07-18T09:34:15.775Z'),
          dedupKey: 'chirpstack:up:3ac7e3c4-4401-4b8d-9386-a5c902f9202d',
        },
      ],
    });
  });

  it('keeps the codec’s object, the best gateway, and an uplink without data', () => {
    const up = {
      ...sample('chirpstack-up.json'),
      data: undefined,
      fCnt: 42,
      object: { battery: 80, temperature: 21.5 },
      rxInfo: [
        { gatewayId: 'aa00000000000001', rssi: -110, snr: -7 },
        { gatewayId: 'aa00000000000002', rssi: -80, snr: 6.25 },
        { gatewayId: 'aa00000000000003', snr: 9 },
      ],
    };
    const parsed = parseChirpStackEvent('up', up, arrived);
    expect(parsed.ok && parsed.uplinks[0]).toMatchObject({ fCnt: 42, decoded: { battery: 80, temperature: 21.5 }, rssi: -80, snr: 6.25, gateway: 'aa00000000000002' });
    expect(parsed.ok && parsed.uplinks[0]?.payload).toBeUndefined();
  });

  it('reads the docs’ status event as the network’s battery, rounded', () => {
    expect(parseChirpStackEvent('status', sample('chirpstack-status.json'), arrived)).toEqual({
      ok: true,
      uplinks: [
        {
          source: 'chirpstack',
          kind: 'status',
          devEui: '0101010101010101',
          networkBattery: 88,
          at: new Date('2022-07-18T09:35:06.927Z'),
          dedupKey: 'chirpstack:status:bf2a9746-1c8b-49be-a92e-f0b89c8534e4',
        },
      ],
    });
  });

  it('reports no battery when it is unavailable or the device runs on external power', () => {
    for (const flags of [{ batteryLevelUnavailable: true }, { externalPowerSource: true }]) {
      const parsed = parseChirpStackEvent('status', { ...sample('chirpstack-status.json'), ...flags }, arrived);
      expect(parsed.ok && parsed.uplinks[0]?.kind).toBe('status');
      expect(parsed.ok && 'networkBattery' in parsed.uplinks[0]!).toBe(false);
    }
  });

  it('ignores the events that are not uplinks, and refuses unknown ones', () => {
    for (const event of CHIRPSTACK_IGNORED_EVENTS) {
      const parsed = parseChirpStackEvent(event, sample('chirpstack-up.json'));
      expect(parsed.ok).toBe(false);
      expect(isIgnored(parsed)).toBe(true);
      expect(!parsed.ok && parsed.reason).toContain(event);
    }
    const unknown = parseChirpStackEvent('upp', sample('chirpstack-up.json'));
    expect(unknown.ok).toBe(false);
    expect(isIgnored(unknown)).toBe(false);
  });

  it('normalises the DevEUI to lower case and refuses anything that is not 16 hex digits', () => {
    const withEui = (devEui: unknown) => ({ ...sample('chirpstack-up.json'), deviceInfo: { devEui } });
    const upper = parseChirpStackEvent('up', withEui('0A0B0C0D0E0F1011'));
    expect(upper.ok && upper.uplinks[0]?.devEui).toBe('0a0b0c0d0e0f1011');
    for (const devEui of ['0a0b0c0d0e0f101', '0a-0b-0c-0d-0e-0f-10-11', 'AgICAgICAgI=', '0a0b0c0d0e0f101g', 123, undefined]) {
      expect(parseChirpStackEvent('up', withEui(devEui)).ok).toBe(false);
    }
  });

  it('refuses malformed bodies with a reason, and never throws', () => {
    const up = sample('chirpstack-up.json');
    const bad: unknown[] = [
      null,
      'up',
      [],
      { ...up, deviceInfo: undefined },
      { ...up, data: 'qg=' },
      { ...up, data: 'q@g=' },
      { ...up, data: 'qh==' }, // non-zero padding bits: Buffer would read it as 0xaa
      { ...up, data: Buffer.alloc(1025).toString('base64') },
      { ...up, fPort: 256 },
      { ...up, fPort: '1' },
      { ...up, fCnt: -1 },
      { ...up, fCnt: 2 ** 40 },
      { ...up, object: [1, 2] },
      { ...up, object: { big: 'x'.repeat(20_000) } },
      { ...up, deduplicationId: 'x'.repeat(65) },
      { ...up, rxInfo: [{ gatewayId: 'g', rssi: 1e9 }] },
      { ...up, rxInfo: 'gateway' },
      { ...up, rxInfo: Array.from({ length: 101 }, () => ({ rssi: -50 })) },
      new Proxy({}, { get: () => { throw new Error('boom'); } }),
    ];
    for (const [index, body] of bad.entries()) {
      const parsed = parseChirpStackEvent('up', body);
      expect(parsed.ok, `case ${index}`).toBe(false);
      expect(!parsed.ok && parsed.reason.length).toBeGreaterThan(0);
    }
    expect(parseChirpStackEvent('status', { ...sample('chirpstack-status.json'), batteryLevel: 150 }).ok).toBe(false);
    expect(parseChirpStackEvent('status', { ...sample('chirpstack-status.json'), externalPowerSource: 'no' }).ok).toBe(false);
  });

  it('takes the arrival time when the event’s time is missing or unreadable', () => {
    for (const time of [undefined, 'yesterday', '1', 1658136855, '2022-07-18 09:34:15', '2999-01-01T00:00:00Z']) {
      const parsed = parseChirpStackEvent('up', { ...sample('chirpstack-up.json'), time }, arrived);
      expect(parsed.ok && parsed.uplinks[0]?.at).toEqual(arrived);
    }
  });
});
