import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.ts';

const options = { baseMs: 1_000, capMs: 30_000 };

describe('backoffDelay', () => {
  it('doubles the ceiling with each failure', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, options, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it('never waits longer than the cap, however many failures', () => {
    expect(backoffDelay(50, options, () => 1)).toBe(30_000);
    expect(backoffDelay(5_000, options, () => 1)).toBe(30_000);
  });

  it('spreads retries between half and all of the ceiling', () => {
    expect(backoffDelay(3, options, () => 0)).toBe(2_000);
    expect(backoffDelay(3, options, () => 0.5)).toBe(3_000);
  });
});
