import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isIgnored } from './fields.ts';
import { parseTtnUplink } from './ttn.ts';

/** The uplink message example of The Things Stack's docs ("Data Formats"), as recorded there. */
const sample = (): Record<string, unknown> => JSON.parse(readFileSync(new URL('./samples/ttn-uplink.json', import.meta.url), 'utf8'));
const arrived = new Date('2024-05-01T08:00:00Z');
const withUplink = (fields: Record<string, unknown>) => {
  const body = sample();
  return { ...body, uplink_message: { ...(body.uplink_message as object), ...fields } };
};

describe('The Things Stack v3 uplinks', () => {
  it('reads the docs’ uplink message, the DevEUI in lower case', () => {
    expect(parseTtnUplink(sample(), arrived)).toEqual({
      ok: true,
      uplinks: [
        {
          source: 'ttn',
          kind: 'up',
          devEui: '0004a30b001c0530',
          fCnt: 1,
          payload: Buffer.from([0x82, 0x41, 0xde]),
          decoded: { temperature: 1, luminosity: 0.64 },
          rssi: -35,
          snr: 5,
          gateway: 'gtw1',
          at: new Date('2020-02-12T15:15:45.789Z'),
          dedupKey: 'ttn:as:up:01E0WZGT6Y7657CPFPE5WEYDSQ',
        },
      ],
    });
  });

  it('keys an uplink without an as:up correlation id by time, device and frame counter', () => {
    const parsed = parseTtnUplink({ ...sample(), correlation_ids: ['gs:conn:01E0WDEC6T5T4XXBAX7S1VMFKE'] });
    expect(parsed.ok && parsed.uplinks[0]?.dedupKey).toBe('ttn:2020-02-12T15:15:46.014773143Z:0004a30b001c0530:1');
  });

  it('takes the gateway with the best RSSI, and an absent f_cnt as 0', () => {
    const parsed = parseTtnUplink(
      withUplink({
        f_cnt: undefined,
        f_port: 2,
        rx_metadata: [
          { gateway_ids: { gateway_id: 'far' }, rssi: -118, snr: -12.5 },
          { gateway_ids: { gateway_id: 'near' }, channel_rssi: -64, snr: 8 },
        ],
      }),
    );
    expect(parsed.ok && parsed.uplinks[0]).toMatchObject({ fCnt: 0, fPort: 2, rssi: -64, snr: 8, gateway: 'near' });
  });

  it('ignores the application’s other messages', () => {
    const join = { end_device_ids: sample().end_device_ids, join_accept: { session_key_id: 'AXBSH1Pk6Z0G166RlH16CQ==' } };
    const parsed = parseTtnUplink(join);
    expect(isIgnored(parsed)).toBe(true);
    expect(!parsed.ok && parsed.reason).toContain('join_accept');
    expect(isIgnored(parseTtnUplink({ end_device_ids: sample().end_device_ids }))).toBe(false);
  });

  it('refuses DevEUIs that are not 16 hex digits, and devices without one', () => {
    for (const dev_eui of ['0004A30B001C053', '00-04-A3-0B-00-1C-05-30', '0004A30B001C053Z', undefined]) {
      const body = { ...sample(), end_device_ids: { device_id: 'dev1', dev_eui } };
      expect(parseTtnUplink(body).ok).toBe(false);
    }
  });

  it('refuses malformed messages with a reason, and never throws', () => {
    const bad: unknown[] = [
      undefined,
      42,
      { ...sample(), uplink_message: 'up' },
      withUplink({ frm_payload: 'gkH' }),
      withUplink({ frm_payload: 'gk*e' }),
      withUplink({ frm_payload: Buffer.alloc(2000).toString('base64') }),
      withUplink({ decoded_payload: 'hot' }),
      withUplink({ f_port: 300 }),
      withUplink({ f_cnt: 1.5 }),
      withUplink({ rx_metadata: [{ gateway_ids: { gateway_id: 'g'.repeat(65) }, rssi: -50 }] }),
      withUplink({ rx_metadata: [{ rssi: Number.MAX_VALUE }] }),
      { ...sample(), correlation_ids: 'as:up:1' },
      new Proxy([], { get: () => { throw new Error('boom'); } }),
    ];
    for (const [index, body] of bad.entries()) {
      const parsed = parseTtnUplink(body);
      expect(parsed.ok, `case ${index}`).toBe(false);
      expect(!parsed.ok && parsed.reason.length).toBeGreaterThan(0);
    }
  });

  it('takes the arrival time when received_at is missing or unreadable', () => {
    const parsed = parseTtnUplink({ ...withUplink({ received_at: 'soon' }), received_at: undefined }, arrived);
    expect(parsed.ok && parsed.uplinks[0]?.at).toEqual(arrived);
  });
});
