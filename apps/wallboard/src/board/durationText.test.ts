import { describe, expect, it } from 'vitest';
import { testTranslator } from '../i18n/testTranslator.ts';
import { durationText, NO_DURATION } from './durationText.ts';

describe('durationText', () => {
  it('shows the two largest units in Chinese, leaving out a zero second unit', async () => {
    const t = await testTranslator('zh');
    expect(durationText(t, 252)).toBe('4分12秒');
    expect(durationText(t, 42)).toBe('42秒');
    expect(durationText(t, 0)).toBe('0秒');
    expect(durationText(t, 300)).toBe('5分');
    expect(durationText(t, 3_900)).toBe('1小时5分');
    expect(durationText(t, 3_659)).toBe('1小时');
    expect(durationText(t, 2 * 86_400 + 3 * 3_600 + 59)).toBe('2天3小时');
  });

  it('rounds to whole seconds (the statistics answer a median that may be a half)', async () => {
    const t = await testTranslator('zh');
    expect(durationText(t, 251.5)).toBe('4分12秒');
    expect(durationText(t, 59.6)).toBe('1分');
  });

  it('shows a dash when nothing was measured', async () => {
    const t = await testTranslator('zh');
    expect(durationText(t, null)).toBe(NO_DURATION);
    expect(durationText(t, undefined)).toBe(NO_DURATION);
    expect(durationText(t, Number.NaN)).toBe(NO_DURATION);
  });

  it('speaks English when the board does', async () => {
    const t = await testTranslator('en');
    expect(durationText(t, 252)).toBe('4 min 12 s');
    expect(durationText(t, 3_900)).toBe('1 h 5 min');
  });
});
