import type { FieldVisitSummary } from '@pest/shared';

export interface VisitDay {
  date: string;
  visits: FieldVisitSummary[];
}

/**
 * The visits by day, in the server's order within a day. A visit in progress from an earlier day
 * shows under today: it is today's work.
 */
export function visitDays(visits: readonly FieldVisitSummary[], today: string): VisitDay[] {
  const days = new Map<string, FieldVisitSummary[]>([[today, []]]);
  for (const visit of visits) {
    const date = visit.plannedDate < today ? today : visit.plannedDate;
    days.set(date, [...(days.get(date) ?? []), visit]);
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, list]) => ({ date, visits: list }));
}

/** The map app's search for a store's address (高德 on the phone, its web page elsewhere). */
export const mapLink = (address: string): string => `https://uri.amap.com/search?keyword=${encodeURIComponent(address)}`;
