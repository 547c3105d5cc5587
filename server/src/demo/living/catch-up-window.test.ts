import { describe, expect, it } from 'vitest';
import { CATCH_UP_MAX_DAYS, catchUpWindow } from './catch-up-window.ts';

const DAY_MS = 86_400_000;
const now = new Date('2026-11-24T12:00:00+08:00');
const daysBefore = (days: number) => new Date(now.getTime() - days * DAY_MS);

describe('catch-up window', () => {
  it('fills from where the data stops to now after a week off', () => {
    expect(catchUpWindow(daysBefore(7), now)).toEqual({ from: daysBefore(7), to: now, bounded: false });
  });

  it(`goes back at most ${CATCH_UP_MAX_DAYS} days, and says the older days stay empty`, () => {
    expect(catchUpWindow(daysBefore(90), now)).toEqual({ from: daysBefore(CATCH_UP_MAX_DAYS), to: now, bounded: true });
    expect(catchUpWindow(daysBefore(CATCH_UP_MAX_DAYS), now)).toEqual({ from: daysBefore(CATCH_UP_MAX_DAYS), to: now, bounded: false });
    expect(catchUpWindow(daysBefore(3), now, 2)).toEqual({ from: daysBefore(2), to: now, bounded: true });
  });

  it('fills nothing when the data is current, or ahead after a sped-up scheduler', () => {
    expect(catchUpWindow(now, now)).toBeNull();
    expect(catchUpWindow(daysBefore(-1), now)).toBeNull();
  });
});
