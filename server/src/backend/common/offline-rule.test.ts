import { describe, expect, it } from 'vitest';
import { isSilentTooLong, offlineWindowMs } from './offline-rule.ts';

const MINUTE = 60_000;
const rule = { heartbeatIntervalMs: 10 * MINUTE, missedHeartbeats: 3 };

describe('offline rule', () => {
  it('declares a device offline only once it has been silent for more than the missed heartbeats', () => {
    expect(offlineWindowMs(rule)).toBe(30 * MINUTE);
    const last = Date.parse('2026-11-23T08:00:00Z');
    expect(isSilentTooLong(last, last, rule)).toBe(false);
    expect(isSilentTooLong(last, last + 10 * MINUTE + 1, rule)).toBe(false);
    expect(isSilentTooLong(last, last + 30 * MINUTE, rule)).toBe(false);
    expect(isSilentTooLong(last, last + 30 * MINUTE + 1, rule)).toBe(true);
  });

  it('scales with the interval and the number of heartbeats missed', () => {
    const last = 0;
    expect(isSilentTooLong(last, 25 * MINUTE, { heartbeatIntervalMs: 5 * MINUTE, missedHeartbeats: 4 })).toBe(true);
    expect(isSilentTooLong(last, 25 * MINUTE, { heartbeatIntervalMs: 5 * MINUTE, missedHeartbeats: 5 })).toBe(false);
    expect(isSilentTooLong(last, 7 * 3_600_000, { heartbeatIntervalMs: 6 * 3_600_000, missedHeartbeats: 1 })).toBe(true);
  });

});
