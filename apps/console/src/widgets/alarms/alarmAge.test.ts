import { describe, expect, it } from 'vitest';
import { alarmAge, chinaWallTimeMs, duration } from './alarmAge.ts';

const at = (iso: string) => Date.parse(iso);

describe('chinaWallTimeMs', () => {
  it("reads the API's time as China's wall clock (UTC+8)", () => {
    expect(chinaWallTimeMs('2026-11-24 08:00:00')).toBe(at('2026-11-24T00:00:00Z'));
  });
});

describe('alarmAge', () => {
  const raised = '2026-11-24 10:00:00'; // 02:00 UTC

  it('says 刚刚 only under a minute', () => {
    expect(alarmAge(raised, at('2026-11-24T02:00:59Z'))).toEqual({ unit: 'justNow' });
    expect(alarmAge(raised, at('2026-11-24T02:01:00Z'))).toEqual({ unit: 'minutes', count: 1 });
  });

  it('counts whole minutes, hours and days, rounded down', () => {
    expect(alarmAge(raised, at('2026-11-24T02:59:59Z'))).toEqual({ unit: 'minutes', count: 59 });
    expect(alarmAge(raised, at('2026-11-24T04:59:00Z'))).toEqual({ unit: 'hours', count: 2 });
    expect(alarmAge(raised, at('2026-11-27T01:00:00Z'))).toEqual({ unit: 'days', count: 2 });
  });

  it('takes a time a little in the future as now', () => {
    expect(alarmAge(raised, at('2026-11-24T01:59:00Z'))).toEqual({ unit: 'justNow' });
  });
});

describe('duration', () => {
  it('reads minutes under an hour, then hours and days to one decimal', () => {
    expect(duration(59)).toEqual({ unit: 'lessThanMinute' });
    expect(duration(60)).toEqual({ unit: 'minutes', count: 1 });
    expect(duration(59 * 60 + 59)).toEqual({ unit: 'minutes', count: 59 });
    expect(duration(90 * 60)).toEqual({ unit: 'hours', count: 1.5 });
    expect(duration(47 * 3600)).toEqual({ unit: 'hours', count: 47 });
    expect(duration(3 * 86_400 + 6 * 3600)).toEqual({ unit: 'days', count: 3.3 });
  });
});
