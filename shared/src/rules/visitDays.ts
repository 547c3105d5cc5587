/**
 * 服务安排 (issue 40): the days of a month a service plan's visits are proposed on, before staff
 * move them. The month is cut into as many equal shares as the plan has visits a month and each
 * visit goes to the middle of its share, so visits are as far apart as they can be, also across
 * the turn of the month. A day staff avoid (Sunday unless told otherwise) moves to the nearest
 * day of the same share that is not avoided, the earlier one on a tie; a share with no such day
 * keeps its middle. A plan that starts or ends within the month gets the visits of the days it
 * covers (rounded, at least one), spread over those days alone.
 */

/** Day numbers 0 (Sunday) to 6 (Saturday), as Date.getUTCDay gives them. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface VisitDayOptions {
  /** The plan's period (YYYY-MM-DD, inclusive); the whole month when absent. */
  planStart?: string;
  planEnd?: string;
  /** Weekdays no visit is proposed on where the share has another day; Sunday by default. */
  avoid?: readonly Weekday[];
}

const DAY_MS = 86_400_000;

const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * The proposed days (YYYY-MM-DD, ascending) of `visitsPerMonth` visits in `month` (YYYY-MM).
 * Empty when the plan does not cover any day of the month or has no visits.
 */
export function proposeVisitDays(month: string, visitsPerMonth: number, options: VisitDayOptions = {}): string[] {
  const first = dayOf(`${month}-01`);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = Date.UTC(year, monthNumber, 0) / DAY_MS;
  const from = Math.max(first, options.planStart ? dayOf(options.planStart) : first);
  const to = Math.min(last, options.planEnd ? dayOf(options.planEnd) : last);
  if (!(visitsPerMonth > 0) || to < from) return [];
  const covered = to - from + 1;
  const monthDays = last - first + 1;
  const visits = Math.min(covered, covered === monthDays ? visitsPerMonth : Math.max(1, Math.round((visitsPerMonth * covered) / monthDays)));
  const avoid = new Set<number>(options.avoid ?? [0]);
  const days: string[] = [];
  for (let i = 0; i < visits; i++) {
    const shareStart = from + Math.floor((i * covered) / visits);
    const shareEnd = from + Math.floor(((i + 1) * covered) / visits) - 1;
    const middle = shareStart + Math.floor((shareEnd - shareStart) / 2);
    days.push(isoOf(nearestAllowed(middle, shareStart, shareEnd, avoid)));
  }
  return days;
}

function nearestAllowed(middle: number, start: number, end: number, avoid: ReadonlySet<number>): number {
  const allowed = (day: number) => day >= start && day <= end && !avoid.has(new Date(day * DAY_MS).getUTCDay());
  for (let distance = 0; distance <= end - start; distance++) {
    if (allowed(middle - distance)) return middle - distance;
    if (allowed(middle + distance)) return middle + distance;
  }
  return middle;
}
