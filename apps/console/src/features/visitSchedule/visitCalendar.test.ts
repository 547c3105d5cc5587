import { describe, expect, it } from 'vitest';
import type { Visit } from '@pest/shared';
import { gridRange, monthGrid, visitsByDay, weekGrid, weekStart } from './visitCalendar.ts';

describe('monthGrid', () => {
  it('shows a month in Monday-first weeks, with the edge weeks’ days marked', () => {
    // December 2026 starts on a Tuesday and ends on a Thursday.
    const weeks = monthGrid('2026-12');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]!.map((day) => day.date)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    expect(weeks[0]![0]!.inMonth).toBe(false);
    expect(weeks.flat().filter((day) => day.inMonth)).toHaveLength(31);
    expect(gridRange(weeks)).toEqual({ startDate: '2026-11-30', endDate: '2027-01-03' });
  });

  it('needs six weeks for a month that starts on a Sunday and is long', () => {
    // March 2026 starts on a Sunday.
    expect(monthGrid('2026-03')).toHaveLength(6);
    expect(monthGrid('2026-03')[0]![6]!.date).toBe('2026-03-01');
  });
});

describe('weekGrid', () => {
  it('shows the week a day is in, Monday to Sunday, across a month and a year', () => {
    expect(weekStart('2026-12-02')).toBe('2026-11-30');
    expect(weekStart('2026-11-30')).toBe('2026-11-30');
    expect(weekStart('2026-12-06')).toBe('2026-11-30');
    const week = weekGrid('2026-12-28')[0]!;
    expect(week.map((day) => day.date)).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
    expect(gridRange(weekGrid('2026-11-30', -1))).toEqual({ startDate: '2026-11-23', endDate: '2026-11-29' });
  });
});

describe('visitsByDay', () => {
  const visit = (id: number, plannedDate: string, timeWindow: string) => ({ id, plannedDate, timeWindow }) as Visit;

  it('groups the visits by day, each day’s by time', () => {
    const days = visitsByDay([visit(1, '2026-12-03', '14:00–15:00'), visit(2, '2026-12-03', '09:00–11:00'), visit(3, '2026-12-04', '09:00–11:00')]);
    expect(days.get('2026-12-03')!.map((row) => row.id)).toEqual([2, 1]);
    expect(days.get('2026-12-04')!.map((row) => row.id)).toEqual([3]);
  });
});
