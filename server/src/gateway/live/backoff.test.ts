import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.ts';

const limits = { baseMs: 1000, maxMs: 30_000 };

describe('backoffDelay', () => {
  it('polls at the base interval while healthy', () => {
    expect(backoffDelay(0, limits, () => 0.5)).toBe(1000);
  });
  it('grows exponentially with failures, up to the cap', () => {
    expect(backoffDelay(1, limits, () => 1)).toBe(2000);
    expect(backoffDelay(3, limits, () => 1)).toBe(8000);
    expect(backoffDelay(10, limits, () => 1)).toBe(30_000);
    expect(backoffDelay(1000, limits, () => 1)).toBe(30_000);
  });
  it('spreads retries with jitter but never below the base interval', () => {
    expect(backoffDelay(4, limits, () => 0.5)).toBe(8000);
    expect(backoffDelay(4, limits, () => 0)).toBe(1000);
  });
});
