import { describe, expect, it } from 'vitest';
import { STATUS_TAG_COLOR, batteryLook } from './deviceLook.ts';

describe('batteryLook', () => {
  it('follows the spec’s levels at their edges', () => {
    expect([100, 51, 50, 31, 30, 0].map((percent) => batteryLook(percent).level)).toEqual(['high', 'high', 'medium', 'medium', 'low', 'low']);
  });

  it('gives each level its own colour and fills by the percent, kept within 0–100', () => {
    expect(new Set([80, 40, 10].map((percent) => batteryLook(percent).color)).size).toBe(3);
    expect(batteryLook(42).fill).toBe(42);
    expect(batteryLook(130).fill).toBe(100);
  });
});

describe('STATUS_TAG_COLOR', () => {
  it('tells offline, online and fault apart', () => {
    expect(new Set(Object.values(STATUS_TAG_COLOR)).size).toBe(3);
  });
});
