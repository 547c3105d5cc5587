import { describe, expect, it } from 'vitest';
import { partRetryDelayMs } from './partRetry.ts';

describe('partRetryDelayMs', () => {
  it('asks again after 2 s, then doubles the wait with each failure in a row', () => {
    expect([1, 2, 3, 4].map((failures) => partRetryDelayMs(failures, 30_000))).toEqual([2_000, 4_000, 8_000, 16_000]);
  });

  it('never waits longer than the regular poll', () => {
    expect(partRetryDelayMs(5, 30_000)).toBe(30_000);
    expect(partRetryDelayMs(40, 30_000)).toBe(30_000);
  });
});
