import { describe, expect, it } from 'vitest';
import { retryDelay } from './retryDelay.ts';

const options = { baseMs: 1_000, capMs: 30_000 };

describe('retryDelay', () => {
  it('doubles from the base up to the cap', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((attempt) => retryDelay(attempt, options, middle))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('spreads each delay by the jitter on both sides', () => {
    expect(retryDelay(2, options, () => 0)).toBe(2_000);
    expect(retryDelay(2, options, () => 0.999999)).toBe(6_000);
    expect(retryDelay(2, { ...options, jitter: 0 }, () => 0.9)).toBe(4_000);
  });
});
