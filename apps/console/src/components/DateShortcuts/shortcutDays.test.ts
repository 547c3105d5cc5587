import { describe, expect, it } from 'vitest';
import { shortcutDays } from './shortcutDays.ts';

// 2026-11-28 10:00 in China.
const NOW = Date.parse('2026-11-28T02:00:00Z');

describe('shortcutDays', () => {
  it('keeps the shortcut’s days for a view by day or a table', () => {
    expect(shortcutDays('lastThreeMonths', NOW, false)).toEqual(['2026-08-30', '2026-11-28']);
  });

  it('starts a monthly view on the first of the month the shortcut reaches into', () => {
    expect(shortcutDays('lastThreeMonths', NOW, true)).toEqual(['2026-08-01', '2026-11-28']);
    expect(shortcutDays('lastMonth', NOW, true)).toEqual(['2026-10-01', '2026-11-28']);
    expect(shortcutDays('lastWeek', NOW, true)).toEqual(['2026-11-01', '2026-11-28']);
  });

  it('crosses a year', () => {
    expect(shortcutDays('lastThreeMonths', Date.parse('2026-01-15T02:00:00Z'), true)).toEqual(['2025-10-01', '2026-01-15']);
  });
});
