import { describe, expect, it } from 'vitest';
import { BATTERY_FILTER_OPTIONS, LOW_BATTERY_PERCENT, batteryLevel } from './battery.ts';

describe('batteryLevel', () => {
  it('is high above 50%', () => {
    expect(batteryLevel(100)).toBe('high');
    expect(batteryLevel(51)).toBe('high');
  });

  it('is medium from 31% to 50%', () => {
    expect(batteryLevel(50)).toBe('medium');
    expect(batteryLevel(31)).toBe('medium');
  });

  it('is low at 30% and below', () => {
    expect(batteryLevel(30)).toBe('low');
    expect(batteryLevel(LOW_BATTERY_PERCENT)).toBe('low');
    expect(batteryLevel(0)).toBe('low');
  });

  it('places fractional readings by the same bounds', () => {
    expect(batteryLevel(50.5)).toBe('high');
    expect(batteryLevel(30.5)).toBe('medium');
  });
});

describe('BATTERY_FILTER_OPTIONS', () => {
  it('goes from 10 to 100 in steps of 10', () => {
    expect(BATTERY_FILTER_OPTIONS).toEqual(Array.from({ length: 10 }, (_, i) => (i + 1) * 10));
  });
});
