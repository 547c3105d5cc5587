import { describe, expect, it } from 'vitest';
import { restartDelayMs } from './restart-delay.ts';

describe('supervisor restart delay', () => {
  it('starts at half a second, doubles per crash in a row and stops at 30 s', () => {
    expect([1, 2, 3, 4].map(restartDelayMs)).toEqual([500, 1000, 2000, 4000]);
    expect(restartDelayMs(20)).toBe(30_000);
  });
});
