import type { Visit } from '@pest/shared';

/** A day of the month view: its date, and whether it is the month's or an edge week's. */
export interface CalendarDay {
  date: string;
  inMonth: boolean;
}

const DAY_MS = 86_400_000;
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The month (yyyy-MM) as the weeks that show it, Monday first, as a Chinese calendar does. */
export function monthGrid(month: string): CalendarDay[][] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const first = Date.UTC(year, monthNumber - 1, 1) / DAY_MS;
  const last = Date.UTC(year, monthNumber, 0) / DAY_MS;
  // getUTCDay: 0 is Sunday; Monday starts the week.
  const start = first - ((new Date(first * DAY_MS).getUTCDay() + 6) % 7);
  const weeks: CalendarDay[][] = [];
  for (let day = start; day <= last; day += 7) {
    weeks.push(Array.from({ length: 7 }, (_, i) => ({ date: isoOf(day + i), inMonth: day + i >= first && day + i <= last })));
  }
  return weeks;
}

/** The Monday of the week `day` (yyyy-MM-dd) is in. */
export function weekStart(day: string): string {
  const at = Date.parse(`${day}T00:00:00Z`) / DAY_MS;
  return isoOf(at - ((new Date(at * DAY_MS).getUTCDay() + 6) % 7));
}

/** The week from its Monday, `offset` weeks on (negative: back), as the one row of the week view. */
export function weekGrid(monday: string, offset = 0): CalendarDay[][] {
  const first = Date.parse(`${monday}T00:00:00Z`) / DAY_MS + offset * 7;
  return [Array.from({ length: 7 }, (_, i) => ({ date: isoOf(first + i), inMonth: true }))];
}

/** The days the month view shows, first to last: what it asks the visits of. */
export function gridRange(weeks: CalendarDay[][]): { startDate: string; endDate: string } {
  return { startDate: weeks[0]![0]!.date, endDate: weeks.at(-1)!.at(-1)!.date };
}

/** The visits by their planned day, each day's by time. */
export function visitsByDay(visits: readonly Visit[]): Map<string, Visit[]> {
  const days = new Map<string, Visit[]>();
  for (const visit of [...visits].sort((a, b) => a.timeWindow.localeCompare(b.timeWindow) || a.id - b.id)) {
    days.set(visit.plannedDate, [...(days.get(visit.plannedDate) ?? []), visit]);
  }
  return days;
}
