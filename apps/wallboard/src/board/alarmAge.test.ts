import { describe, expect, it } from 'vitest';
import { testTranslator } from '../i18n/testTranslator.ts';
import { alarmAgeText, beijingTimeToEpoch, elapsedSince } from './alarmAge.ts';

describe('elapsedSince', () => {
  it('reads createTime as Beijing time', () => {
    expect(new Date(beijingTimeToEpoch('2026-11-22 08:00:00')).toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });

  it('rounds elapsed time down to the coarse unit', () => {
    const t = Date.parse('2026-11-22T00:00:00Z');
    expect(elapsedSince(t, t + 59_000)).toEqual({ unit: 'justNow' });
    expect(elapsedSince(t, t - 5_000)).toEqual({ unit: 'justNow' });
    expect(elapsedSince(t, t + 125_000)).toEqual({ unit: 'minutes', count: 2 });
    expect(elapsedSince(t, t + 3 * 3_600_000 + 1)).toEqual({ unit: 'hours', count: 3 });
    expect(elapsedSince(t, t + 2 * 86_400_000)).toEqual({ unit: 'days', count: 2 });
  });
});

describe('alarmAgeText', () => {
  // 2026-11-22 10:00:00 in Beijing.
  const raised = '2026-11-22 10:00:00';
  const at = (beijing: string) => Date.parse(`${beijing.replace(' ', 'T')}+08:00`);

  it('says 刚刚 only under a minute, then minutes, hours and days, from the board’s own clock', async () => {
    const t = await testTranslator('zh');
    expect(alarmAgeText(t, raised, at('2026-11-22 10:00:59'))).toBe('刚刚');
    expect(alarmAgeText(t, raised, at('2026-11-22 10:01:00'))).toBe('1分钟前');
    expect(alarmAgeText(t, raised, at('2026-11-22 10:59:59'))).toBe('59分钟前');
    expect(alarmAgeText(t, raised, at('2026-11-22 12:30:00'))).toBe('2小时前');
    expect(alarmAgeText(t, raised, at('2026-11-25 09:00:00'))).toBe('2天前');
  });

  it('ages as the clock moves, for the same record', async () => {
    const t = await testTranslator('zh');
    const texts = [0, 60_000, 3_600_000].map((later) => alarmAgeText(t, raised, at(raised) + later));
    expect(texts).toEqual(['刚刚', '1分钟前', '1小时前']);
  });

  it('speaks English when the board does, and never shows an unreadable time as fresh', async () => {
    const t = await testTranslator('en');
    expect(alarmAgeText(t, raised, at('2026-11-22 10:05:00'))).toBe('5 min ago');
    expect(alarmAgeText(t, 'not a time', at('2026-11-22 10:05:00'))).toBe('not a time');
  });
});
