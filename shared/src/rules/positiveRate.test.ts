import { describe, expect, it } from 'vitest';
import { positiveRate, positiveRatePercent } from './positiveRate.ts';

describe('positiveRate', () => {
  it('is positive over checked in percent with one decimal', () => {
    expect(positiveRate(1, 8)).toBe('12.5%');
    expect(positiveRate(1, 3)).toBe('33.3%');
    expect(positiveRate(2, 3)).toBe('66.7%');
    expect(positiveRate(0, 5)).toBe('0.0%');
    expect(positiveRate(7, 7)).toBe('100.0%');
  });

  it('rounds half a tenth up', () => {
    expect(positiveRate(1, 2000)).toBe('0.1%');
    expect(positiveRate(201, 2000)).toBe('10.1%');
  });

  it("has no rate when nothing was checked", () => {
    expect(positiveRate(0, 0)).toBe('-');
  });
});

describe('positiveRatePercent', () => {
  it('is the same rate as a number, for charts', () => {
    expect(positiveRatePercent(1, 8)).toBe(12.5);
    expect(positiveRatePercent(1, 3)).toBe(33.3);
    expect(positiveRatePercent(201, 2000)).toBe(10.1);
    expect(positiveRatePercent(0, 4)).toBe(0);
    expect(positiveRatePercent(0, 0)).toBeNull();
  });
});
