import { describe, expect, it } from 'vitest';
import { inQuietHours } from './quietHours.ts';

/** An instant given as China wall time. */
const china = (time: string) => new Date(`2026-11-24T${time}:00+08:00`);

describe('quiet hours (Asia/Shanghai)', () => {
  it('runs across midnight when the start is after the end', () => {
    const night = { start: '22:00', end: '07:00' };
    expect(['22:00', '23:59', '00:00', '03:30', '06:59'].map((t) => inQuietHours(china(t), night))).toEqual([true, true, true, true, true]);
    expect(['07:00', '12:00', '21:59'].map((t) => inQuietHours(china(t), night))).toEqual([false, false, false]);
  });

  it('is a plain window within one day otherwise', () => {
    const lunch = { start: '12:00', end: '13:30' };
    expect(['11:59', '12:00', '13:29', '13:30'].map((t) => inQuietHours(china(t), lunch))).toEqual([false, true, true, false]);
  });

  it('reads China time whatever the instant\'s UTC day', () => {
    // 23:30 UTC on the 23rd is 07:30 on the 24th in China: after a 22:00–07:00 window.
    expect(inQuietHours(new Date('2026-11-23T23:30:00Z'), { start: '22:00', end: '07:00' })).toBe(false);
    expect(inQuietHours(new Date('2026-11-23T22:30:00Z'), { start: '22:00', end: '07:00' })).toBe(true);
  });

  it('has no quiet hours when both ends are equal', () => {
    expect(inQuietHours(china('08:00'), { start: '08:00', end: '08:00' })).toBe(false);
  });
});
